/** How the bench festival's operations split between tickets, presence, sales, top-ups and access. */

/** How many g in 1..n have g mod m = r. */
const countMod = (n: number, m: number, r: number) =>
  r === 0 ? Math.floor(n / m) : n >= r ? Math.floor((n - r) / m) + 1 : 0;

/** How the operations of a festival of W wristbands and N operations split (see loadFestival). */
export function operationMix(opts: { wristbands: number; operations: number; days: number; staff: number }) {
  const W = opts.wristbands;
  const N = opts.operations;
  const validations = W + countMod(W, 100, 50); // every ticket, 1 % scanned again (repeated)
  const vip = countMod(W, 12, 0);
  const complements = {
    RV: vip - countMod(W, 60, 0),
    'RV-WA': countMod(W, 60, 0),
    AV: countMod(W, 10, 3),
    'AV-WA': countMod(W, 50, 7),
  };
  const complementCount = Object.values(complements).reduce((s, n) => s + n, 0);
  const roleRecordings = Math.round(W * 0.01);
  const changes = W >= 200 ? Math.max(1, Math.round(W * 0.003)) : 0;
  // Every staff member checks in and out each day; on the last day one in 25 has not checked out yet.
  const presence = opts.staff * opts.days * 2 - Math.ceil(opts.staff / 25);
  const sales = Math.round(N * 0.46);
  // A tenth of the sales are metre orders, 5 % of which first fail (order errors).
  const orderErrors = Math.round(sales * 0.005);
  const balanceOps = Math.max(0, Math.round(N * 0.12) - complementCount - roleRecordings);
  // Each attendee's first top-up at arrival loads what they will spend (when the budget allows).
  const arrivals = balanceOps >= 2 * W ? W : 0;
  const topUps = balanceOps - arrivals;
  const fixed =
    validations +
    complementCount +
    2 * roleRecordings +
    arrivals +
    changes +
    presence +
    sales +
    orderErrors +
    topUps;
  const access = N - fixed;
  if (access < 0) {
    throw new Error(
      `${N} operations are too few for ${W} wristbands (the validations, presence checks, sales and top-ups alone make ${fixed})`,
    );
  }
  return {
    validations,
    complements,
    complementCount,
    roleRecordings,
    changes,
    presence,
    sales,
    orderErrors,
    arrivals,
    topUps,
    access,
    total: fixed + access,
  };
}

export type OperationMix = ReturnType<typeof operationMix>;
