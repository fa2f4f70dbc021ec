import { z } from 'zod';
import { DEFAULT_CASH_LABEL, DEFAULT_TIMEZONE, EVENT_TYPES, PAYMENT_METHODS } from '../constants';
import { id, queryInt } from '../inputs';

/** 01-console §3 Event. Dates travel as ISO strings in UTC. */
const isoDate = z.iso.datetime({ offset: true });
const flag01 = z.union([z.literal(0), z.literal(1)]);

export const ImageRef = z.object({ id: z.number().int(), url: z.string() });

export const TagCounter = z.object({
  position: z.number().int().min(0).max(3),
  idArticleIncrement: id(),
  idArticleDecrement: id().nullable().optional(),
});

export const Event = z.object({
  id: z.number().int(),
  token: z.string(),
  nombre: z.string(),
  f_inicio: isoDate,
  f_fin: isoDate,
  f_inicio_operaciones: isoDate.nullable(),
  f_fin_operaciones: isoDate.nullable(),
  /** The iso of one of the configured languages (GET /global/languages), not only the console's own. */
  idioma: z.string(),
  moneda: z.number().int().nullable(),
  id_promotor: z.number().int().nullable(),
  promoterName: z.string().nullable(),
  porcentaje_Fiscal: z.number().nullable(),
  IVA: z.number().nullable(),
  Nombre_fiscal: z.string().nullable(),
  NIF: z.string().nullable(),
  businessTypeId: z.enum(EVENT_TYPES),
  zona_horaria: z.string(),
  offset: z.number(),
  localCurrency: z.number().int().nullable(),
  localCurrencyRate: z.number(),
  feeReusableTag: z.number().int().nullable(),
  refundBalanceWhenReusableTag: flag01,
  subdomain: z.string().nullable(),
  trusts: z.string().nullable(),
  isActive: flag01,
  isClosed: flag01,
  website: z.string().nullable(),
  slug: z.string().nullable(),
  financialCurrencyModel: z
    .object({ id: z.number(), iso: z.string(), symbol: z.string(), fraction: z.number() })
    .nullable(),
  localCurrencyModel: z
    .object({ id: z.number(), iso: z.string(), symbol: z.string(), fraction: z.number() })
    .nullable(),
  messageOriginator: z.string().nullable(),
  eventVat: z.number().nullable(),
  cashLabel: z.string(),
  externalAnalytics: flag01,
  externalAnalyticsId: z.string().nullable(),
  teamId: z.number().int().nullable(),
  teamIds: z.array(z.number().int()),
  /** The teams of teamIds with their names (the form's team selector labels them). */
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  servicesOnlineDateStart: isoDate.nullable(),
  servicesOnlineDateEnd: isoDate.nullable(),
  pictureSponsor: ImageRef.nullable(),
  pictureReceiptLogo: ImageRef.nullable(),
  /** The event's province (01-console §3: name, country), with its id for the form's choice. */
  province: z.object({ id: z.number().int(), name: z.string(), country: z.string() }).nullable(),
  enabledApiBebeRapid: flag01,
  queueSyncLoggables: flag01,
  paymentMethods: z.string(),
  tagCounters: z.array(TagCounter),
  featureToggle: z.object({ capacityLog: flag01 }),
  /** Derived: active, inactive or closed (01-console §3). */
  status: z.enum(['active', 'inactive', 'closed']),
  update_time: isoDate,
});
export type Event = z.infer<typeof Event>;

/** A row of the event chooser. */
export const EventListItem = Event.pick({
  id: true,
  nombre: true,
  f_inicio: true,
  f_fin: true,
  zona_horaria: true,
  status: true,
  subdomain: true,
  slug: true,
  isClosed: true,
}).extend({ onlineServicesUrl: z.string().nullable() });
export type EventListItem = z.infer<typeof EventListItem>;

export const EventListQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  paginationLimit: queryInt(1, 1000).default(100),
  eventName: z.string().trim().max(200).optional(),
  disablePagination: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
});
export const EventListResult = z.object({ events: z.array(EventListItem), total: z.number().int() });
export type EventListResult = z.infer<typeof EventListResult>;

/** Creating an event from the chooser needs only a name; every other field takes its default. */
export const EventCreate = z.object({
  nombre: z.string().trim().min(1, { error: 'validation.required' }).max(150),
});
/**
 * POST /event {event}: `{ nombre }` alone creates an event from the chooser; any other field makes it
 * the full form (EventSave of event-detail.ts: an id updates, none creates). The server validates the
 * object against the one that applies and names field errors `event.<field>`.
 */
export const EventSaveRequest = z.object({ event: z.record(z.string(), z.unknown()) });

export const CloseEventRequest = z.object({ idEvent: id() });

/** What selecting an event stores in the browser (01-console §4 Event selection). */
export const SelectedEvent = z.object({
  id: z.number().int(),
  nombre: z.string(),
  token: z.string(),
  zona_horaria: z.string(),
  currency: z
    .object({ id: z.number(), iso: z.string(), symbol: z.string(), fraction: z.number() })
    .nullable(),
  /** The local (display) currency and its rate: 1 financial unit = rate local units. */
  localCurrency: z
    .object({ id: z.number(), iso: z.string(), symbol: z.string(), fraction: z.number() })
    .nullable()
    .optional(),
  localCurrencyRate: z.number().optional(),
  /** Hours after midnight when a festival day ends (the day cut-off of reports). */
  offset: z.number().optional(),
});
export type SelectedEvent = z.infer<typeof SelectedEvent>;

export const EventParamException = z.object({
  idDevice: z.number().int().nullable(),
  idLocation: z.number().int().nullable(),
  value: z.string(),
});
export const EventParam = z.object({
  id: z.number().int(),
  nameUnique: z.string(),
  name: z.string(),
  description: z.string(),
  module: z.string().nullable(),
  value: z.string().nullable(),
  defaultValue: z.string(),
  idApp: z.number().int().nullable(),
  /** The application's name (02-catalogue §3: the event-level parameter has an application name). */
  appName: z.string().nullable(),
  exceptions: z.array(EventParamException),
});

export const EventArticleSummary = z.object({ id: z.number().int(), nombre: z.string() });

export const FindEventResult = z.object({
  event: Event,
  articles: z.array(EventArticleSummary),
  params: z.array(EventParam),
});

export const TrustsResult = z.object({ token: z.string(), permissions: z.array(z.number().int()) });

export const EVENT_DEFAULTS = {
  zona_horaria: DEFAULT_TIMEZONE,
  cashLabel: DEFAULT_CASH_LABEL,
  paymentMethods: PAYMENT_METHODS.slice(0, 3).join(''),
} as const;
