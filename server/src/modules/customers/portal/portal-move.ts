/**
 * A lost wristband's balance moved to a new wristband from the portal (issue 28): the attendee types
 * the new wristband's serial and check code (both printed on it). The server checks the code (the
 * same answer for an unknown serial and a wrong code, throttled as the sign-in), refuses a wristband
 * in use, banned or of another event, and moves balances, customer, flags and role exactly as a
 * terminal's wristband change does (the terminals' changeWristbandOnServer: N-RS and N-RE rows, the
 * ledger, the change the console's customer screen lists). The old wristband is banned if it was not
 * yet. Everything in one transaction whose audit rows name the attendee as the actor. Exactly once:
 * the change's operation id comes from the old wristband, which can be replaced only once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { PortalMoveWristband } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { requestTx } from '../../../core/db/request-tx';
import { rowsOf } from '../../../core/db/rows';
import { fail } from '../../../core/lib/errors';
import { changeWristbandOnServer, stockWristband } from '../../terminals';
import * as bannedRepo from '../banned-wristbands/banned-wristbands.repo';
import { ban } from '../banned-wristbands/banned-wristbands.service';
import { changesOf } from '../customers/customers.repo';
import { customerEmail } from './card-top-up.repo';
import type * as repo from './portal.repo';
import { wristbandBySerial } from './portal.repo';
import { type PortalClaims, stateOf, wristbandOf } from './portal.service';

/** Equal in constant time (both hashed first, so lengths tell nothing). */
const sameCode = (a: string, b: string) =>
  timingSafeEqual(
    createHash('sha256').update(a.trim().toUpperCase()).digest(),
    createHash('sha256').update(b.trim().toUpperCase()).digest(),
  );

/** The change's operation id: one per old wristband (a uuid made of its event and id). */
export function moveOperationId(eventId: number, wristbandId: number) {
  const h = createHash('sha256').update(`portal-lost-move:${eventId}:${wristbandId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Where the request came from, for the audit row. */
export interface MoveRequest {
  ip: string;
  route: string;
}

export async function moveToNewWristband(
  ctx: AppContext,
  event: repo.PortalEvent,
  claims: PortalClaims,
  input: z.output<typeof PortalMoveWristband>,
  from: MoveRequest,
) {
  if (stateOf(event) !== 'open') throw fail('portalClosed');
  const old = await wristbandOf(ctx.db, event.id, claims);
  if (!old) throw fail('portalNoWristband');
  const typed = input.serial;
  const key = `portal:${event.id}:move:${typed.toUpperCase()}`;
  // The new wristband: one the event has seen, else one of the event's stock. Its check code decides
  // before anything else is said of it. Attempts at one serial take turns (a transaction-scoped
  // advisory lock on the throttle's key): the same request sent several times at once is counted one
  // attempt at a time, so a burst of right ones never reaches the throttle's limit, while wrong ones
  // are still counted, and kept, each.
  const checked = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    return requestTx.run({ tx, after: [] }, async () => {
      await ctx.throttle.before(key, from.ip);
      const known = await wristbandBySerial(tx, event.id, typed);
      const stock = known ? null : await stockWristband(tx, typed);
      const code = known?.codeCheck ?? stock?.code_check ?? null;
      const codeOk = sameCode(code ?? '\u0000', input.checkCode);
      if (!code || !codeOk) {
        await ctx.throttle.failed(key, from.ip);
        return null;
      }
      await ctx.throttle.succeeded(key, from.ip);
      return { known, stock, code };
    });
  });
  if (!checked) throw fail('portalNewWristbandFailed');
  const { known, stock, code } = checked;
  // Already moved (the same request sent again): the attendee holds the new wristband now.
  if (known && known.id === old.id) {
    const changes = await changesOf(ctx.db, event.id, [old.id]);
    if (changes.some((c) => c.endRfid === old.nSerie)) return;
    throw fail('portalWristbandInUse');
  }
  if (!known && stock?.event_id !== event.id) throw fail('portalWristbandOtherEvent');
  const endSerial = known?.nSerie ?? stock!.n_serie;
  const to = old.customerId ? await customerEmail(ctx.db, old.customerId) : null;

  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pulsera.audit', ${JSON.stringify({
        kind: 'attendee',
        userEmail: to,
        ip: from.ip,
        eventId: event.id,
        method: 'POST',
        route: from.route,
        action: 'wristbandReplaced',
      })}, true)`,
    );
    await requestTx.run({ tx, after: [] }, async () => {
      const outcome = await changeWristbandOnServer(tx, event.id, {
        operationId: moveOperationId(event.id, old.id),
        sourceSerial: old.nSerie,
        endSerial,
        endCodeCheck: code,
        at: new Date(),
        accept: async (_source, end) => {
          if (await bannedRepo.findBySerial(tx, end.n_serie)) throw fail('portalWristbandBanned');
          const used = rowsOf(
            await tx.execute(
              sql`select 1 from ledger_entries where event_id = ${event.id}::int and wristband_id = ${end.id}::int limit 1`,
            ),
          ).length;
          const inUse =
            end.id === old.id ||
            end.active !== 1 ||
            end.customer_id !== null ||
            end.role_id !== null ||
            end.cash !== 0 ||
            end.gift !== 0 ||
            end.flags.length > 0 ||
            used > 0;
          if (inUse) throw fail('portalWristbandInUse');
          if (await bannedRepo.findBySerial(tx, old.nSerie)) return;
          // Not blocked yet: the old wristband is banned with the move.
          await ban(ctx, null, {
            nSerie: old.nSerie,
            codeCheck: old.codeCheck ?? '',
            notes: `Replaced by ${end.n_serie} by its holder on the portal of ${event.name}, ${new Date().toISOString()}`,
            banAndroid: 1,
            banTopUps: 1,
          });
        },
      });
      if (outcome === 'tooLarge') throw fail('conflict');
    });
  });
}
