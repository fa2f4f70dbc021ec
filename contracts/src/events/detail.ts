import { z } from 'zod';
import {
  DATE_BOUNDS,
  EVENT_TYPES,
  MESSAGE_ORIGINATOR,
  OPERATIONS_MAX_YEARS,
  QR_AUTH_DAYS_DEFAULT,
  QR_VALIDITY_MINUTES,
  RATE_DECIMALS,
  TAG_COUNTER_SLOTS,
  VAT_RANGE,
} from '../constants';
import { id } from '../inputs';
import { LANGUAGE_ISO_PATTERN } from '../settings/languages';
import { EventParam } from './events';

/**
 * The event detail (01-console §2 "Event detail", §3, §4, §5): the full event form, event parameters,
 * kiosk configuration, the device-configuration QR, the duplicate request and the capacity toggle.
 */
const isoDate = z.iso.datetime({ offset: true });

/**
 * The allowed date range (01-console §9: 2020-01-01 to 2099-12-31), as UTC instants like the other
 * dated entities (fees, bonuses); the form's pickers show the same instants in the event's zone.
 */
export const EVENT_DATE_MIN = `${DATE_BOUNDS.min}T00:00:00.000Z`;
export const EVENT_DATE_MAX = `${DATE_BOUNDS.max}T23:59:59.999Z`;
/** An event date within the allowed range: before it "start on or after", after it "end on or before". */
const eventDate = isoDate
  .refine((v) => !(Date.parse(v) < Date.parse(EVENT_DATE_MIN)), {
    error: `validation.startBound|{"bound":"${DATE_BOUNDS.min}"}`,
  })
  .refine((v) => !(Date.parse(v) > Date.parse(EVENT_DATE_MAX)), {
    error: `validation.endBound|{"bound":"${DATE_BOUNDS.max}"}`,
  });
const flag01 = z.union([z.literal(0), z.literal(1)]);

