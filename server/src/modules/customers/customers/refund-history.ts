import type { RefundHistoryEntry } from '@pulsera/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { payoutRunItems, payoutRuns } from '../../../core/db/schema';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * A refund's payout history (issue 27), oldest first: created, then for every run that took it: put
 * in it, and the run cancelled, or sent (paid) and perhaps rejected by the bank. The refund's state
 * is one; these are how it got there.
 */
export async function refundHistory(
  db: Executor,
  eventId: number,
  refund: { id: number; createdAt: Date },
): Promise<RefundHistoryEntry[]> {
  const rows = await db
    .select({ item: payoutRunItems, run: payoutRuns })
    .from(payoutRunItems)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payoutRunItems.runId))
    .where(and(eq(payoutRunItems.eventId, eventId), eq(payoutRunItems.refundId, refund.id)))
    .orderBy(asc(payoutRunItems.id));
  const out: RefundHistoryEntry[] = [
    { kind: 'created', at: iso(refund.createdAt), runId: null, reason: null },
  ];
  const step = (
    kind: RefundHistoryEntry['kind'],
    at: Date | null,
    runId: number,
    reason: string | null = null,
  ) => {
    if (at) out.push({ kind, at: iso(at), runId, reason });
  };
  for (const { item, run } of rows) {
    step('inRun', run.createdAt, run.id);
    step('cancelled', run.cancelledAt, run.id);
    step('paid', run.sentAt, run.id);
    step('rejected', item.rejectedAt, run.id, item.rejectReason);
  }
  return out;
}
