/**
 * What a terminal's configuration carries from the event's parameters (01-console §3, 02-catalogue §5):
 * the payment methods (ALLOWED_PAYMENT_METHODS: the event's value, else the parameter's default, and
 * its exceptions by location and device, then the parameter's global exceptions for places the event
 * has none for, resolved on the terminal by contracts' `paymentLettersAt`),
 * and the event's own offline limits (TERMINAL_OFFLINE_HOURS, TERMINAL_OFFLINE_WRISTBAND_CENTS: the
 * event's value of each when an administrator made the parameter, else the server's settings). Read
 * from the tables here: the events module depends on terminals, not the reverse.
 */
import { type DeviceConfig, EVENT_DEFAULTS, PAYMENT_METHODS_EMPTY } from '@pulsera/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { appParamExceptions, appParams, eventParamExceptions, eventParams } from '../../../core/db/schema';

export const OFFLINE_HOURS_PARAM = 'TERMINAL_OFFLINE_HOURS';
export const OFFLINE_WRISTBAND_CENTS_PARAM = 'TERMINAL_OFFLINE_WRISTBAND_CENTS';
const PAYMENT_PARAM = 'ALLOWED_PAYMENT_METHODS';

/** A whole number of at least `min` in a parameter's text, else null (the setting applies). */
const wholeNumber = (text: string | null | undefined, min: number) => {
  const n = Number(text?.trim());
  return text?.trim() && Number.isInteger(n) && n >= min ? n : null;
};

export async function eventTerminalParams(db: Executor, eventId: number) {
  const names = [PAYMENT_PARAM, OFFLINE_HOURS_PARAM, OFFLINE_WRISTBAND_CENTS_PARAM];
  const [params, exceptions, globalExceptions] = await Promise.all([
    db
      .select({
        id: appParams.id,
        name: appParams.nameUnique,
        defaultValue: appParams.defaultValue,
        value: eventParams.value,
      })
      .from(appParams)
      .leftJoin(eventParams, and(eq(eventParams.paramId, appParams.id), eq(eventParams.eventId, eventId)))
      .where(inArray(appParams.nameUnique, names)),
    db
      .select({
        paramId: eventParamExceptions.paramId,
        idLocation: eventParamExceptions.idLocation,
        idDevice: eventParamExceptions.idDevice,
        value: eventParamExceptions.value,
      })
      .from(eventParamExceptions)
      .where(eq(eventParamExceptions.eventId, eventId))
      .orderBy(asc(eventParamExceptions.id)),
    db
      .select({
        paramId: appParamExceptions.paramId,
        idLocation: appParamExceptions.idLocation,
        idDevice: appParamExceptions.idDevice,
        value: appParamExceptions.value,
      })
      .from(appParamExceptions)
      .innerJoin(appParams, eq(appParams.id, appParamExceptions.paramId))
      .where(eq(appParams.nameUnique, PAYMENT_PARAM))
      .orderBy(asc(appParamExceptions.id)),
  ]);
  const param = (name: string) => params.find((p) => p.name === name);
  const payment = param(PAYMENT_PARAM);
  const own = exceptions.filter((e) => payment && e.paramId === payment.id);
  // The parameter's global exceptions apply too, where the event has none of its own for that place.
  const place = (e: { idLocation: number | null; idDevice: number | null }) =>
    `${e.idLocation}:${e.idDevice}`;
  const ownPlaces = new Set(own.map(place));
  const paymentMethods: DeviceConfig['paymentMethods'] = {
    value: payment ? (payment.value ?? payment.defaultValue) : EVENT_DEFAULTS.paymentMethods,
    exceptions: [...own, ...globalExceptions.filter((e) => !ownPlaces.has(place(e)))].map(
      ({ idLocation, idDevice, value }) => ({
        idLocation,
        idDevice,
        value: value || PAYMENT_METHODS_EMPTY,
      }),
    ),
  };
  return {
    paymentMethods,
    offlineHours: wholeNumber(param(OFFLINE_HOURS_PARAM)?.value, 1),
    offlineWristbandCents: wholeNumber(param(OFFLINE_WRISTBAND_CENTS_PARAM)?.value, 0),
  };
}
