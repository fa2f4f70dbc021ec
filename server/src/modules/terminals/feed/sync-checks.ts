/**
 * The checks of a batch's operations: each on its own before the transaction (its text and shape, the
 * rules that need no reading), the add-on, kitchen and room ids the batch names, then inside the
 * transaction the rules that read the event (add-ons, venue, wristband stock) and repeats inside the
 * batch.
 */
import { createHash } from 'node:crypto';
import {
  findUnsafeText,
  INT4_MAX,
  issueToFieldError,
  type Language,
  SyncOperation,
  scrubUnsafeText,
} from '@pulsera/contracts';
import { checkStock } from '../wristband-stock/stock-check';
import { checkAddon, checkOperation, checkVenue } from './sync.rules';
import { refusal } from './sync-messages';
import type { Candidate, Op, Refusal } from './sync-types';

/** An operation that passed the checks of its own. */
export interface Shaped {
  op: Op;
  index: number;
  raw: unknown;
}

const hashOf = (op: Op) => createHash('sha1').update(JSON.stringify(op)).digest('base64url');

/** The add-on ids a batch names (read from the raw operations, before each is checked). */
export function namedAddons(rawOps: unknown[]) {
  const ids = new Set<number>();
  for (const raw of rawOps) {
    const id = (raw as { addonId?: unknown } | null)?.addonId;
    if (typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= INT4_MAX) ids.add(id);
  }
  return [...ids];
}

/** The kitchen and room ids a batch names (metre sales, order errors), read from the raw operations. */
export function namedVenue(rawOps: unknown[]) {
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

/**
 * Each operation on its own: its text and shape, and the rules that need no reading. Answers the
 * batch's operations as kept (unsafe text scrubbed), the refused ones and the others, parsed.
 */
export function checkShapes(rawOps: unknown[], lang: Language) {
  const shapeRefusals: Refusal[] = [];
  const shaped: Shaped[] = [];
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
  return { rawOps, shapeRefusals, shaped };
}

/**
 * The rules that read the event (its add-ons, kitchens and rooms, and the wristbands outside its
 * stock, null when it requires no stock), then repeats inside the batch: the same operation again is
 * a duplicate, another operation under the same id is refused. Answers the refusals (after
 * `shapeRefusals`), the duplicates and the candidates (each operation that may be new, with its hash).
 */
export function checkCandidates(
  shaped: Shaped[],
  shapeRefusals: Refusal[],
  knownAddons: Set<number>,
  knownVenue: { kitchens: Set<number>; rooms: Set<number> },
  outsideStock: Set<string> | null,
  lang: Language,
) {
  const refusals: Refusal[] = [...shapeRefusals];
  const duplicates: string[] = [];
  const candidates: Candidate[] = [];
  const firstHash = new Map<string, string>();
  for (const { op, index, raw } of shaped) {
    const rule = checkAddon(op, knownAddons) ?? checkVenue(op, knownVenue) ?? checkStock(op, outsideStock);
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
  return { refusals, duplicates, candidates };
}
