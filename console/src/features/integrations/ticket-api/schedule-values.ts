/** A ticket import schedule as its form holds it: the values of a new one and of a saved one. */
import type { TicketSchedule, TicketScheduleSave as TicketScheduleSaveInput } from '@pulsera/contracts';

export type Values = TicketScheduleSaveInput & { token?: string };

export const empty = (): Values => ({
  name: '',
  platform: 'pretix',
  baseUrl: 'https://pretix.eu',
  organizer: '',
  platformEvent: '',
  token: '',
  mappings: [],
  intervalMinutes: 15,
  enabled: 1,
  reportEmail: '',
});
export const valuesOf = (s: TicketSchedule): Values => ({
  id: s.id,
  name: s.name,
  platform: s.platform,
  baseUrl: s.baseUrl,
  organizer: s.organizer,
  platformEvent: s.platformEvent,
  token: '',
  mappings: s.mappings,
  intervalMinutes: s.intervalMinutes,
  enabled: s.enabled === 1 ? 1 : 0,
  reportEmail: s.reportEmail ?? '',
});
