import type {
  AppParamSave as AppParamSaveOut,
  AppParamsResult,
  EventParamSave as EventParamSaveOut,
  EventParamsResult,
} from '@pulsera/contracts';
import type { z } from 'zod';
import { ApiError, api } from '../../../lib/api';

/** The bodies as sent (defaults of the schemas may be left out). */
type AppParamSave = z.input<typeof AppParamSaveOut>;
type EventParamSave = z.input<typeof EventParamSaveOut>;
export type EventParamRow = EventParamsResult['params'][number];

/**
 * The parameters' calls (02-catalogue §7 Parameters): global mode (GET/POST/DELETE /global/appParams)
 * and event mode (GET/POST /event/params). Field errors of `{ appParam }` are named
 * `appParam.<field>`; the forms know them as `<field>`.
 */
async function unwrapFields<T>(send: Promise<T>): Promise<T> {
  try {
    return await send;
  } catch (e) {
    if (!(e instanceof ApiError) || !e.fields.length) throw e;
    const prefix = 'appParam.';
    throw new ApiError(
      e.status,
      e.code,
      e.description,
      e.fields.map((f) => ({ ...f, path: f.path.startsWith(prefix) ? f.path.slice(prefix.length) : f.path })),
      e.body,
    );
  }
}

export const paramKeys = {
  all: ['params'] as const,
  event: () => [...paramKeys.all, 'event'] as const,
  global: () => [...paramKeys.all, 'global'] as const,
};

export const loadEventParams = () => api.get<EventParamsResult>('/event/params');
export const saveEventParam = (appParam: EventParamSave) =>
  unwrapFields(api.post<EventParamRow>('/event/params', { appParam }, { form: true }));

export const loadAppParams = () => api.get<AppParamsResult>('/global/appParams');
export const saveAppParam = (appParam: AppParamSave) =>
  unwrapFields(api.post<number>('/global/appParams', { appParam }, { form: true }));
export const deleteAppParam = (id: number) => api.delete<boolean>(`/global/appParams/${id}`);