/** A real IANA time zone (what `Intl` knows; aliases such as UTC are accepted). */
export function isValidTimeZone(tz: string) {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The smallest rate step (01-console §5: step 0.000001). */
export const RATE_STEP = 1 / 10 ** RATE_DECIMALS;
/** The minimum rate: the local currency's fraction, or 0.01 (01-console §5). */
export const minRate = (localFraction: number | null | undefined) =>
  localFraction && localFraction > 0 ? localFraction : 0.01;

const addYears = (iso: string, years: number) => {
  const d = new Date(iso);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.getTime();
};

type Dated = {
  f_inicio?: string;
  f_fin?: string;
  f_inicio_operaciones?: string | null;
  f_fin_operaciones?: string | null;
};

/**
 * 01-console §5: start not after end (errorDates); operations dates both given or both empty, start not
 * after end, and the end within 5 years of the operations start (errorOperationDates).
 */
export function checkEventDates(v: Dated, ctx: z.RefinementCtx) {
  if (v.f_inicio && v.f_fin && Date.parse(v.f_inicio) > Date.parse(v.f_fin)) {
    ctx.addIssue({ code: 'custom', path: ['f_fin'], message: 'validation.errorDates', input: v.f_fin });
  }
  const os = v.f_inicio_operaciones || null;
  const oe = v.f_fin_operaciones || null;
  if (!os && !oe) return;
  const bad =
    !os || !oe || Date.parse(os) > Date.parse(oe) || Date.parse(oe) > addYears(os, OPERATIONS_MAX_YEARS);
  if (bad) {
    ctx.addIssue({
      code: 'custom',
      path: [oe ? 'f_fin_operaciones' : 'f_inicio_operaciones'],
      message: 'validation.errorOperationDates',
      input: oe ?? os,
    });
  }
}

/** One of the four tag-counter slots (positions 0 to 3). Off, or no increment article, clears it. */
export const TagCounterSlot = z.object({
  position: z
    .number()
    .int()
    .min(0)
    .max(TAG_COUNTER_SLOTS - 1),
  enabled: z.boolean().optional(),
  idArticleIncrement: id().nullable(),
  idArticleDecrement: id().nullable().optional(),
});
export type TagCounterSlot = z.infer<typeof TagCounterSlot>;

export const FeatureToggle = z.object({ capacityLog: flag01 });
export type FeatureToggle = z.infer<typeof FeatureToggle>;

const vat = z.number().min(VAT_RANGE.min).max(VAT_RANGE.max);

/**
 * The event form's fields (01-console §2 Event tab). Fields marked optional keep their stored value
 * when absent. `reusableTag` and `billing` are the form's toggles: off clears the fee / the VAT.
 */
const EventSaveBase = z.object({
  id: id().optional(),
  nombre: z.string().trim().min(1, { error: 'validation.required' }).max(150),
  id_promotor: id(),
  teamIds: z.array(id()).max(200).optional(),
  externalAnalyticsId: z.string().trim().max(100).nullable().optional(),
  f_inicio: eventDate,
  f_fin: eventDate,
  f_inicio_operaciones: eventDate.nullable().optional(),
  f_fin_operaciones: eventDate.nullable().optional(),
  offset: z.number().min(0).max(24),
  zona_horaria: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(64)
    .refine(isValidTimeZone, { error: 'validation.timezone' }),
  moneda: id(),
  localCurrency: id(),
  localCurrencyRate: z.number().positive().multipleOf(RATE_STEP),
  /**
   * The iso of a configured language (01-console §3 "idioma (iso)"): any row of GET /global/languages,
   * which the server checks; the console's own languages (en, es, it, fr) are another matter.
   */
  idioma: z
    .string()
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .regex(LANGUAGE_ISO_PATTERN, { error: 'validation.unknownLanguage' }),
  businessTypeId: z.enum(EVENT_TYPES),
  reusableTag: flag01.optional(),
  /** Cents of the financial currency. */
  feeReusableTag: z.number().int().min(0).nullable().optional(),
  refundBalanceWhenReusableTag: flag01.optional(),
  billing: flag01.optional(),
  IVA: vat.nullable().optional(),
  Nombre_fiscal: z.string().trim().max(150).nullable().optional(),
  NIF: z.string().trim().max(30).nullable().optional(),
  porcentaje_Fiscal: z.number().min(0).max(100).nullable().optional(),
  /** The sales VAT of the billing documents (`IVA` is the billing setting). */
  eventVat: vat.nullable().optional(),
  /** The name terminals give cash payments (01-console §9: default cash). */
  cashLabel: z.string().trim().min(1, { error: 'validation.required' }).max(30).optional(),
  /** The event's province (GET /provinces/find?name); null clears it. */
  provinceId: id().nullable().optional(),
  enabledApiBebeRapid: flag01.optional(),
  queueSyncLoggables: flag01.optional(),
  isClosed: flag01.optional(),
  tagCounters: z.array(TagCounterSlot).max(TAG_COUNTER_SLOTS).optional(),
  featureToggle: FeatureToggle.optional(),
  /** The update_time the form was loaded with: a different stored one refuses the save (409). */
  update_time: isoDate.optional(),
  /**
   * 1: the user confirmed changing the exchange rate of an event that already has operations
   * (without it such a change is refused with 409 rateChangeNeedsConfirmation and the count).
   */
  confirmRateChange: flag01.optional(),
});

function eventRules(v: Partial<z.infer<typeof EventSaveBase>>, ctx: z.RefinementCtx) {
  checkEventDates(v, ctx);
  if (v.billing === 1 && (v.IVA === null || v.IVA === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['IVA'], message: 'validation.required', input: v.IVA });
  }
  if (v.reusableTag === 1 && (v.feeReusableTag === null || v.feeReusableTag === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['feeReusableTag'],
      message: 'validation.required',
      input: v.feeReusableTag,
    });
  }
  const positions = new Set<number>();
  (v.tagCounters ?? []).forEach((slot, i) => {
    if (positions.has(slot.position)) {
      ctx.addIssue({
        code: 'custom',
        path: ['tagCounters', i, 'position'],
        message: 'validation.tagCounterPosition',
        input: slot.position,
      });
    }
    positions.add(slot.position);
  });
}

