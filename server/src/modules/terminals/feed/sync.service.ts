import { createHash } from 'node:crypto';
import {
  type AppChannel,
  type FlaggedOperation,
  type FlagReason,
  findUnsafeText,
  INT4_MAX,
  issueToFieldError,
  type Language,
  type RefusedOperation,
  SyncOperation,
  type SyncResult,
  scrubUnsafeText,
} from '@pulsera/contracts';
import type { SQL } from 'drizzle-orm';
import { type Db, type Executor, foldedTransaction } from '../../../core/db/client';
import { fail } from '../../../core/lib/errors';
import { translate } from '../../../core/lib/i18n';
import { type ContactReport, contactWrites } from '../registry/contact-record';
import { checkStock, namedSerials } from '../wristband-stock/stock-check';
import { unknownToStock } from '../wristband-stock/wristband-stock.service';
import type { DeviceCaller } from './device-auth';
import * as repo from './sync.repo';
import { type BanOutcome, banOutcome, checkAddon, checkOperation, checkVenue, saleTotal } from './sync.rules';

/**
 * POST /device/sync: a batch of operations from one terminal, recorded exactly once.
 *
 * The rule for a batch with bad operations: each operation is checked on its own before anything
 * is written; the valid ones are recorded together in ONE transaction and the invalid ones are
 * refused with their reason (and kept in refused_operations). A server failure rolls the whole
 * transaction back, so the terminal re-sends the same batch and nothing is recorded twice.
 *
 * Exactly once: every operation claims its (event, operation id) row in processed_operations inside
 * that transaction; a row already there means the operation was recorded before (a re-sent batch, or
 * the same operation in two batches, even concurrent ones) and it is answered as a duplicate. Money
 * operations lock their wristbands (SELECT … FOR UPDATE, in id order) and write the new balances
 * and the ledger entries in the same transaction, so balances always equal the sum of the ledger.
 */

type Op = SyncOperation;
type OpOf<K extends Op['kind']> = Extract<Op, { kind: K }>;
interface Candidate {
  op: Op;
  index: number;
  hash: string;
  raw: unknown;
}
interface Refusal {
  refused: RefusedOperation;
  raw: unknown;
}

/** Largest balance a wristband may reach (cents), well inside a 32-bit integer. */
export const BALANCE_LIMIT = 1_000_000_000;

const hashOf = (op: Op) => createHash('sha1').update(JSON.stringify(op)).digest('base64url');

function refusal(
  lang: Language,
  id: string | null,
  index: number,
  reason: string,
  message: string,
  raw: unknown,
  fields?: { path: string; message: string }[],
): Refusal {
  const texts = fields?.map((f) => ({ ...f, text: translate(lang, f.message) }));
  const description = texts?.length
    ? `${translate(lang, 'errors.validation')}: ${texts.map((f) => `${f.path || 'operation'}: ${f.text}`).join('; ')}`
    : translate(lang, message);
  return { refused: { id, index, reason, description, ...(texts ? { fields: texts } : {}) }, raw };
}

/** The add-on ids a batch names (read from the raw operations, before each is checked). */
function namedAddons(rawOps: unknown[]) {
  const ids = new Set<number>();
  for (const raw of rawOps) {
    const id = (raw as { addonId?: unknown } | null)?.addonId;
    if (typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= INT4_MAX) ids.add(id);
  }
  return [...ids];
}

/** The kitchen and room ids a batch names (metre sales, order errors), read from the raw operations. */
function namedVenue(rawOps: unknown[]) {
  const kitchens = new Set<number>();
  const rooms = new Set<number>();
  const valid = (v: unknown): v is number =>
    typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= INT4_MAX;
  for (const raw of rawOps) {
    const op = raw as { kitchenId?: unknown; roomId?: unknown } | null;
    if (valid(op?.kitchenId)) kitchens.add(op.kitchenId);
    if (valid(op?.roomId)) rooms.add(op.roomId);
  }
  return { kitchens: [...kitchens], rooms: [...rooms] };
}

function isRetryable(e: unknown) {
  const err = e as { code?: string; cause?: { code?: string } };
  const code = err?.code ?? err?.cause?.code;
  // Deadlock detected / serialization failure: the transaction rolled back whole; run it again.
  return code === '40P01' || code === '40001';
}

async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= attempts || !isRetryable(e)) throw e;
      await new Promise((r) => setTimeout(r, 5 * i + Math.floor(Math.random() * 10)));
    }
  }
}

