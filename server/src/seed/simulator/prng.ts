/** The simulator's randomness: a small seeded generator, so a seed always yields the same festival. */

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const hex = (n: number) => {
    let s = '';
    while (s.length < n)
      s += Math.floor(next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return s.slice(0, n);
  };
  const uuid = () => {
    const h = hex(32);
    const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  /** A time of day (hours) with the evening peak of a bar: most between 21:00 and 01:00. */
  const eveningHour = () => {
    const r = next();
    if (r < 0.15) return 13 + next() * 5; // afternoon
    if (r < 0.35) return 18 + next() * 3; // early evening
    // the peak: a triangle centred on 23:30, from 20:30 to 03:30
    return 20.5 + (next() + next()) * 3.5;
  };
  return { next, int, pick, chance, hex, uuid, eveningHour };
}
export type Rng = ReturnType<typeof prng>;
