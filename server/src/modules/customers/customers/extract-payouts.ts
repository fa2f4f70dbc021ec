import { EXTRACT_PAYOUT, type ExtractPayout, type ExtractRow } from '@pulsera/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { ledgerEntries, payoutRunItems } from '../../../core/db/schema';

/**
 * The wristband's SEPA payout movements for its extract (issue 27): a bank refund leaves the
 * wristband when its run is marked sent, and comes back when the bank rejects it. Both are ledger
 * movements, so the extract that lists them ends at the wristband's balance.
 */
const KINDS = { 'bank-refund': 'bankRefund', 'bank-refund-reversal': 'bankRefundReversal' } as const;

export async function payoutMovesOf(
  db: Executor,
  eventId: number,
  wristbandId: number,
): Promise<ExtractPayout[]> {
  const rows = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      cash: ledgerEntries.cashDelta,
      gift: ledgerEntries.giftDelta,
      at: ledgerEntries.deviceTime,
      runId: payoutRunItems.runId,
      refundId: payoutRunItems.refundId,
    })
    .from(ledgerEntries)
    .leftJoin(payoutRunItems, eq(payoutRunItems.paidOperationId, ledgerEntries.operationId))
    .where(
      and(
        eq(ledgerEntries.eventId, eventId),
        eq(ledgerEntries.wristbandId, wristbandId),
        inArray(ledgerEntries.kind, Object.keys(KINDS)),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  return rows.map((r) => ({
    idUnique: r.id,
    date: (r.at instanceof Date ? r.at : new Date(r.at)).toISOString(),
    operation: KINDS[r.kind as keyof typeof KINDS],
    amount: r.cash + r.gift,
    acumulate: 0,
    runId: r.runId ?? null,
    refundId: r.refundId ?? null,
  }));
}

export const payoutRow = (p: ExtractPayout): ExtractRow => ({
  date: p.date,
  idUnique: p.idUnique,
  idType: EXTRACT_PAYOUT,
  type: 'SEPA',
  operation: p.operation,
  amount: p.amount,
  accumulate: 0,
  location: null,
});
