import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';

/**
 * Wristbands of an event whose balances differ from the sum of their ledger entries, or whose entries
 * do not follow on from each other (an entry's balances after are not the sum of the wristband's
 * entries up to it, in the order they were written: `chain_breaks`). Always empty unless something
 * bypassed the feed; the tests, the simulator and the benchmark check it.
 */
export async function ledgerMismatches(db: Executor, eventId: number) {
  const res = await db.execute(
    sql`select w.id, w.n_serie, w.cash, w.gift,
          coalesce(l.cash, 0)::int as ledger_cash, coalesce(l.gift, 0)::int as ledger_gift,
          coalesce(l.breaks, 0)::int as chain_breaks
        from wristbands w
        left join (
          select wristband_id, sum(cash_delta) as cash, sum(gift_delta) as gift,
            count(*) filter (where cash_after <> run_cash or gift_after <> run_gift) as breaks
          from (
            select wristband_id, cash_delta, gift_delta, cash_after, gift_after,
              sum(cash_delta) over w as run_cash, sum(gift_delta) over w as run_gift
            from ledger_entries where event_id = ${eventId}::int
            window w as (partition by wristband_id order by id)
          ) e
          group by wristband_id
        ) l on l.wristband_id = w.id
        where w.event_id = ${eventId}::int
          and (w.cash <> coalesce(l.cash, 0) or w.gift <> coalesce(l.gift, 0) or l.breaks > 0)`,
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
        chain_breaks: number;
      }[];
    }
  ).rows;
}
