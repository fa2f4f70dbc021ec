import { inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentDb } from '../../db/request-tx';
import { loginThrottle } from '../../db/schema';
import { fail } from '../../lib/errors';

/**
 * Failed sign-ins are slowed without letting an attacker lock other users out:
 * - per account and client address: after N failures the pair is blocked for a doubling time
 *   (30 s, 60 s, … up to the window). The account still signs in from any other address.
 * - per client address: after many failures across accounts the address is blocked for the window.
 * - per account from anywhere: past a threshold every attempt waits one second first (slowed, never
 *   refused), which takes the speed out of a distributed guess at one password.
 * Counters live in the database, so every server process sees the same ones.
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

  async before(email: string, ip: string) {
    const k = this.keys(email, ip);
    const rows = await this.db
      .select()
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, [k.pair, k.ip, k.account]));
    const now = Date.now();
    for (const row of rows) {
      if ((row.key === k.pair || row.key === k.ip) && row.blockedUntil && row.blockedUntil.getTime() > now) {
        throw fail('tooManyAttempts', {
          params: { seconds: Math.ceil((row.blockedUntil.getTime() - now) / 1000) },
          retryAfter: Math.ceil((row.blockedUntil.getTime() - now) / 1000),
        });
      }
      const fresh = now - row.windowStart.getTime() < this.cfg.windowMinutes * 60_000;
      if (row.key === k.account && fresh && row.failures >= this.cfg.accountFailures) await this.sleep(1000);
    }
  }

  async failed(email: string, ip: string) {
    const k = this.keys(email, ip);
    const windowSql = sql.raw(`interval '${this.cfg.windowMinutes} minutes'`);
    const bump = async (key: string) => {
      const [row] = await this.db
        .insert(loginThrottle)
        .values({ key, failures: 1 })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.windowStart} < now() - ${windowSql} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStart: sql`case when ${loginThrottle.windowStart} < now() - ${windowSql} then now() else ${loginThrottle.windowStart} end`,
          },
        })
        .returning();
      return row!.failures;
    };
    const block = (key: string, seconds: number) =>
      this.db
        .update(loginThrottle)
        .set({ blockedUntil: new Date(Date.now() + seconds * 1000) })
        .where(sql`${loginThrottle.key} = ${key}`);

    const windowSeconds = this.cfg.windowMinutes * 60;
    const pairFailures = await bump(k.pair);
    if (pairFailures >= this.cfg.pairFailures) {
      await block(k.pair, Math.min(30 * 2 ** (pairFailures - this.cfg.pairFailures), windowSeconds));
    }
    const ipFailures = await bump(k.ip);
    if (ipFailures >= this.cfg.ipFailures) await block(k.ip, windowSeconds);
    await bump(k.account);
  }

  async succeeded(email: string, ip: string) {
    const k = this.keys(email, ip);
    await this.db.delete(loginThrottle).where(inArray(loginThrottle.key, [k.pair, k.account]));
  }
}
