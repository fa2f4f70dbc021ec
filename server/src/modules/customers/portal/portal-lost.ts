/**
 * A lost wristband (issue 28): its holder blocks it from the portal, so nobody who finds it can pay or
 * top up with it — a ban like the organiser's (the terminals receive it with their ban list), noted as
 * reported on the portal. At the info desk a wristband change moves its balance to a new wristband
 * (the feed records a change from a banned wristband, flagged). Reporting it twice changes nothing.
 */
import type { Language } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import * as bannedRepo from '../banned-wristbands/banned-wristbands.repo';
import { ban } from '../banned-wristbands/banned-wristbands.service';
import { customerEmail } from './card-top-up.repo';
import type * as repo from './portal.repo';
import { type PortalClaims, stateOf, wristbandOf } from './portal.service';
import { portalMailQueue } from './portal-mail.jobs';

export async function reportLost(
  ctx: AppContext,
  event: repo.PortalEvent,
  claims: PortalClaims,
  lang: Language = 'en',
) {
  if (stateOf(event) !== 'open') throw fail('portalClosed');
  const w = await wristbandOf(ctx.db, event.id, claims);
  if (!w) throw fail('portalNoWristband');
  if (await bannedRepo.findBySerial(ctx.db, w.nSerie)) return;
  try {
    await ban(ctx, null, {
      nSerie: w.nSerie,
      codeCheck: w.codeCheck ?? '',
      notes: `Reported lost by its holder on the portal of ${event.name}, ${new Date().toISOString()}`,
      banAndroid: 1,
      banTopUps: 1,
    });
  } catch (e) {
    // Reported twice at once: the other report banned it (and tells the attendee).
    if (!(await bannedRepo.findBySerial(ctx.db, w.nSerie))) throw e;
    return;
  }
  const to = w.customerId ? await customerEmail(ctx.db, w.customerId) : null;
  if (to)
    await ctx.jobs.enqueue(
      portalMailQueue,
      { kind: 'wristbandBlocked', eventId: event.id, id: w.id, lang, to },
      { eventId: event.id },
    );
}
