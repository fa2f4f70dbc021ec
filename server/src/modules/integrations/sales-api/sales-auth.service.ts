import { createHash, randomBytes } from 'node:crypto';
import type { SalesTokensRequest } from '@pulsera/contracts';
import { scheduleIdOfState } from '@pulsera/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import { salesAuthStates, salesSchedules } from '../../../core/db/schema';
import { fail } from '../../../core/lib/errors';
import { exchangeCode, type TokenSet } from './platform';
import * as repo from './sales-api.repo';
import { ownSchedule } from './sales-schedules.service';
import { connectionOf, sealedTokens } from './sales-tokens';

/**
 * The authorisation of a sales schedule with its platform (OAuth 2 authorisation code): the state a
 * user starts, and the code redeemed for the tokens, stored sealed.
 */

/** How long an authorisation request (its state) may take. */
const STATE_MINUTES = 15;

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/**
 * Starts an authorisation (RFC 6749 §4.1.1): a state of 32 random bytes, stored hashed, bound to this
 * user and schedule, single use, valid 15 minutes; the answer is the platform's authorisation address.
 */
export async function startAuthorization(
  ctx: AppContext,
  eventId: number,
  userId: number,
  scheduleId: number,
  redirectUri: string,
) {
  const s = await ownSchedule(ctx.db, eventId, scheduleId);
  const state = `${s.id}.${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + STATE_MINUTES * 60_000);
  await ctx.db.insert(salesAuthStates).values({
    scheduleId: s.id,
    userId,
    stateHash: sha256(state),
    redirectUri,
    expiresAt,
  });
  const url = new URL(s.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', s.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (s.scope) url.searchParams.set('scope', s.scope);
  url.searchParams.set('state', state);
  return { url: url.toString(), expiresAt: expiresAt.toISOString() };
}

/**
 * auth/enable-uber-auth → POST /api-server/sales-schedule/tokens {scheduleId, code} with the state the
 * page arrived with (header `x-authorization-state`, or `state` in the body): the state must be one
 * this user started for this schedule, unused and unexpired; it is spent whatever
 * follows. The code is exchanged at the token URL (client authentication by HTTP Basic) and the
 * tokens stored encrypted. Any refusal is 'Error activating synchronization' (enablePosTokenError).
 */
export async function redeemTokens(
  ctx: AppContext,
  eventId: number,
  userId: number,
  input: SalesTokensRequest,
  log: (o: object, m: string) => void,
) {
  const refused = (why: string) => {
    log({ scheduleId: input.scheduleId, why }, 'sales API authorisation refused');
    // The spent state stays spent (the request's writes commit).
    return fail('enablePosTokenError', { keepChanges: true });
  };
  // The spec's body is {scheduleId, code}; the state comes beside it from the callback page.
  if (!input.state) throw refused('no state: the callback did not hand it over');
  if (scheduleIdOfState(input.state) !== input.scheduleId) throw refused('state names another schedule');
  const [found] = await ctx.db
    .select()
    .from(salesAuthStates)
    .where(eq(salesAuthStates.stateHash, sha256(input.state)));
  if (!found || found.usedAt || found.expiresAt <= new Date())
    throw refused('unknown, used or expired state');
  // Someone else's state (or another schedule's) is refused and left to its owner.
  if (found.userId !== userId) throw refused('state of another user');
  if (found.scheduleId !== input.scheduleId) throw refused('state of another schedule');
  // Spent once: of two redemptions racing, one wins.
  const [spent] = await ctx.db
    .update(salesAuthStates)
    .set({ usedAt: new Date() })
    .where(and(eq(salesAuthStates.id, found.id), isNull(salesAuthStates.usedAt)))
    .returning();
  if (!spent) throw refused('state already used');
  const s = await repo.scheduleById(ctx.db, input.scheduleId, true);
  if (!s || s.eventId !== eventId) throw refused('schedule of another event');
  let tokens: TokenSet;
  try {
    tokens = await exchangeCode(connectionOf(ctx, s), input.code, spent.redirectUri);
  } catch (e) {
    throw refused(e instanceof Error ? e.message : 'token exchange failed');
  }
  await ctx.db
    .update(salesSchedules)
    .set({
      ...sealedTokens(ctx, tokens),
      authorizedAt: new Date(),
      authorizedBy: userId,
      updatedAt: new Date(),
    })
    .where(eq(salesSchedules.id, s.id));
  return { enabled: true, scheduleId: s.id, name: s.name };
}
