import type { EventParamSave, EventParamsResult } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { fail, fieldError } from '../../../core/lib/errors';
import { assertPaymentLettersEnabled } from '../../terminals';
import * as repo from '../detail/event-detail.repo';
import * as eventsRepo from '../events/events.repo';
import * as events from '../events/events.service';

/** GET /event/params: the event's value of every application parameter, the applications, and the
 * event's locations and devices for the exceptions. */
export async function eventParams(ctx: AppContext, eventId: number): Promise<EventParamsResult> {
  await events.ensurePaymentMethodsParam(ctx.db);
  const [params, aplis, locations, devices] = await Promise.all([
    eventsRepo.eventParamsWithExceptions(ctx.db, eventId),
    repo.listApplications(ctx.db),
    repo.eventLocations(ctx.db, eventId),
    repo.eventDevices(ctx.db, eventId),
  ]);
  return { params, aplis, locations, devices };
}

const key = (e: { idLocation: number | null; idDevice: number | null }) =>
  `${e.idLocation ?? '*'}:${e.idDevice ?? '*'}`;

/**
 * POST /event/params {appParam} (02-catalogue §5 Event parameter): every exception has a value; no two
 * share location and device (null = all); the value itself is the all-all exception when it differs
 * from the default (a submitted all-all exception is replaced by it). Answers the saved parameter.
 */
export async function saveEventParam(ctx: AppContext, eventId: number, input: EventParamSave) {
  return ctx.db.transaction(async (tx) => {
    const param = await repo.findAppParam(tx, input.id);
    if (!param) throw fail('notFound');
    if (param.nameUnique === events.ALLOWED_PAYMENT_METHODS)
      await checkPaymentLetters(tx, eventId, param.id, input);
    const seen = new Set<string>();
    input.exceptions.forEach((e, i) => {
      const k = key(e);
      if (seen.has(k)) throw fieldError(`appParam.exceptions.${i}`, 'validation.duplicateException');
      seen.add(k);
    });
    const locationIds = [...new Set(input.exceptions.flatMap((e) => (e.idLocation ? [e.idLocation] : [])))];
    const ownLocations = await repo.eventLocationIds(tx, eventId, locationIds);
    const deviceIds = [...new Set(input.exceptions.flatMap((e) => (e.idDevice ? [e.idDevice] : [])))];
    const knownDevices = await repo.existingDeviceIds(tx, deviceIds);
    input.exceptions.forEach((e, i) => {
      if (e.idLocation !== null && !ownLocations.includes(e.idLocation))
        throw fieldError(`appParam.exceptions.${i}.idLocation`, 'validation.invalid');
      if (e.idDevice !== null && !knownDevices.includes(e.idDevice))
        throw fieldError(`appParam.exceptions.${i}.idDevice`, 'validation.invalid');
    });

    const value = input.value;
    const rows = input.exceptions.filter((e) => e.idLocation !== null || e.idDevice !== null);
    if (value !== null && value !== param.defaultValue)
      rows.unshift({ idLocation: null, idDevice: null, value });
    await repo.upsertEventParam(tx, eventId, param.id, value);
    await repo.replaceParamExceptions(tx, eventId, param.id, rows);
    const saved = (await eventsRepo.eventParamsWithExceptions(tx, eventId)).find((p) => p.id === param.id);
    return saved!;
  });
}

/**
 * ALLOWED_PAYMENT_METHODS offers only the letters enabled in the catalogue: the event's value may hold
 * no disabled letter; an exception may keep one it held before the letter was disabled, not gain one.
 */
async function checkPaymentLetters(tx: Executor, eventId: number, paramId: number, input: EventParamSave) {
  const stored = (await eventsRepo.eventParamsWithExceptions(tx, eventId)).find((p) => p.id === paramId);
  const before = new Map((stored?.exceptions ?? []).map((e) => [key(e), e.value ?? '']));
  const added = input.exceptions.map((e) =>
    [...(e.value ?? '')].filter((l) => !before.get(key(e))?.includes(l)).join(''),
  );
  await assertPaymentLettersEnabled(tx, [input.value, ...added]);
}
