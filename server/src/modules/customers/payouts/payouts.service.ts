import { randomUUID } from 'node:crypto';
import {
  fillConcept,
  type PayoutAccount,
  type PayoutAccountForm,
  type PayoutPreview,
  type PayoutRefund,
  type PayoutRejectRequest,
  type PayoutRun,
  type PayoutRunCreate,
  type PayoutRunDetail,
  type PayoutRunItem,
  type PayoutSelection,
  type PayoutSkipped,
  type RefundStatus,
  type RunStatus,
} from '@pulsera/contracts';
import anyAscii from 'any-ascii';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { isUniqueViolation } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { currentWristband, findRefund } from '../customers/customers.repo';
import { buildPain001, dayIn, debtorUsable, PAIN_FORMAT, sepaText, transferProblem } from './pain001';
import * as repo from './payouts.repo';

/**
 * Refund payouts (issue 15): SEPA credit-transfer runs of the customers' bank refunds.
 *
 * A refund's states: pending → inRun (a generated run holds it; not editable) → paid (the run was
 * marked sent) → rejected (the bank returned it; editable again, then pending). Cancelling a
 * generated run makes its refunds pending again. Money moves when a run is sent: each refund is one
 * append-only ledger movement taking its amount off the customer's wristband (the fee stays with the
 * organiser; the transfer is amount − fee); a rejection is another movement giving it back.
 */

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const isoOrNull = (d: Date | string | null | undefined) => (d ? iso(d) : null);

const toAccount = (a: repo.AccountRow): PayoutAccount => ({
  name: a.name,
  iban: a.iban,
  bic: a.bic,
  conceptTemplate: a.conceptTemplate,
  update_time: iso(a.updatedAt),
});

export async function getAccount(ctx: AppContext, eventId: number) {
  const a = await repo.findAccount(ctx.db, eventId);
  return { account: a ? toAccount(a) : null };
}

export async function saveAccount(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  body: z.output<typeof PayoutAccountForm>,
) {
  const row = await ctx.db.transaction((tx) =>
    repo.upsertAccount(tx, {
      eventId,
      name: body.name,
      iban: body.iban,
      bic: body.bic || null,
      conceptTemplate: body.conceptTemplate,
      updatedBy: userId,
    }),
  );
  return { account: toAccount(row) };
}

// ---------------------------------------------------------------------------------------------
// Selection

type Selection = z.output<typeof PayoutSelection>;

const transferOf = (r: repo.RefundRow) => r.amount - r.fee;

/** Oldest first; a refund that would take the run over maxTotal waits for a later run. */
function pick(rows: repo.RefundRow[], sel: Selection) {
  const taken: repo.RefundRow[] = [];
  let total = 0;
  for (const r of rows) {
    if (sel.maxCount !== undefined && taken.length >= sel.maxCount) break;
    const t = transferOf(r);
    if (sel.maxTotal !== undefined && total + t > sel.maxTotal) continue;
    taken.push(r);
    total += t;
  }
  return { taken, total };
}

const toPayoutRefund = (r: repo.RefundRow): PayoutRefund => ({
  id: r.id,
  customerId: r.customerId,
  nSerie: r.nSerie,
  ccOwner: r.ccOwner,
  ccIban: r.ccIban,
  ccBic: r.ccBic,
  amount: r.amount,
  fee: r.fee,
  transfer: transferOf(r),
  status: r.status as RefundStatus,
  create_time: iso(r.createdAt),
});

/** The name a refund's transfer carries: its owner in Latin letters (any script transliterated). */
const creditorName = (r: repo.RefundRow) => sepaText(r.ccOwner, 70) || 'Customer';

/**
 * The matching refunds split into those a file can carry and those it cannot (issue 26: one bad
 * refund never fails a run; it is left out and named).
 */
function carryable(rows: repo.RefundRow[]) {
  const ok: repo.RefundRow[] = [];
  const skipped: PayoutSkipped[] = [];
  for (const r of rows) {
    const problem = transferProblem({
      name: creditorName(r),
      iban: r.ccIban,
      bic: r.ccBic,
      transfer: transferOf(r),
    });
    if (!problem) ok.push(r);
    else
      skipped.push({
        refundId: r.id,
        customerId: r.customerId,
        ccOwner: r.ccOwner,
        ccIban: r.ccIban,
        ccBic: r.ccBic,
        ...problem,
      });
  }
  return { ok, skipped };
}

/** GET /payouts/preview: what a run with these filters would take now (nothing is locked). */
export async function preview(ctx: AppContext, eventId: number, sel: Selection): Promise<PayoutPreview> {
  const { ok, skipped } = carryable(await repo.pendingRefunds(ctx.db, eventId, sel, false));
  const { taken, total } = pick(ok, sel);
  return { rows: taken.map(toPayoutRefund), count: taken.length, total, skipped };
}

// ---------------------------------------------------------------------------------------------
// Runs

