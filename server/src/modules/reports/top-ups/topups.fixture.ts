import { DEBIT_OPERATION_TYPES } from '@pulsera/contracts';
import type { TopUpOp } from '../money-festival.fixture';

/**
 * What the top-ups tests share (topups.test.ts, topups-rollup.test.ts): the query string of a
 * filter, the debit codes, and the overview's rows as the tests expect them from the operations
 * they sent (money-festival.fixture.ts).
 */

export const qs = (q: Record<string, string | number>) =>
  `?${new URLSearchParams(q as Record<string, string>)}`;
export const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
export const isDebit = (type: string) => (DEBIT_OPERATION_TYPES as readonly string[]).includes(type);
export const TOP_UP_CODES = ['N', 'N-WA', 'O', 'O-WA', 'T', 'T-WA', 'R-E'];

/** The overview's rows as the test expects them from the operations it sent. */
export function expectedOverview(ops: (TopUpOp & { deviceId: number })[]) {
  const rows = new Map<string, Record<string, unknown> & { count: number }>();
  for (const o of ops) {
    const key = `${o.type}|${o.paymentType ?? ''}`;
    const r = (rows.get(key) as any) ?? {
      type: o.type,
      paymentType: o.paymentType ?? null,
      count: 0,
      amount: 0,
      bonus: 0,
      fee: 0,
      money: 0,
    };
    r.count++;
    r.amount += o.amount;
    r.bonus += o.bonus;
    r.fee += o.fee;
    r.money += o.money;
    rows.set(key, r);
  }
  return [...rows.values()];
}
export type Keyed = { type: string; paymentType: string | null };
export const byKey = <R extends Keyed>(rows: R[]) =>
  [...rows].sort((a, b) => `${a.type}|${a.paymentType}`.localeCompare(`${b.type}|${b.paymentType}`));
/** The answered rows without their group, in key order. */
export const plain = (rows: (Keyed & { group: string })[]) => byKey(rows).map(({ group: _g, ...row }) => row);
