import { EVENT_TYPES, type EventType, type Language } from '../constants';

/**
 * The one event status rule (01-console §3, §4), read by the server (the `status` it sends, the
 * chooser's lists) and by the web (badges, which are computed again at the moment they are shown):
 * - `closed` when the event is closed;
 * - `active` when now lies between its start and its end (both included);
 * - `inactive` otherwise (not active and not closed).
 * The chooser's states split the same way by time: `pending` before the start, `active` between,
 * `past` after the end (closed events are in none of the three lists).
 */
export type EventStatus = 'active' | 'inactive' | 'closed';
export type EventPhase = 'pending' | 'active' | 'past';

type Dated = { dateStart: Date | string; dateEnd: Date | string };
const ms = (d: Date | string) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

export function eventPhase(e: Dated, now: Date = new Date()): EventPhase {
  const t = now.getTime();
  if (t < ms(e.dateStart)) return 'pending';
  if (t > ms(e.dateEnd)) return 'past';
  return 'active';
}

export function eventStatus(e: Dated & { isClosed: number | boolean }, now: Date = new Date()): EventStatus {
  if (e.isClosed === 1 || e.isClosed === true) return 'closed';
  return eventPhase(e, now) === 'active' ? 'active' : 'inactive';
}

/** The same rule over an event as the API sends it (`f_inicio`, `f_fin`, `isClosed`). */
export const statusOfEvent = (
  e: { f_inicio: string; f_fin: string; isClosed: number },
  now: Date = new Date(),
): EventStatus => eventStatus({ dateStart: e.f_inicio, dateEnd: e.f_fin, isClosed: e.isClosed }, now);

/** The badge colour of a status, the same on every screen. */
export const EVENT_STATUS_COLOR: Record<EventStatus, string> = {
  active: 'teal',
  inactive: 'gray',
  closed: 'red',
};

/** GET /event/types (01-console §7): the twelve event types with their names in each language. */
export const EVENT_TYPE_NAMES: Record<Language, Record<EventType, string>> = {
  en: {
    FE: 'Festival',
    PA: 'Padel courts',
    CO: 'Ticketing control',
    CM: 'Mixed cashless',
    CI: 'Internal kiosks cashless',
    CE: 'External kiosks cashless',
    HM: 'Mixed hybrid',
    HI: 'Internal hybrid',
    HE: 'External hybrid',
    DE: 'External card readers',
    DI: 'Internal card readers',
    DM: 'Mixed card readers',
  },
  es: {
    FE: 'Festival',
    PA: 'Pistas de pádel',
    CO: 'Control de entradas',
    CM: 'Cashless mixto',
    CI: 'Cashless con quioscos internos',
    CE: 'Cashless con quioscos externos',
    HM: 'Híbrido mixto',
    HI: 'Híbrido interno',
    HE: 'Híbrido externo',
    DE: 'Lectores de tarjeta externos',
    DI: 'Lectores de tarjeta internos',
    DM: 'Lectores de tarjeta mixtos',
  },
  it: {
    FE: 'Festival',
    PA: 'Campi da padel',
    CO: 'Controllo biglietti',
    CM: 'Cashless misto',
    CI: 'Cashless con chioschi interni',
    CE: 'Cashless con chioschi esterni',
    HM: 'Ibrido misto',
    HI: 'Ibrido interno',
    HE: 'Ibrido esterno',
    DE: 'Lettori di carte esterni',
    DI: 'Lettori di carte interni',
    DM: 'Lettori di carte misti',
  },
  fr: {
    FE: 'Festival',
    PA: 'Terrains de padel',
    CO: 'Contrôle des billets',
    CM: 'Cashless mixte',
    CI: 'Cashless avec bornes internes',
    CE: 'Cashless avec bornes externes',
    HM: 'Hybride mixte',
    HI: 'Hybride interne',
    HE: 'Hybride externe',
    DE: 'Lecteurs de cartes externes',
    DI: 'Lecteurs de cartes internes',
    DM: 'Lecteurs de cartes mixtes',
  },
};

export const eventTypesIn = (lang: Language) =>
  EVENT_TYPES.map((id) => ({ id, name: EVENT_TYPE_NAMES[lang][id] }));

/**
 * The chooser's lists (01-console §2, §4; here, apart from the schemas of events.ts, because the
 * chooser loads no zod: issue 31, first load): past, active and pending hold the events not closed; a
 * closed event moves to the closed list; all is every event. GET /events/{status} answers active for
 * a missing or unknown status (01-console §7 "Default status active").
 */
export const EVENT_LIST_STATES = ['active', 'pending', 'past', 'closed', 'all'] as const;
export type EventListState = (typeof EVENT_LIST_STATES)[number];
export const DEFAULT_EVENT_LIST_STATE: EventListState = 'active';
export const eventListState = (status: string | undefined): EventListState =>
  (EVENT_LIST_STATES as readonly string[]).includes(status ?? '')
    ? (status as EventListState)
    : DEFAULT_EVENT_LIST_STATE;