function itemStatus(run: repo.RunRow, item: repo.ItemRow): RefundStatus {
  if (item.rejectedAt) return 'rejected';
  if (run.status === 'sent') return 'paid';
  if (run.status === 'generated') return 'inRun';
  return 'pending';
}

const toRun = (r: { run: repo.RunRow; createdBy: string | null; rejected: number }): PayoutRun => ({
  id: r.run.id,
  messageId: r.run.messageId,
  status: r.run.status as RunStatus,
  painFormat: r.run.painFormat,
  executionDate: r.run.executionDate,
  count: r.run.count,
  total: r.run.total,
  createdBy: r.createdBy,
  create_time: iso(r.run.createdAt),
  sentAt: isoOrNull(r.run.sentAt),
  cancelledAt: isoOrNull(r.run.cancelledAt),
  rejected: Number(r.rejected),
});

export async function listRuns(ctx: AppContext, eventId: number): Promise<PayoutRun[]> {
  return (await repo.runsOf(ctx.db, eventId)).map(toRun);
}

async function detailIn(db: Executor, eventId: number, id: number): Promise<PayoutRunDetail> {
  const r = await repo.runWithCreator(db, eventId, id);
  if (!r) throw fail('notFound');
  const items = await repo.itemsOf(db, eventId, id);
  const skipped = (r.run.selection as { skipped?: PayoutSkipped[] }).skipped ?? [];
  return {
    ...toRun(r),
    skipped,
    items: items.map(
      ({ item, customerId, nSerie }): PayoutRunItem => ({
        refundId: item.refundId,
        customerId,
        nSerie,
        name: item.name,
        iban: item.iban,
        bic: item.bic,
        amount: item.amount,
        fee: item.fee,
        transfer: item.transfer,
        concept: item.concept,
        endToEndId: item.endToEndId,
        status: itemStatus(r.run, item),
        rejectReason: item.rejectReason,
        rejectedAt: isoOrNull(item.rejectedAt),
      }),
    ),
  };
}

export const runDetail = (ctx: AppContext, eventId: number, id: number) => detailIn(ctx.db, eventId, id);

/** The run's file, exactly as generated. */
export async function runFile(ctx: AppContext, eventId: number, id: number) {
  const run = await repo.findRun(ctx.db, eventId, id);
  if (!run) throw fail('notFound');
  return { name: `${run.messageId}.xml`, xml: run.xml };
}

/**
 * POST /payouts/runs: locks the matching pending refunds (skipping those another run is taking),
 * writes the file and moves every refund in it to inRun, in one transaction.
 */
export async function generateRun(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  body: z.output<typeof PayoutRunCreate>,
): Promise<PayoutRunDetail> {
  const { executionDate, ...sel } = body;
  try {
    return await ctx.db.transaction(async (tx) => {
      const ev = await repo.eventInfo(tx, eventId);
      if (!ev) throw fail('notFound');
      // "Today" is the event's (issue 26): the host's zone or UTC may already be tomorrow or yesterday.
      if (executionDate < dayIn(ev.timezone)) throw fail('payoutExecutionPast');
      // One run of an event at a time: a second one waits, then takes the refunds the first left.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payout-run'), ${eventId})`);
      const account = await repo.findAccount(tx, eventId);
      if (!account) throw fail('payoutNoAccount');
      if (ev.currency && ev.currency !== 'EUR')
        throw fail('payoutCurrency', { params: { currency: ev.currency } });
      const debtor = { name: account.name, iban: account.iban, bic: account.bic };
      if (!debtorUsable(debtor)) throw fail('payoutAccountInvalid');
      const { ok, skipped } = carryable(await repo.pendingRefunds(tx, eventId, sel, true));
      const { taken, total } = pick(ok, sel);
      if (!taken.length) throw fail('noDataForSepa');

      const created = new Date();
      created.setMilliseconds(0);
      const run = await repo.insertRun(tx, {
        eventId,
        messageId: `PULSERA-${eventId}-${randomUUID().slice(0, 8).toUpperCase()}`,
        status: 'generated',
        painFormat: PAIN_FORMAT,
        executionDate,
        count: taken.length,
        total,
        xml: '',
        selection: { ...sel, skipped },
        createdBy: userId,
        createdAt: created,
      });
      const messageId = `PULSERA-${eventId}-${run.id}`;
      const names = await repo.customerNames(
        tx,
        eventId,
        taken.map((r) => r.customerId),
      );
      const transfers = taken.map((r) => ({
        refund: r,
        name: creditorName(r),
        iban: r.ccIban,
        bic: r.ccBic,
        transfer: transferOf(r),
        concept: fillConcept(account.conceptTemplate, {
          event: anyAscii(ev.name),
          refund: r.id,
          customer: anyAscii(names.get(r.customerId) ?? r.ccOwner),
          serial: r.nSerie,
        }),
        endToEndId: `${messageId}-${r.id}`.slice(0, 35),
      }));
      await repo.insertItems(
        tx,
        transfers.map((t) => ({
          eventId,
          runId: run.id,
          refundId: t.refund.id,
          name: t.name,
          iban: t.iban,
          bic: t.bic,
          amount: t.refund.amount,
          fee: t.refund.fee,
          transfer: t.transfer,
          concept: t.concept,
          endToEndId: t.endToEndId,
        })),
      );
      const moved = await repo.moveRefunds(
        tx,
        eventId,
        taken.map((r) => r.id),
        'pending',
        { status: 'inRun', runId: run.id },
      );
      if (moved.length !== taken.length) throw fail('conflict');
      let xml: string;
      try {
        xml = buildPain001({ messageId, created, zone: ev.timezone, executionDate, debtor, transfers });
      } catch {
        // Every transfer passed alone (carryable): what is left to refuse is the debtor's part.
        throw fail('payoutAccountInvalid');
      }
      await repo.updateRun(tx, eventId, run.id, { messageId, xml });
      return detailIn(tx, eventId, run.id);
    });
  } catch (e) {
    // Another run took one of these refunds between the read and the insert (a live run per refund).
    if (isUniqueViolation(e)) throw fail('conflict');
    throw e;
  }
}