/** POST /event {event}: with an id updates the event, without one creates it with every field. */
export const EventSave = EventSaveBase.superRefine(eventRules);
export type EventSave = z.infer<typeof EventSave>;

/** The event form of the console: the saved fields plus the payment-method letters (a parameter). */
export const EventForm = EventSaveBase.extend({ paymentMethods: z.string().max(10) }).superRefine(eventRules);
export type EventForm = z.infer<typeof EventForm>;

/** Saving an event parameter (02-catalogue §5 "Event parameter"). Null location / device = all. */
export const EventParamExceptionSave = z.object({
  idLocation: id().nullable(),
  idDevice: id().nullable(),
  /** Not trimmed: a single space is a value (an empty payment-method set). */
  value: z.string().min(1, { error: 'validation.required' }).max(2000),
});
export const EventParamSave = z.object({
  /** The application parameter's id. */
  id: id(),
  /** Null: the event takes the default value. */
  value: z.string().max(2000).nullable(),
  exceptions: z.array(EventParamExceptionSave).max(500).default([]),
});
export type EventParamSave = z.infer<typeof EventParamSave>;
export const EventParamSaveRequest = z.object({ appParam: EventParamSave });

export const Apli = z.object({ id: z.number().int(), name: z.string() });
export const EventParamsResult = z.object({
  params: z.array(EventParam),
  aplis: z.array(Apli),
  /** Present once the event has a table of locations. */
  locations: z.array(z.object({ id: z.number().int(), nombre: z.string() })).optional(),
  /** Present once devices are kept in a table. */
  devices: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
});
export type EventParamsResult = z.infer<typeof EventParamsResult>;

/** Payment method letters in their canonical order; an empty set is a single space (01-console §4). */
export const PAYMENT_METHODS_EMPTY = ' ';

// Kiosk (01-console §2 Kiosk tab, §3 Kiosk button, §5)
export const KioskButton = z.object({
  id: z.number().int(),
  description: z.object({ es: z.string(), en: z.string() }),
  /** Cents of the financial currency. */
  topUpAmount: z.number().int(),
});
export type KioskButton = z.infer<typeof KioskButton>;

const description = z.string().trim().min(1, { error: 'validation.required' }).max(60);
export const KioskButtonSave = z.object({
  id: id().optional(),
  description: z.object({ es: description, en: description }),
  topUpAmount: z.number().int().gt(0, { error: 'validation.positive' }).max(100_000_000),
});
export type KioskButtonSave = z.infer<typeof KioskButtonSave>;
export const KioskButtonSaveRequest = z.object({ button: KioskButtonSave });
/** The console's kiosk-button form: the amount typed in the event's display currency. */
export const KioskButtonForm = z.object({
  description: z.object({ es: description, en: description }),
  amount: z.number({ error: 'validation.required' }).gt(0, { error: 'validation.positive' }),
});
export type KioskButtonForm = z.infer<typeof KioskButtonForm>;

export const MessageOriginator = z
  .string()
  .trim()
  .min(MESSAGE_ORIGINATOR.min, { error: 'validation.required' })
  .max(MESSAGE_ORIGINATOR.max)
  .regex(/^[A-Za-z0-9]+$/, { error: 'validation.alphanumeric' });
export const MessageOriginatorSave = z.object({ messageOriginator: MessageOriginator });
export type MessageOriginatorSave = z.infer<typeof MessageOriginatorSave>;

export const KioskConfig = z.object({
  messageOriginator: z.string().nullable(),
  buttons: z.array(KioskButton),
});
export type KioskConfig = z.infer<typeof KioskConfig>;

// Device-configuration QR (01-console §5 Generate QR, §7, §9)
export const DEVICE_QR_PREFIX = 'PULSERA-DEVCFG:';
/** The longest authorisation a QR can grant: ten years, in hours. */
export const QR_AUTH_MAX_HOURS = 24 * 3650;