/** A batch's answer, with what the terminal's contact read in the same statements. */
export interface BatchOutcome {
  result: SyncResult;
  /** The banned-wristband list's current version. */
  banListVersion: number;
  /** The latest enabled app version of the terminal's channel. */
  app: repo.OpenedBatch['app'];
}

export async function syncBatch(
  db: Db,
  device: DeviceCaller,
  rawOps: unknown[],
  contact: ContactReport & { channel: AppChannel },
  lang: Language = 'en',
): Promise<BatchOutcome> {
  // 1. Each operation on its own: its text and shape, and the rules that need no reading.
  const shapeRefusals: Refusal[] = [];
  const shaped: { op: Op; index: number; raw: unknown }[] = [];
  // Text PostgreSQL cannot hold (a NUL byte, a lone surrogate) refuses its operation alone; what is
  // kept of it for the refusal log is scrubbed.
  const unsafeAt = rawOps.map((raw) => findUnsafeText(raw));
  rawOps = rawOps.map((raw, i) => (unsafeAt[i] === null ? raw : scrubUnsafeText(raw)));
  rawOps.forEach((raw, index) => {
    const rawId = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : null;
    const unsafe = unsafeAt[index];
    if (unsafe !== null && unsafe !== undefined) {
      const fields = [{ path: unsafe, message: 'validation.unsafeText' }];
      shapeRefusals.push(refusal(lang, rawId, index, 'invalid', 'errors.validation', raw, fields));
      return;
    }
    const parsed = SyncOperation.safeParse(raw);
    if (!parsed.success) {
      const fields = parsed.error.issues.map(issueToFieldError);
      shapeRefusals.push(refusal(lang, rawId, index, 'invalid', 'errors.validation', raw, fields));
      return;
    }
    const rule = checkOperation(parsed.data);
    if (rule) {
      shapeRefusals.push(refusal(lang, parsed.data.id, index, rule.reason, rule.message, raw));
      return;
    }
    shaped.push({ op: parsed.data, index, raw });
  });
  const addonIds = namedAddons(rawOps);
  const venue = namedVenue(rawOps);
  const serials = namedSerials(rawOps);

  // 2. One transaction: the rules that read the event (add-ons, venue, wristband stock), repeats
  // inside the batch, then what is new.
  // Its first statement travels with the BEGIN and its writes with the COMMIT (db/client.ts
  // foldedTransaction): three round trips for a batch.
  const outcome = await withRetry(() =>
    foldedTransaction(db, repo.openFeedSql(device.eventId), async (tx, openingRows, finish) => {
      const { requiresStock } = repo.feedOpened(openingRows);
      const knownAddons = await repo.eventAddons(tx, device.eventId, addonIds);
      const knownVenue = await repo.eventVenue(tx, device.eventId, venue.kitchens, venue.rooms);
      const outsideStock = requiresStock ? await unknownToStock(tx, device.eventId, serials) : null;
      const refusals: Refusal[] = [...shapeRefusals];
      const duplicates: string[] = [];
      const candidates: Candidate[] = [];
      const firstHash = new Map<string, string>();
      for (const { op, index, raw } of shaped) {
        const rule =
          checkAddon(op, knownAddons) ?? checkVenue(op, knownVenue) ?? checkStock(op, outsideStock);
        if (rule) {
          refusals.push(refusal(lang, op.id, index, rule.reason, rule.message, raw));
          continue;
        }
        const hash = hashOf(op);
        const seen = firstHash.get(op.id);
        if (seen === undefined) {
          firstHash.set(op.id, hash);
          candidates.push({ op, index, hash, raw });
        } else if (seen === hash) {
          duplicates.push(op.id);
        } else {
          refusals.push(refusal(lang, op.id, index, 'idReused', 'validation.feedIdReused', raw));
        }
      }
      const wanted = wantedWristbands(candidates);
      const opened = await repo.openBatch(
        tx,
        device,
        candidates.map((c) => ({ id: c.op.id, kind: c.op.kind, hash: c.hash })),
        [...wanted.values()],
        contact.channel,
      );
      const found = opened.device;
      if (found?.inactive) throw fail('deviceInactive');
      if (found && found.assigned_event_id === null) throw fail('deviceNotAssigned');
      if (opened.batchId === null) throw fail('deviceTokenInvalid');
      const { batchId, claimed } = opened;
      const fresh = candidates.filter((c) => claimed.has(c.op.id));
      const known = candidates.filter((c) => !claimed.has(c.op.id));
      const hashes = await repo.recordedHashes(
        tx,
        device.eventId,
        known.map((c) => c.op.id),
      );
      const txDuplicates: string[] = [];
      const txRefusals: Refusal[] = [];
      for (const c of known) {
        if (hashes.get(c.op.id) === c.hash) txDuplicates.push(c.op.id);
        else txRefusals.push(refusal(lang, c.op.id, c.index, 'idReused', 'validation.feedIdReused', c.raw));
      }

      const recorded = await recordOperations(tx, device, fresh, opened, wanted);
      for (const c of recorded.tooLarge) {
        txRefusals.push(
          refusal(lang, c.op.id, c.index, 'balanceLimit', 'validation.feedBalanceLimit', c.raw),
        );
      }
      for (const { c, ban } of recorded.banned) {
        txRefusals.push(
          refusal(lang, c.op.id, c.index, ban.reason, banMessage(ban.reason, ban.serial), c.raw),
        );
      }
      const allRefusals = [...refusals, ...txRefusals];
      const allDuplicates = [...duplicates, ...txDuplicates];
      const parts = [...recorded.parts];
      if (allRefusals.length) {
        parts.push(
          repo.refusedSql(
            device.eventId,
            allRefusals.map((r) => ({
              device_id: device.id,
              batch_id: batchId,
              operation_id: r.refused.id,
              reason: r.refused.reason,
              fields: r.refused.fields?.map(({ path, message }) => ({ path, message })) ?? null,
              payload: r.raw ?? null,
            })),
          ),
        );
      }
      parts.push(
        repo.batchSql(
          { id: batchId, eventId: device.eventId, deviceId: device.id, operations: rawOps.length },
          {
            accepted: recorded.accepted.length,
            duplicates: allDuplicates.length,
            refused: allRefusals.length,
          },
        ),
      );
      // What the terminal reported of itself (fleet health), stored with the batch.
      parts.push(...contactWrites(device.id, contact));
      // Refused after claiming: released, so a re-send (a corrected one, or after a lifted ban) counts.
      const released = [...recorded.tooLarge, ...recorded.banned.map((b) => b.c)];
      // Everything the batch recorded in one statement, then the customers it left orphaned and the
      // released claims; sent with the COMMIT.
      await finish(
        ...[
          repo.writeAllSql(parts),
          repo.deleteOrphanCustomersSql(device.eventId, recorded.orphanCustomers),
          repo.releaseOperationsSql(
            device.eventId,
            released.map((c) => c.op.id),
          ),
        ].filter((q): q is SQL => q !== null),
      );
      const result: SyncResult = {
        accepted: recorded.accepted,
        duplicates: allDuplicates,
        refused: allRefusals.map((r) => r.refused).sort((a, b) => a.index - b.index),
        flagged: recorded.flagged,
        flags: recorded.flags.map(
          (f): FlaggedOperation => ({
            id: f.c.op.id,
            index: f.c.index,
            reasons: f.reasons,
            description: f.reasons.map((r) => translate(lang, flagMessage(r, f.serial))).join('; '),
          }),
        ),
      };
      return { result, banListVersion: opened.banListVersion, app: opened.app };
    }),
  );
  return outcome;
}

