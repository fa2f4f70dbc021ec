import { inArray, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { currentDb } from '../db/request-tx';
import { loginThrottle } from '../db/schema';
import { fail } from './errors';

/**
 * Failed sign-ins are slowed without letting an attacker lock other users out:
 * - per account and client address: after N attempts the pair is blocked for a doubling time
 *   (30 s, 60 s, … up to the window). The account still signs in from any other address.
 * - per client address: after many attempts across accounts the address is blocked for the window.
 * - per account from anywhere: past a threshold every attempt waits one second first (slowed, never
 *   refused), which takes the speed out of a distributed guess at one password.
 * Counters live in the database, so every server process sees the same ones.
 *
 * The pair and address counters hold under concurrency: an attempt is **reserved** before the
 * password is checked, by one atomic upsert that counts it and, when it reaches the limit, sets the
 * block in the same statement; a blocked key reserves nothing. So of a burst of concurrent attempts
 * at most the limit are checked, whatever the password. A sign-in that succeeds resets the pair and
 * gives its address attempt back; one that stops at "one-time code required" only gives it back.
 */
export class LoginThrottle {
  constructor(
    private readonly baseDb: Db,
    private readonly cfg: Config['loginThrottle'],
    private readonly sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Inside an audited request, its transaction (the database itself would wait for it on PGlite). */
  private get db() {
    return currentDb(this.baseDb);
  }

  private keys(email: string, ip: string) {
    const e = email.toLowerCase();
    return { pair: `pair:${e}|${ip}`, ip: `ip:${ip}`, account: `acct:${e}` };
  }

  private get windowSeconds() {
    return this.cfg.windowMinutes * 60;
  }

  /**
   * Counts one attempt on `key` unless it is blocked; the attempt that reaches `limit` blocks the key
   * (for `blockSeconds(count)`). Returns null when reserved, else the seconds left of the block.
   */
  private async reserve(key: string, limit: number, doubling: boolean): Promise<number | null> {
    const win = this.windowSeconds;
    const expired = sql`${loginThrottle.windowStart} < now() - make_interval(secs => ${win})`;
    const count = sql`(case when ${expired} then 1 else ${loginThrottle.failures} + 1 end)`;
    const blockFor = (n: SQL) =>
      doubling
        ? sql`make_interval(secs => least(30 * power(2, greatest(${n} - ${limit}, 0)), ${win}))`
        : sql`make_interval(secs => ${win})`;
    const rows = await this.db
      .insert(loginThrottle)
      .values({
        key,
        failures: 1,
        blockedUntil: limit <= 1 ? sql`now() + ${blockFor(sql`1`)}` : null,
      })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: count,
          windowStart: sql`case when ${expired} then now() else ${loginThrottle.windowStart} end`,
          blockedUntil: sql`case when ${count} >= ${limit} then now() + ${blockFor(count)} when ${expired} then null else ${loginThrottle.blockedUntil} end`,
        },
        // A blocked key (within its window) counts nothing more: the attempt is refused unchecked.
        setWhere: sql`${loginThrottle.blockedUntil} is null or ${loginThrottle.blockedUntil} <= now() or ${expired}`,
      })
      .returning({ failures: loginThrottle.failures });
    if (rows.length > 0) return null;
    const [row] = await this.db
      .select({ left: sql<number>`ceil(extract(epoch from ${loginThrottle.blockedUntil} - now()))::int` })
      .from(loginThrottle)
      .where(sql`${loginThrottle.key} = ${key}`);
    return Math.max(1, Number(row?.left ?? 1));
  }

  /** Gives one reserved attempt back (and lifts the block when the count falls under the limit). */
  private async release(key: string, limit: number) {
    await this.db
      .update(loginThrottle)
      .set({
        failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
        blockedUntil: sql`case when ${loginThrottle.failures} - 1 < ${limit} then null else ${loginThrottle.blockedUntil} end`,
      })
      .where(sql`${loginThrottle.key} = ${key}`);
  }

  /** Before the password is checked: reserves the attempt for the pair and the address, or refuses. */
  async before(email: string, ip: string) {
    const k = this.keys(email, ip);
    const refuse = (seconds: number) => fail('tooManyAttempts', { params: { seconds }, retryAfter: seconds });
    const pairLeft = await this.reserve(k.pair, this.cfg.pairFailures, true);
    if (pairLeft !== null) throw refuse(pairLeft);
    const ipLeft = await this.reserve(k.ip, this.cfg.ipFailures, false);
    if (ipLeft !== null) {
      await this.release(k.pair, this.cfg.pairFailures);
      throw refuse(ipLeft);
    }
    const [acct] = await this.db
      .select()
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, [k.account]));
    const fresh = acct && Date.now() - acct.windowStart.getTime() < this.windowSeconds * 1000;
    if (fresh && acct.failures >= this.cfg.accountFailures) await this.sleep(1000);
  }

  /** A failed attempt: the pair and address already counted it; the account's counter slows guesses. */
  async failed(email: string, _ip: string) {
    const k = this.keys(email, _ip);
    const win = this.windowSeconds;
    const expired = sql`${loginThrottle.windowStart} < now() - make_interval(secs => ${win})`;
    await this.db
      .insert(loginThrottle)
      .values({ key: k.account, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${loginThrottle.windowStart} end`,
        },
      });
  }

  /** The password was right but a one-time code is still needed: the attempt is given back. */
  async released(email: string, ip: string) {
    const k = this.keys(email, ip);
    await this.release(k.pair, this.cfg.pairFailures);
    await this.release(k.ip, this.cfg.ipFailures);
  }

  /**
   * "Forgot your password?": the address may ask as often as it may fail sign-ins (refused past it);
   * one account gets at most three links per window (false: answer the same, send nothing).
   */
  async resetRequest(email: string, ip: string): Promise<boolean> {
    const left = await this.reserve(`reset-ip:${ip}`, this.cfg.ipFailures, false);
    if (left !== null) throw fail('tooManyAttempts', { params: { seconds: left }, retryAfter: left });
    return (await this.reserve(`reset:${email.toLowerCase()}`, 3, false)) === null;
  }

  /** Signed in: the pair and the account start afresh; the address gets its attempt back. */
  async succeeded(email: string, ip: string) {
    const k = this.keys(email, ip);
    await this.db.delete(loginThrottle).where(inArray(loginThrottle.key, [k.pair, k.account]));
    await this.release(k.ip, this.cfg.ipFailures);
  }
}

type SQL = ReturnType<typeof sql>;