export const GenerateQrRequest = z.object({
  qrExpiration: z
    .number()
    .int()
    .min(QR_VALIDITY_MINUTES.min)
    .max(QR_VALIDITY_MINUTES.max)
    .default(QR_VALIDITY_MINUTES.default),
  /** Hours (the form's days × 24). */
  authExpiration: z
    .number()
    .int()
    .min(24)
    .max(QR_AUTH_MAX_HOURS)
    .default(QR_AUTH_DAYS_DEFAULT * 24),
});
export type GenerateQrRequest = z.infer<typeof GenerateQrRequest>;

/** The form: validity in minutes, authorisation in days. */
export const GenerateQrForm = z.object({
  qrExpiration: GenerateQrRequest.shape.qrExpiration,
  authDays: z.number().int().min(1).max(3650),
});
export type GenerateQrForm = z.infer<typeof GenerateQrForm>;

export const DeviceQrVerifyRequest = z.object({ qr: z.string().trim().min(1).max(8000) });
export const DeviceQrConfig = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  eventToken: z.string(),
  serverUrl: z.string(),
  /** Hours the device stays authorised from the moment it redeems the code. */
  authExpiration: z.number().int(),
  /** When the authorisation granted now ends. */
  authExpiresAt: isoDate,
  /** When the code itself stops being accepted. */
  qrExpiresAt: isoDate,
});
export type DeviceQrConfig = z.infer<typeof DeviceQrConfig>;

// Duplicate (01-console §3 Event duplication request, §4 Duplicate form, §5)
const DuplicateEventBase = z.object({
  newEventName: z.string().trim().min(1, { error: 'validation.required' }).max(150),
  f_inicio: eventDate,
  f_fin: eventDate,
  f_inicio_operaciones: eventDate.nullable().optional(),
  f_fin_operaciones: eventDate.nullable().optional(),
  duplicateStaff: z.boolean().default(false),
  duplicateTimeRanges: z.boolean().default(false),
  duplicateLocations: z.boolean().default(false),
  duplicateArticles: z.boolean().default(false),
  duplicateArticlesLocations: z.boolean().default(false),
  duplicateExchangeSettings: z.boolean().default(false),
  moneda: id(),
  localCurrency: id(),
  localCurrencyRate: z.number().positive().multipleOf(RATE_STEP),
});

/** 01-console §4: articles-in-locations needs articles and locations; exchanges need articles and time ranges. */
export function checkDuplicateFlags(v: Partial<z.infer<typeof DuplicateEventBase>>, ctx: z.RefinementCtx) {
  if (v.duplicateArticlesLocations && !(v.duplicateArticles && v.duplicateLocations)) {
    ctx.addIssue({
      code: 'custom',
      path: ['duplicateArticlesLocations'],
      message: 'validation.duplicateArticlesLocations',
      input: true,
    });
  }
  if (v.duplicateExchangeSettings && !(v.duplicateArticles && v.duplicateTimeRanges)) {
    ctx.addIssue({
      code: 'custom',
      path: ['duplicateExchangeSettings'],
      message: 'validation.duplicateExchangeSettings',
      input: true,
    });
  }
}

export const DuplicateEventRequest = DuplicateEventBase.superRefine((v, ctx) => {
  checkEventDates(v, ctx);
  checkDuplicateFlags(v, ctx);
});
export type DuplicateEventRequest = z.infer<typeof DuplicateEventRequest>;
/** The new event's id and how many rows of each table were copied into it. */
export const DuplicateEventResult = z.object({
  id: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
});
export type DuplicateEventResult = z.infer<typeof DuplicateEventResult>;

// Capacity toggle (01-console §7 Capacity)
export const CapacityEventSave = z.object({ featureToggle: FeatureToggle });
export const CapacityEventResult = FeatureToggle;
export type CapacityEventResult = z.infer<typeof CapacityEventResult>;