interface WState extends repo.WristbandRow {
  dirty: boolean;
}

type Wanted = Map<string, { n_serie: string; code_check: string | null; first_seen: string; lock: boolean }>;

/**
 * The wristbands a batch touches (for every operation that may be new), with a check code if sent;
 * `lock`: an operation may change the wristband (balance, customer, role, flags, active), so it is
 * locked for the batch. A wristband only passed through a gate (access) is read, not locked.
 */
function wantedWristbands(candidates: Candidate[]): Wanted {
  const wanted: Wanted = new Map();
  const want = (serial: string | undefined, codeCheck: string | undefined, at: string, lock = true) => {
    if (!serial) return;
    const w = wanted.get(serial);
    if (!w) wanted.set(serial, { n_serie: serial, code_check: codeCheck || null, first_seen: at, lock });
    else {
      if (!w.code_check && codeCheck) w.code_check = codeCheck;
      w.lock ||= lock;
    }
  };
  for (const { op } of candidates) {
    switch (op.kind) {
      case 'access':
        want(op.rfid, op.codeCheck, op.deviceTime, false);
        break;
      case 'topup':
      case 'ticketValidation':
      case 'roleRecording':
        want(op.rfid, op.codeCheck, op.deviceTime);
        break;
      case 'sale':
        want(op.rfid, op.codeCheck, op.deviceTime);
        for (const p of op.payments)
          if (p.type === 'S' || p.type === 'B') want(p.rfid, undefined, op.deviceTime);
        break;
      case 'wristbandChange':
        want(op.sourceRfid, undefined, op.deviceTime);
        want(op.endRfid, op.endCodeCheck, op.deviceTime);
        break;
    }
  }
  return wanted;
}