/** POST /payouts/runs/:id/sent: the file went to the bank; its refunds are paid (money leaves). */
export async function markSent(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  id: number,
  sentDate: string | undefined,
): Promise<PayoutRunDetail> {
  return ctx.db.transaction(async (tx) => {
    const run = await repo.findRun(tx, eventId, id, true);
    if (!run) throw fail('notFound');
    if (run.status !== 'generated') throw fail('payoutRunNotGenerated');
    const now = new Date();
    const zone = (await repo.eventInfo(tx, eventId))?.timezone ?? 'UTC';
    const sentAt = sentDate && sentDate !== dayIn(zone) ? new Date(`${sentDate}T12:00:00Z`) : now;
    const items = await repo.itemsOf(tx, eventId, id);
    for (const { item, customerId } of items) {
      const refund = await findRefund(tx, eventId, item.refundId);
      const w = (await currentWristband(tx, eventId, customerId))?.id ?? refund?.wristbandId ?? null;
      const operationId = randomUUID();
      const moved =
        w !== null && (await repo.moveCash(tx, eventId, w, operationId, 'bank-refund', -item.amount));
      if (moved) await repo.updateItem(tx, item.id, { wristbandId: w, paidOperationId: operationId });
    }
    const paid = await repo.moveRefunds(
      tx,
      eventId,
      items.map((i) => i.item.refundId),
      'inRun',
      { status: 'paid', paidAt: sentAt },
    );
    if (paid.length !== items.length) throw fail('conflict');
    await repo.updateRun(tx, eventId, id, { status: 'sent', sentAt, sentBy: userId });
    return detailIn(tx, eventId, id);
  });
}

/** POST /payouts/runs/:id/cancel: before it is sent; its refunds are pending again. */
export async function cancelRun(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  id: number,
): Promise<PayoutRunDetail> {
  return ctx.db.transaction(async (tx) => {
    const run = await repo.findRun(tx, eventId, id, true);
    if (!run) throw fail('notFound');
    if (run.status !== 'generated') throw fail('payoutRunNotGenerated');
    const items = await repo.itemsOf(tx, eventId, id);
    for (const { item } of items) await repo.updateItem(tx, item.id, { active: false });
    await repo.moveRefunds(
      tx,
      eventId,
      items.map((i) => i.item.refundId),
      'inRun',
      { status: 'pending', runId: null },
    );
    await repo.updateRun(tx, eventId, id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelledBy: userId,
    });
    return detailIn(tx, eventId, id);
  });
}

/**
 * POST /payouts/runs/:id/reject: the bank returned one transfer of a sent run. The refund becomes
 * rejected (with the reason; editable again) and its amount goes back to the wristband it left.
 */
export async function rejectRefund(
  ctx: AppContext,
  eventId: number,
  id: number,
  body: z.output<typeof PayoutRejectRequest>,
): Promise<PayoutRunDetail> {
  return ctx.db.transaction(async (tx) => {
    const run = await repo.findRun(tx, eventId, id, true);
    if (!run) throw fail('notFound');
    if (run.status !== 'sent') throw fail('payoutRunNotSent');
    const found = (await repo.itemsOf(tx, eventId, id)).find((i) => i.item.refundId === body.refundId);
    if (!found || found.item.rejectedAt || !found.item.active) throw fail('payoutRefundNotInRun');
    const { item } = found;
    const now = new Date();
    const moved = await repo.moveRefunds(tx, eventId, [item.refundId], 'paid', {
      status: 'rejected',
      rejectedAt: now,
      rejectReason: body.reason,
    });
    if (!moved.length) throw fail('payoutRefundNotInRun');
    if (item.wristbandId !== null) {
      await repo.moveCash(tx, eventId, item.wristbandId, randomUUID(), 'bank-refund-reversal', item.amount);
    }
    await repo.updateItem(tx, item.id, { active: false, rejectReason: body.reason, rejectedAt: now });
    return detailIn(tx, eventId, id);
  });
}
