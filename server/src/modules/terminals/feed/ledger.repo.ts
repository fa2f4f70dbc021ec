import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';

/**
 * Wristbands of an event whose balances differ from the sum of their ledger entries. Always empty
 * unless something bypassed the feed; the tests, the simulator and the benchmark check it.
 */
export async function ledgerMismatches(db: Executor, eventId: number) {
  const res = await db.execute(
    sql`select w.id, w.n_serie, w.cash, w.gift,
          coalesce(l.cash, 0)::int as ledger_cash, coalesce(l.gift, 0)::int as ledger_gift
        from wristbands w
        left join (
          select wristband_id, sum(cash_delta) as cash, sum(gift_delta) as gift
          from ledger_entries where event_id = ${eventId}::int group by wristband_id
        ) l on l.wristband_id = w.id
        where w.event_id = ${eventId}::int
          and (w.cash <> coalesce(l.cash, 0) or w.gift <> coalesce(l.gift, 0))`,
  );
  return (
    res as unknown as {
      rows: {
        id: number;
        n_serie: string;
        cash: number;
        gift: number;
        ledger_cash: number;
        ledger_gift: number;
      }[];
    }
  ).rows;
}