/** The message of a refusal for a ban. */
const banMessage = (reason: BanOutcome['reason'], serial: string) =>
  `validation.${reason === 'bannedTopUp' ? 'feedBannedTopUp' : 'feedBannedWristband'}|${JSON.stringify({ serial })}`;

/** The message of one reason an accepted operation was flagged. */
function flagMessage(reason: FlagReason, serial: string | undefined) {
  if (reason === 'negativeBalance') return 'validation.feedFlagNegativeBalance';
  const key = reason === 'bannedTopUp' ? 'feedFlagBannedTopUp' : 'feedFlagBannedWristband';
  return `validation.${key}|${JSON.stringify({ serial })}`;
}

interface Flag {
  c: Candidate;
  reasons: FlagReason[];
  serial?: string;
}

/**
 * The bans of the batch's wristbands (sync.rules banOutcome): the operations a ban refuses, and those
 * it lets through to be recorded and flagged.
 */
function applyBans(fresh: Candidate[], bans: Map<string, repo.WristbandBan>) {
  const refused: { c: Candidate; ban: BanOutcome }[] = [];
  const flagged = new Map<string, BanOutcome>();
  if (!bans.size) return { kept: fresh, refused, flagged };
  for (const c of fresh) {
    const ban = banOutcome(c.op, (serial) => bans.get(serial));
    if (ban?.action === 'refuse') refused.push({ c, ban });
    else if (ban) flagged.set(c.op.id, ban);
  }
  const out = new Set(refused.map((r) => r.c));
  return { kept: refused.length ? fresh.filter((c) => !out.has(c)) : fresh, refused, flagged };
}

