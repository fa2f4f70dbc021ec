/** SQL helpers of the bulk load: rows of a raw query, integer arrays, deterministic picks and hashes per row. */
import { sql } from 'drizzle-orm';

/** The rows of a raw query's result. */

/** An SQL int[] of the numbers. */
export const ints = (a: number[]) => sql.raw(`array[${a.join(',')}]::int[]`);
/** `list[1 + (expr mod n)]`: a deterministic pick from a list, in SQL. */
export const pickRaw = (a: (number | string)[], expr: string) => {
  const text = typeof a[0] === 'string';
  const items = a.map((x) => (text ? `'${String(x).replace(/'/g, "''")}'` : String(x)));
  return `(array[${items.join(',')}]::${text ? 'text' : 'int'}[])[1 + ((${expr}) % ${a.length})]`;
};
export const pick = (a: (number | string)[], expr: string) => sql.raw(pickRaw(a, expr));
/**
 * A pseudo-random number ≥ 0 for row g (salted): rows of one wristband are g, g + W, g + 2W…, so a
 * selector `g mod m` would give a wristband the same kind of operation every time when m divides W.
 */
export const hx = (g: string, salt: number) => `(hashint4(((${g})::int) # ${salt}) & 2147483647)`;
