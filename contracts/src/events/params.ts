import { z } from 'zod';
import { id } from '../inputs';
import { Apli, EventParamExceptionSave } from './detail';

/**
 * Parameters (02-catalogue §2 Parameters, §3 Application parameter, §5 Global parameter / Event
 * parameter, §7 Parameters). Global mode (admin/configuration/params-default) edits the parameters
 * themselves: GET /global/appParams, POST /global/appParams {appParam}, DELETE /global/appParams/{id}.
 * Event mode (admin/events/params) edits the selected event's value and exceptions through
 * GET /event/params and POST /event/params {appParam} (contracts in event-detail.ts).
 */

const required = { error: 'validation.required' } as const;

export const APP_PARAM_NAME_MAX = 150;
export const APP_PARAM_VARIABLE_MAX = 100;
export const APP_PARAM_DESCRIPTION_MAX = 2000;
export const APP_PARAM_VALUE_MAX = 2000;
export const APP_PARAM_MODULE_MAX = 100;
/** A variable name: a letter, then letters, digits or underscores (how the applications read it). */
export const APP_PARAM_VARIABLE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
/** Parameters the console itself reads: they cannot be deleted nor renamed. */
export const SYSTEM_APP_PARAMS = ['ALLOWED_PAYMENT_METHODS'] as const;
/** The module choice of the global form (02-catalogue §5: none, existing or new). */
export const MODULE_CHOICES = ['none', 'existing', 'new'] as const;
export type ModuleChoice = (typeof MODULE_CHOICES)[number];

/** A global application parameter as listed in global mode. */
export const AppParam = z.object({
  id: z.number().int(),
  nameUnique: z.string(),
  name: z.string(),
  description: z.string(),
  defaultValue: z.string(),
  idApp: z.number().int().nullable(),
  /** The application's name (the list is grouped by application). */
  appName: z.string().nullable(),
  module: z.string().nullable(),
  /** Events that give it a value of their own (deleting it removes those too). */
  eventCount: z.number().int(),
  /** Read by the console itself: cannot be deleted nor renamed. */
  system: z.boolean(),
  /**
   * 02-catalogue §3: exceptions by location and device (null = all), for every event; an event's own
   * exception for the same place wins.
   */
  exceptions: z.array(
    z.object({
      idLocation: z.number().int().nullable(),
      idDevice: z.number().int().nullable(),
      value: z.string(),
    }),
  ),
  date_update: z.string(),
});
export type AppParam = z.infer<typeof AppParam>;

export const AppParamsResult = z.object({
  appParams: z.array(AppParam),
  aplis: z.array(Apli),
  /** The modules already in use, for the "existing" choice. */
  modules: z.array(z.string()),
  /** The places an exception may name: every event's locations (with the event) and the registry's devices. */
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), eventName: z.string() })),
  devices: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AppParamsResult = z.infer<typeof AppParamsResult>;

/** The body of POST /global/appParams {appParam}: no id creates, an id updates. Module null = none. */
export const AppParamSave = z.object({
  id: id().optional(),
  name: z.string().trim().min(1, required).max(APP_PARAM_NAME_MAX),
  nameUnique: z
    .string()
    .trim()
    .min(1, { ...required, abort: true })
    .max(APP_PARAM_VARIABLE_MAX)
    .regex(APP_PARAM_VARIABLE_PATTERN, { error: 'validation.variableName' }),
  description: z.string().trim().min(1, required).max(APP_PARAM_DESCRIPTION_MAX),
  defaultValue: z.string().trim().min(1, required).max(APP_PARAM_VALUE_MAX),
  idApp: id(),
  module: z
    .string()
    .trim()
    .max(APP_PARAM_MODULE_MAX)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  /** Left out: the stored exceptions stay (a client written before them keeps them). */
  exceptions: z.array(EventParamExceptionSave).max(500).optional(),
});
export type AppParamSave = z.infer<typeof AppParamSave>;
export const AppParamSaveRequest = z.object({ appParam: AppParamSave });

/** The global form: the module is chosen as none, an existing one or a new one. */
export const AppParamForm = z
  .object({
    name: AppParamSave.shape.name,
    nameUnique: AppParamSave.shape.nameUnique,
    description: AppParamSave.shape.description,
    defaultValue: AppParamSave.shape.defaultValue,
    idApp: z
      .string()
      .nullable()
      .refine((v) => !!v, required),
    moduleChoice: z.enum(MODULE_CHOICES),
    moduleExisting: z.string().nullable(),
    moduleNew: z.string().trim().max(APP_PARAM_MODULE_MAX),
    exceptions: z.array(EventParamExceptionSave).max(500),
  })
  .superRefine((v, ctx) => {
    for (const p of exceptionProblems(v.exceptions)) ctx.addIssue({ code: 'custom', ...p });
    if (v.moduleChoice === 'existing' && !v.moduleExisting)
      ctx.addIssue({ code: 'custom', path: ['moduleExisting'], message: 'validation.required' });
    if (v.moduleChoice === 'new' && !v.moduleNew)
      ctx.addIssue({ code: 'custom', path: ['moduleNew'], message: 'validation.required' });
  });
export type AppParamForm = z.infer<typeof AppParamForm>;

/** The module a global form names: null for none. */
export const moduleOf = (v: Pick<AppParamForm, 'moduleChoice' | 'moduleExisting' | 'moduleNew'>) =>
  v.moduleChoice === 'existing' ? v.moduleExisting : v.moduleChoice === 'new' ? v.moduleNew.trim() : null;

type Place = { idLocation: number | null; idDevice: number | null };
/**
 * 02-catalogue §5: no two exceptions share location and device; an all-locations, all-devices
 * exception is the value itself (the event's value, the global default), so a form refuses one.
 * Shared by the event's and the global form, and by the server's check of the global one.
 */
export function exceptionProblems(exceptions: readonly Place[]) {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<string>();
  exceptions.forEach((e, i) => {
    if (e.idLocation === null && e.idDevice === null) {
      problems.push({ path: ['exceptions', i, 'idLocation'], message: 'validation.exceptionIsValue' });
      return;
    }
    const k = `${e.idLocation ?? '*'}:${e.idDevice ?? '*'}`;
    if (seen.has(k))
      problems.push({ path: ['exceptions', i, 'idDevice'], message: 'validation.duplicateException' });
    seen.add(k);
  });
  return problems;
}

/**
 * The event form (02-catalogue §5 Event parameter): the value (empty = the default) and the
 * exceptions by location and device (null = all). Every exception needs a value; no two share
 * location and device; an all-locations, all-devices exception is the value itself, so the form
 * refuses one (the server adds it from the value when the value differs from the default).
 */
export const EventParamForm = z
  .object({
    value: z.string().max(APP_PARAM_VALUE_MAX).nullable(),
    exceptions: z
      .array(
        z.object({
          idLocation: id().nullable(),
          idDevice: id().nullable(),
          value: EventParamExceptionSave.shape.value,
        }),
      )
      .max(500),
  })
  .superRefine((v, ctx) => {
    for (const p of exceptionProblems(v.exceptions)) ctx.addIssue({ code: 'custom', ...p });
  });
export type EventParamForm = z.infer<typeof EventParamForm>;