/** Applies the new operations in batch order to the locked wristbands; answers the rows to write. */
async function recordOperations(
  tx: Executor,
  device: DeviceCaller,
  claimedOps: Candidate[],
  opened: repo.OpenedBatch,
  wanted: Wanted,
) {
  const eventId = device.eventId;
  const accepted: string[] = [];
  const flagged: string[] = [];
  const flags: Flag[] = [];
  const tooLarge: Candidate[] = [];
  const orphanCustomers: number[] = [];
  const { kept: fresh, refused: banned, flagged: banFlags } = applyBans(claimedOps, opened.bans);
  if (!claimedOps.length)
    return { accepted, flagged, flags, tooLarge, banned, parts: [] as SQL[], orphanCustomers };

  const state = new Map<string, WState>(
    opened.wristbands.map((r) => [r.n_serie, { ...r, dirty: opened.created.has(r.n_serie) }]),
  );
  for (const [serial, info] of wanted) {
    const w = state.get(serial)!;
    if (!w.code_check && info.code_check) {
      w.code_check = info.code_check;
      w.dirty = true;
    }
  }
  const wb = (serial: string) => state.get(serial)!;

  const ledger: repo.LedgerRow[] = [];
  const topUps: repo.TopUpRow[] = [];
  const sales: repo.SaleRow[] = [];
  const lines: repo.SaleLineRow[] = [];
  const payments: repo.SalePaymentRow[] = [];
  const access: repo.AccessRow[] = [];
  const validations: repo.TicketValidationRow[] = [];
  const roles: repo.RoleRecordingRow[] = [];
  const changes: repo.WristbandChangeRow[] = [];
  const presence: repo.PresenceRow[] = [];
  const orderErrors: repo.OrderErrorRow[] = [];

  const fits = (moves: [WState, number, number][]) =>
    moves.every(
      ([w, c, g]) => Math.abs(w.cash + c) <= BALANCE_LIMIT && Math.abs(w.gift + g) <= BALANCE_LIMIT,
    );
  /** One ledger entry; true when it took a balance below zero. */
  const move = (w: WState, cash: number, gift: number, op: Op, kind: string) => {
    if (cash === 0 && gift === 0) return false;
    w.cash += cash;
    w.gift += gift;
    w.dirty = true;
    ledger.push({
      wristband_id: w.id,
      operation_id: op.id,
      kind,
      cash_delta: cash,
      gift_delta: gift,
      cash_after: w.cash,
      gift_after: w.gift,
      device_time: op.deviceTime,
    });
    return (cash < 0 && w.cash < 0) || (gift < 0 && w.gift < 0);
  };
  const addFlags = (w: WState, flags: number[]) => {
    const missing = flags.filter((f) => !w.flags.includes(f));
    if (missing.length) {
      w.flags = [...w.flags, ...missing];
      w.dirty = true;
    }
  };
  const common = (op: Op) => ({
    staff_id: op.staffId ?? null,
    device_id: device.id,
    location_id: op.locationId ?? null,
  });

  const validated = await validateTickets(tx, eventId, fresh, wb, orphanCustomers, common);

  for (const c of fresh) {
    const op = c.op;
    let negative = false;
    const ban = banFlags.get(op.id);
    switch (op.kind) {
      case 'topup': {
        const w = wb(op.rfid);
        if (!fits([[w, op.amount, op.bonus]])) {
          tooLarge.push(c);
          continue;
        }
        negative = move(w, op.amount, op.bonus, op, op.type);
        addFlags(w, op.flags);
        topUps.push({ ...topUpRow(op, w, negative, device.id), banned_wristband: !!ban });
        break;
      }
      case 'sale': {
        const sign = op.isDevolution ? 1 : -1;
        const perWristband = new Map<WState, { cash: number; gift: number }>();
        for (const p of op.payments) {
          if (p.type !== 'S' && p.type !== 'B') continue;
          const w = wb((p.rfid ?? op.rfid)!);
          const d = perWristband.get(w) ?? { cash: 0, gift: 0 };
          if (p.type === 'S') d.cash += sign * p.amount;
          else d.gift += sign * p.amount;
          perWristband.set(w, d);
        }
        if (!fits([...perWristband].map(([w, d]) => [w, d.cash, d.gift] as [WState, number, number]))) {
          tooLarge.push(c);
          continue;
        }
        for (const [w, d] of perWristband) {
          if (move(w, d.cash, d.gift, op, op.isDevolution ? 'devolution' : 'sale')) negative = true;
        }
        const main = op.rfid ? wb(op.rfid) : null;
        sales.push({
          operation_id: op.id,
          wristband_id: main?.id ?? null,
          total_purchase: saleTotal(op),
          total_payed: op.payments.reduce((s, p) => s + p.amount, 0),
          is_devolution: op.isDevolution,
          num_payers: op.numPayers ?? Math.max(1, perWristband.size),
          cash_after: main?.cash ?? null,
          gift_after: main?.gift ?? null,
          negative_balance: negative,
          banned_wristband: !!ban,
          addon_id: op.addonId ?? null,
          kitchen_id: op.kitchenId ?? null,
          room_id: op.roomId ?? null,
          seat_name: op.seatName ?? null,
          ...common(op),
          device_time: op.deviceTime,
        });
        for (const l of op.lines) {
          lines.push({
            operation_id: op.id,
            article_id: l.idArticle,
            quantity: l.quantity,
            price: l.price,
            quantity_gift: l.quantityGift,
          });
        }
        for (const p of op.payments) {
          const fromBalance = p.type === 'S' || p.type === 'B';
          payments.push({
            operation_id: op.id,
            type: p.type,
            amount: p.amount,
            wristband_id: fromBalance ? wb((p.rfid ?? op.rfid)!).id : null,
          });
        }
        break;
      }
      case 'access':
        access.push({
          operation_id: op.id,
          wristband_id: op.rfid ? wb(op.rfid).id : null,
          ticket_code: op.ticketCode ?? null,
          acceso: op.acceso,
          zone_from: op.zoneFrom ?? null,
          zone_to: op.zoneTo ?? null,
          gate_id: op.gateId ?? null,
          last_zone: op.lastZone ?? null,
          role_id: op.roleId ?? null,
          staff_id: op.staffId ?? null,
          device_id: device.id,
          date_local: op.deviceTime,
        });
        break;
      case 'ticketValidation':
        validations.push(validated.rows.get(op.id)!);
        break;
      case 'roleRecording': {
        const w = wb(op.rfid);
        if (w.role_id !== op.roleId) {
          w.role_id = op.roleId;
          w.dirty = true;
        }
        addFlags(w, op.flags);
        roles.push({
          operation_id: op.id,
          wristband_id: w.id,
          role_id: op.roleId,
          ...common(op),
          device_time: op.deviceTime,
        });
        break;
      }
      case 'wristbandChange': {
        const src = wb(op.sourceRfid);
        const end = wb(op.endRfid);
        const cash = src.cash;
        const gift = src.gift;
        if (!fits([[end, cash, gift]])) {
          tooLarge.push(c);
          continue;
        }
        move(src, -cash, -gift, op, 'N-RS');
        negative = move(end, cash, gift, op, 'N-RE');
        topUps.push({
          ...changeRow(op, src, 'N-RS', -cash, -gift, false, device.id),
          banned_wristband: !!ban,
        });
        topUps.push({
          ...changeRow(op, end, 'N-RE', cash, gift, negative, device.id),
          banned_wristband: !!ban,
        });
        src.active = 0;
        end.active = 1;
        if (src.customer_id && src.customer_id !== end.customer_id) {
          if (end.customer_id) orphanCustomers.push(end.customer_id);
          end.customer_id = src.customer_id;
        }
        addFlags(end, src.flags);
        end.role_id ??= src.role_id;
        src.dirty = end.dirty = true;
        changes.push({
          operation_id: op.id,
          source_wristband_id: src.id,
          end_wristband_id: end.id,
          source_rfid: src.n_serie,
          end_rfid: end.n_serie,
          cash_moved: cash,
          gift_moved: gift,
          ...common(op),
          date: op.deviceTime,
        });
        break;
      }
      case 'presence':
        presence.push({
          operation_id: op.id,
          staff_id: op.staffId,
          type: op.type,
          location_id: op.locationId ?? null,
          device_id: device.id,
          controller_id: op.controllerId ?? null,
          date_presence: op.deviceTime,
        });
        break;
      case 'orderError':
        orderErrors.push({
          operation_id: op.id,
          message: op.message,
          seat_name: op.seatName ?? null,
          room_id: op.roomId ?? null,
          kitchen_id: op.kitchenId ?? null,
          ...common(op),
          device_time: op.deviceTime,
        });
        break;
    }
    accepted.push(op.id);
    const reasons: FlagReason[] = negative ? ['negativeBalance'] : [];
    if (ban) reasons.push(ban.reason);
    if (reasons.length) {
      flagged.push(op.id);
      flags.push({ c, reasons, ...(ban ? { serial: ban.serial } : {}) });
    }
  }

  // A wristband only passed through a gate was read, not locked (unless this batch created it): only
  // a missing check code is stored on it.
  const unlocked = (w: WState) => !wanted.get(w.n_serie)!.lock && !opened.created.has(w.n_serie);
  const dirty = [...state.values()]
    .filter((w) => w.dirty && !unlocked(w))
    .map(({ dirty: _dirty, ...w }) => w);
  const codeChecks = [...state.values()]
    .filter((w) => w.dirty && unlocked(w) && w.code_check)
    .map((w) => ({ id: w.id, code_check: w.code_check! }));
  const parts: SQL[] = [];
  if (dirty.length) parts.push(repo.updateWristbandsSql(eventId, dirty));
  if (codeChecks.length) parts.push(repo.fillCodeChecksSql(eventId, codeChecks));
  if (ledger.length) parts.push(repo.ledgerSql(eventId, ledger));
  if (topUps.length) parts.push(repo.topUpsSql(eventId, topUps));
  if (sales.length) parts.push(...repo.salesSql(eventId, sales, lines, payments));
  if (access.length) parts.push(repo.accessSql(eventId, access));
  if (validations.length) parts.push(repo.ticketValidationsSql(eventId, validations));
  if (validated.fills.length) parts.push(repo.fillCustomersSql(eventId, validated.fills));
  if (roles.length) parts.push(repo.roleRecordingsSql(eventId, roles));
  if (changes.length) parts.push(repo.wristbandChangesSql(eventId, changes));
  if (presence.length) parts.push(repo.presenceSql(eventId, presence));
  if (orderErrors.length) parts.push(repo.orderErrorsSql(eventId, orderErrors));
  return { accepted, flagged, flags, tooLarge, banned, parts, orphanCustomers };
}

