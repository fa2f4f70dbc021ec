import type {
  CapacityEventResult,
  DuplicateEventRequest,
  DuplicateEventResult,
  Event,
  EventParamSave,
  EventSave,
  EventTypeOption,
  KioskButton,
  KioskButtonSave,
  KioskConfig,
} from '@pulsera/contracts';
import { z } from 'zod';
import { ApiError, api } from '../../../lib/api';
import { eventKeys } from '../events/api';

/**
 * The event detail (01-console §2 admin/events/theevent, §7). Its queries live under the events'
 * key, so whatever refreshes the events (the images panel, a save) refreshes this screen too.
 */
export const eventDetailKeys = {
  all: eventKeys.all,
  detail: (id: number) => eventKeys.detail(id),
  kiosk: (id: number) => [...eventKeys.all, 'kiosk', id] as const,
  /** The event types in the user's language (GET /event/types); the language is part of the key. */
  types: (lang: string) => ['eventTypes', lang] as const,
};

/** GET /event/types (01-console §7): the event types with their translated names. */
export const listEventTypes = () => api.get<EventTypeOption[]>('/event/types');

/** Field errors of `{ <wrapper>: … }` bodies are named `<wrapper>.<field>`: the forms know `<field>`. */
async function unwrapFields<T>(wrapper: string, send: Promise<T>): Promise<T> {
  try {
    return await send;
  } catch (e) {
    if (!(e instanceof ApiError) || !e.fields.length) throw e;
    const prefix = `${wrapper}.`;
    throw new ApiError(
      e.status,
      e.code,
      e.description,
      e.fields.map((f) => ({ ...f, path: f.path.startsWith(prefix) ? f.path.slice(prefix.length) : f.path })),
      e.body,
    );
  }
}

const EventParamRow = z.object({
  id: z.number(),
  nameUnique: z.string(),
  defaultValue: z.string(),
  value: z.string().nullable(),
  exceptions: z.array(
    z.object({ idLocation: z.number().nullable(), idDevice: z.number().nullable(), value: z.string() }),
  ),
});
export type EventParamRow = z.infer<typeof EventParamRow>;

export interface EventDetail {
  event: Event;
  articles: { id: number; nombre: string }[];
  params: EventParamRow[];
}

export const loadEventDetail = (id: number) => api.get<EventDetail>(`/findEvent/${id}`);

export const saveEvent = (event: EventSave) =>
  unwrapFields('event', api.post<number>('/event', { event }, { form: true }));

export const saveEventParam = (appParam: EventParamSave) => api.post('/event/params', { appParam });

/**
 * The feature panel's realtime capacity toggle (01-console §7 Capacity): saved at once on its own call,
 * which also writes the capacity log's current slot when switched on.
 */
export const saveCapacityToggle = (capacityLog: 0 | 1) =>
  api.post<CapacityEventResult>('/capacity/event', { featureToggle: { capacityLog } });

// Kiosk
export const loadKiosk = () => api.get<KioskConfig>('/event/configKiosk');
export const saveKioskButton = (button: KioskButtonSave) =>
  unwrapFields('button', api.post<KioskButton>('/event/configKiosk', { button }, { form: true }));
export const deleteKioskButton = (id: number) => api.delete<boolean>(`/event/configKiosk/${id}`);
export const saveMessageOriginator = (messageOriginator: string) =>
  api.post<string>('/event/configKiosk/originator', { messageOriginator }, { form: true });

// Device-configuration QR
export const generateQr = (qrExpiration: number, authExpiration: number) =>
  api.post<string>('/event/generateQr', { qrExpiration, authExpiration }, { form: true });

// Duplicate
export const duplicateEvent = (request: DuplicateEventRequest) =>
  api.post<DuplicateEventResult>('/duplicateEvent', request, { form: true });
