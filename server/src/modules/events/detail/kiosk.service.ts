import type { KioskButton, KioskButtonSave, KioskConfig } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import * as repo from './event-detail.repo';

const toDto = (r: repo.KioskButtonRow): KioskButton => ({
  id: r.id,
  description: { es: r.descriptionEs, en: r.descriptionEn },
  topUpAmount: r.topUpAmount,
});

/** GET /event/configKiosk: the message originator and the kiosk buttons of the selected event. */
export async function kioskConfig(ctx: AppContext, eventId: number): Promise<KioskConfig> {
  const event = await repo.findEvent(ctx.db, eventId);
  if (!event) throw fail('notFound');
  const buttons = await repo.listKioskButtons(ctx.db, eventId);
  return { messageOriginator: event.messageOriginator, buttons: buttons.map(toDto) };
}

/** POST /event/configKiosk {button}: no id creates, an id updates a button of this event (else 404). */
export async function saveKioskButton(ctx: AppContext, eventId: number, input: KioskButtonSave) {
  const values = {
    descriptionEs: input.description.es,
    descriptionEn: input.description.en,
    topUpAmount: input.topUpAmount,
  };
  return ctx.db.transaction(async (tx) => {
    if (input.id === undefined) return toDto(await repo.insertKioskButton(tx, { ...values, eventId }));
    const row = await repo.updateKioskButton(tx, eventId, input.id, values);
    if (!row) throw fail('notFound');
    return toDto(row);
  });
}

/** DELETE /event/configKiosk/{id}. */
export async function deleteKioskButton(ctx: AppContext, eventId: number, id: number) {
  if (!(await repo.deleteKioskButton(ctx.db, eventId, id))) throw fail('notFound');
  return true;
}

/**
 * POST /event/configKiosk/originator {messageOriginator}: the SMS sender name of the kiosks. Saved on
 * its own (not with the event form), so it does not change the event's update_time.
 */
export async function saveMessageOriginator(ctx: AppContext, eventId: number, value: string) {
  await repo.updateEvent(ctx.db, eventId, { messageOriginator: value });
  return value;
}