function topUpRow(op: OpOf<'topup'>, w: WState, negative: boolean, deviceId: number): repo.TopUpRow {
  return {
    operation_id: op.id,
    wristband_id: w.id,
    type: op.type,
    payment_type: op.paymentType ?? null,
    amount: op.amount,
    bonus: op.bonus,
    money: op.money,
    fee: op.fee,
    cash_after: w.cash,
    gift_after: w.gift,
    negative_balance: negative,
    banned_wristband: false,
    articles: op.articles,
    ref: op.ref ?? null,
    addon_id: op.addonId ?? null,
    staff_id: op.staffId ?? null,
    supervisor_id: op.supervisorId ?? null,
    device_id: deviceId,
    location_id: op.locationId ?? null,
    device_time: op.deviceTime,
  };
}

function changeRow(
  op: OpOf<'wristbandChange'>,
  w: WState,
  type: 'N-RS' | 'N-RE',
  amount: number,
  bonus: number,
  negative: boolean,
  deviceId: number,
): repo.TopUpRow {
  return {
    operation_id: op.id,
    wristband_id: w.id,
    type,
    payment_type: null,
    amount,
    bonus,
    money: 0,
    fee: 0,
    cash_after: w.cash,
    gift_after: w.gift,
    negative_balance: negative,
    banned_wristband: false,
    articles: [],
    ref: type === 'N-RS' ? op.endRfid : op.sourceRfid,
    addon_id: null,
    staff_id: op.staffId ?? null,
    supervisor_id: null,
    device_id: deviceId,
    location_id: op.locationId ?? null,
    device_time: op.deviceTime,
  };
}

