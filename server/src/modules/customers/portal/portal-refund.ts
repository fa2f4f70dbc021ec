/**
 * The attendee asks for their money back (issue 28): the whole cash balance of the wristband they
 * hold (the gift balance is never refunded), by bank transfer to the account they give. It becomes
 * the customer's refund the console lists and pays in a payout run, made by the console's own rules
 * (`createRefund`: one per customer, within the balance, BIC and IBAN checked together). A
 * wristband nobody registered gets its customer here, named after the account holder.
 */
import type { Language, PortalRefundRequest } from '@pulsera/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { customers, wristbands } from '../../../core/db/schema';
import { fail } from '../../../core/lib/errors';
import * as customersRepo from '../customers/customers.repo';
import { createRefund } from '../customers/customers.service';
import { customerEmail } from './card-top-up.repo';
import type * as repo from './portal.repo';
import { type PortalClaims, stateOf, wristbandOf } from './portal.service';
import { portalMailQueue } from './portal-mail.jobs';

export async function requestRefund(
  ctx: AppContext,
  event: repo.PortalEvent,
  claims: PortalClaims,
  body: z.output<typeof PortalRefundRequest>,
  lang: Language = 'en',
) {
  if (stateOf(event) !== 'open') throw fail('portalClosed');
  return ctx.db.transaction(async (tx) => {
    const held = await wristbandOf(tx, event.id, claims);
    if (!held) throw fail('refundNeedsWristband');
    // The wristband's row, locked: two requests at once make one customer and one refund.
    await tx.execute(sql`select id from wristbands where id = ${held.id} for update`);
    const [w] = await tx.select().from(wristbands).where(eq(wristbands.id, held.id));
    let customerId = w!.customerId;
    if (customerId === null) {
      const [c] = await tx
        .insert(customers)
        .values({ eventId: event.id, name: body.ccOwner, email: body.ccEmail || null })
        .returning({ id: customers.id });
      customerId = c!.id;
      await tx
        .update(wristbands)
        .set({ customerId })
        .where(and(eq(wristbands.id, w!.id), eq(wristbands.eventId, event.id)));
    }
    if (await customersRepo.refundOfCustomer(tx, event.id, customerId)) throw fail('portalRefundExists');
    const cash = await customersRepo.customerCash(tx, event.id, customerId);
    if (cash <= 0) throw fail('portalNothingToRefund');
    const refund = await createRefund({ ...ctx, db: tx }, event.id, null, {
      customerId,
      rfidId: w!.id,
      amount: cash / 100,
      fee: 0,
      ccOwner: body.ccOwner,
      ccIban: body.ccIban,
      ...(body.ccBic ? { ccBic: body.ccBic } : {}),
      ...(body.ccEmail ? { ccEmail: body.ccEmail } : {}),
    });
    // The acknowledgement, queued with the refund: to the address given, else the customer's.
    const to = body.ccEmail || (await customerEmail(tx, customerId));
    if (to)
      await ctx.jobs.enqueue(
        portalMailQueue,
        { kind: 'refundRequested', eventId: event.id, id: refund.id, lang, to },
        { tx, eventId: event.id },
      );
    return refund;
  });
}
