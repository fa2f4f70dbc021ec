import type { CapacityEventResult, FeatureToggle } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import * as repo from './event-detail.repo';

const flag = (n: number) => (n === 1 ? 1 : 0) as 0 | 1;

/** GET /capacity/event: whether the realtime capacity log is on for the selected event. */
export async function capacityToggle(ctx: AppContext, eventId: number): Promise<CapacityEventResult> {
  const event = await repo.findEvent(ctx.db, eventId);
  if (!event) throw fail('notFound');
  return { capacityLog: flag(event.capacityLog) };
}

/**
 * POST /capacity/event {featureToggle}: switches the realtime capacity log. It is also a field of the
 * event form, so the event's update_time moves on and a form loaded before is refused (409).
 */
export async function saveCapacityToggle(ctx: AppContext, eventId: number, toggle: FeatureToggle) {
  return ctx.db.transaction(async (tx) => {
    const event = await repo.lockEvent(tx, eventId);
    if (!event) throw fail('notFound');
    const updatedAt = new Date(Math.max(Date.now(), event.updatedAt.getTime() + 1));
    await repo.updateEvent(tx, eventId, { capacityLog: toggle.capacityLog, updatedAt });
    return { capacityLog: toggle.capacityLog };
  });
}