/**
 * The ticket validations of the batch, before its other operations and in one statement: a ticket
 * is created when unknown (its customer is the wristband's), or the wristband moves to the ticket's
 * known customer (the anonymous one it had is removed when nothing else refers to it). The customer
 * gets what the terminal knows (name, e-mail, localizer) where the record has nothing yet, the ticket
 * code and the validation date. A code validated twice in a batch counts the second as repeated.
 */
async function validateTickets(
  tx: Executor,
  eventId: number,
  fresh: Candidate[],
  wb: (serial: string) => WState,
  orphanCustomers: number[],
  common: (op: Op) => { staff_id: number | null; device_id: number; location_id: number | null },
) {
  const ops = fresh
    .map((c) => c.op)
    .filter((op): op is OpOf<'ticketValidation'> => op.kind === 'ticketValidation');
  const rows = new Map<string, repo.TicketValidationRow>();
  const fills = new Map<number, repo.CustomerFill>();
  if (!ops.length) return { rows, fills: [] };
  for (const op of ops) {
    const w = wb(op.rfid);
    if (w.customer_id == null) {
      w.customer_id = await repo.insertAnonymousCustomer(tx, eventId);
      w.dirty = true;
    }
  }
  const firstByCode = new Map<string, OpOf<'ticketValidation'>>();
  for (const op of ops) if (!firstByCode.has(op.ticketCode)) firstByCode.set(op.ticketCode, op);
  const tickets = await repo.validateTickets(
    tx,
    eventId,
    [...firstByCode.values()].map((op) => ({
      code: op.ticketCode,
      customer_id: wb(op.rfid).customer_id!,
      wristband_id: wb(op.rfid).id,
      role_id: op.roleId ?? null,
      at: op.deviceTime,
    })),
  );
  for (const op of ops) {
    const w = wb(op.rfid);
    const t = tickets.get(op.ticketCode)!;
    const first = firstByCode.get(op.ticketCode) === op;
    if (t.customerId !== w.customer_id) {
      orphanCustomers.push(w.customer_id!);
      w.customer_id = t.customerId;
      w.dirty = true;
    }
    if (op.roleId && w.role_id !== op.roleId) {
      w.role_id = op.roleId;
      w.dirty = true;
    }
    if (!fills.has(t.customerId)) {
      fills.set(t.customerId, {
        id: t.customerId,
        name: op.customer?.name || null,
        email: op.customer?.email || null,
        localizer: op.customer?.localizer || null,
        ticket_code: op.ticketCode,
        at: op.deviceTime,
      });
    }
    rows.set(op.id, {
      operation_id: op.id,
      ticket_id: t.ticketId,
      code: op.ticketCode,
      wristband_id: w.id,
      customer_id: t.customerId,
      role_id: op.roleId ?? null,
      repeated: first ? t.repeated : true,
      ...common(op),
      device_time: op.deviceTime,
    });
  }
  return { rows, fills: [...fills.values()] };
}
