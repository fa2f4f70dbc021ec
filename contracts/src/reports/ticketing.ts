import { z } from 'zod';
import { instant as dateInRange, queryFlag, queryId, queryInt } from '../inputs';
import { ReportQuery } from './report';

/**
 * The ticketing tabs of the validations report (admin/reports/validations, 02-catalogue §2 "Ticketing
 * tab shell", §7 Reports and Ticketing): tickets sold and validated per ticket role, the add-ons and
 * articles that came with the tickets, online top-ups bought before the event, validations over time,
 * the ticket search with its validations (a validation can be deleted), and the manual role
 * recordings. Everything comes from the terminal feed (tickets, ticket_validations, role_recordings,
 * top_ups) and the online top-ups. Amounts are cents of the event's financial currency.
 */

const instant = dateInRange();
const id = queryId();

/** `datetime`: the figures as they stood at that moment (default now). */
export const TicketingAtQuery = z.object({ datetime: instant.optional() });
export type TicketingAtQuery = z.infer<typeof TicketingAtQuery>;

/** GET /reports/overviewTickets?datetime: per ticket role. */
export const TicketRoleOverview = z.object({
  idRol: z.number().int().nullable(),
  /** The rol's name, or null when the ticket names no rol or the rol no longer exists. */
  rol: z.string().nullable(),
  /** Tickets of the event at `datetime` (sold or first seen at a validation), cancelled ones apart. */
  sold: z.number().int(),
  validated: z.number().int(),
  /** sold − validated: tickets still to come. */
  pending: z.number().int(),
  cancelled: z.number().int(),
  /** Validation operations recorded (each scan), and how many of them were of an already-validated ticket. */
  validations: z.number().int(),
  repeated: z.number().int(),
});
export type TicketRoleOverview = z.infer<typeof TicketRoleOverview>;

export const OverviewTicketsResult = z.object({
  datetime: z.string(),
  roles: z.array(TicketRoleOverview),
  total: TicketRoleOverview.omit({ idRol: true, rol: true }),
});
export type OverviewTicketsResult = z.infer<typeof OverviewTicketsResult>;

/** GET /reports/overviewComplements?datetime: add-ons loaded at validation and articles given with tickets. */
export const ComplementAddon = z.object({
  idAddon: z.number().int(),
  name: z.string().nullable(),
  count: z.number().int(),
  wristbands: z.number().int(),
  /** Cash and gift balance loaded (cents). */
  amountCash: z.number().int(),
  amountBonus: z.number().int(),
});
export const ComplementArticle = z.object({
  idArticle: z.number().int(),
  name: z.string().nullable(),
  quantity: z.number().int(),
});
export const OverviewComplementsResult = z.object({
  datetime: z.string(),
  addons: z.array(ComplementAddon),
  articles: z.array(ComplementArticle),
});
export type OverviewComplementsResult = z.infer<typeof OverviewComplementsResult>;

/** GET /reports/overviewPreRecharges: paid online top-ups bought before the event started, by day of purchase. */
export const PreRechargeDay = z.object({
  /** The day of purchase (YYYY-MM-DD in the event's time zone). */
  day: z.string(),
  count: z.number().int(),
  amountRecharge: z.number().int(),
  amountBonus: z.number().int(),
  /** Already loaded onto a wristband. */
  redeemed: z.number().int(),
  amountRedeemed: z.number().int(),
});
export type PreRechargeDay = z.infer<typeof PreRechargeDay>;
export const OverviewPreRechargesResult = z.object({
  eventStart: z.string(),
  days: z.array(PreRechargeDay),
  total: PreRechargeDay.omit({ day: true }),
});
export type OverviewPreRechargesResult = z.infer<typeof OverviewPreRechargesResult>;

/** GET /reports/timeValidationTickets?minutes: validations per bucket of `minutes` (local time). */
export const TIME_VALIDATION_MINUTES = [5, 10, 15, 30, 60, 120] as const;
export const TimeValidationQuery = ReportQuery.and(
  z.object({
    minutes: queryInt(1, 1440)
      .refine((m) => (TIME_VALIDATION_MINUTES as readonly number[]).includes(m), {
        message: `validation.oneOf|{"values":"${TIME_VALIDATION_MINUTES.join(', ')}"}`,
      })
      .default(15),
  }),
);
export type TimeValidationQuery = z.infer<typeof TimeValidationQuery>;
export const TimeValidationBucket = z.object({
  date: z.string(),
  validations: z.number().int(),
  repeated: z.number().int(),
});
export const TimeValidationResult = z.object({
  minutes: z.number().int(),
  buckets: z.array(TimeValidationBucket),
});
export type TimeValidationResult = z.infer<typeof TimeValidationResult>;

/** One validation (scan) of a ticket. */
export const TicketValidationRow = z.object({
  id: z.number().int(),
  code: z.string(),
  date: z.string(),
  repeated: z.boolean(),
  idRol: z.number().int().nullable(),
  rol: z.string().nullable(),
  idStaff: z.number().int().nullable(),
  staff: z.string().nullable(),
  idLocation: z.number().int().nullable(),
  location: z.string().nullable(),
  device: z.string().nullable(),
  /** The wristband serial the ticket was bound to. */
  rfid: z.string().nullable(),
  customer: z.string().nullable(),
});
export type TicketValidationRow = z.infer<typeof TicketValidationRow>;

/** GET /reports/tickets/search?query: tickets by code, customer name, e-mail or localizer. */
export const TICKET_SEARCH_MIN = 2;
export const TICKET_SEARCH_LIMIT = 20;
export const TicketSearchQuery = z.object({
  query: z
    .string()
    .trim()
    .min(TICKET_SEARCH_MIN, { error: `validation.minLength|{"minLength":${TICKET_SEARCH_MIN}}` })
    .max(100, { error: 'validation.maxLength|{"maxLength":100}' }),
});
export const TicketFound = z.object({
  id: z.number().int(),
  code: z.string(),
  idRol: z.number().int().nullable(),
  rol: z.string().nullable(),
  validated: z.number().int(),
  cancelled: z.number().int(),
  dateValidation: z.string().nullable(),
  customer: z.string().nullable(),
  email: z.string().nullable(),
  localizer: z.string().nullable(),
  rfid: z.string().nullable(),
  validations: z.array(TicketValidationRow),
  /**
   * The terminals that validated it. Two or more: validated on two gates (gates offline that each
   * held the ticket as unused), flagged for the back office; every validation is kept.
   */
  gates: z.number().int(),
});
export type TicketFound = z.infer<typeof TicketFound>;
export const TicketSearchResult = z.object({
  tickets: z.array(TicketFound),
  /** More tickets matched than the TICKET_SEARCH_LIMIT shown. */
  more: z.boolean(),
});
export type TicketSearchResult = z.infer<typeof TicketSearchResult>;

/** DELETE /ticketing/validation?id */
export const ValidationDeleteQuery = z.object({ id });
export const ValidationDeleteResult = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The ticket's state after the deletion (0 when no other validation of it remains). */
  validated: z.number().int(),
});
export type ValidationDeleteResult = z.infer<typeof ValidationDeleteResult>;

/** Paged lists (01-console §7 list protocol). */
const paging = {
  page: queryInt(1, 100_000).default(1),
  paginationLimit: queryInt(1, 500).default(50),
  disablePagination: queryFlag().optional(),
};

/** GET /ticketing/ticket-validations: the validations in the window, newest first. */
export const TicketValidationsQuery = ReportQuery.and(z.object(paging));
export type TicketValidationsQuery = z.infer<typeof TicketValidationsQuery>;
export const TicketValidationsResult = z.object({
  validations: z.array(TicketValidationRow),
  total: z.number().int(),
});
export type TicketValidationsResult = z.infer<typeof TicketValidationsResult>;

/** GET /ticketing/tickets-by-staff: validations per staff member and location in the window. */
export const TicketsByStaffRow = z.object({
  idStaff: z.number().int().nullable(),
  staff: z.string().nullable(),
  idLocation: z.number().int().nullable(),
  location: z.string().nullable(),
  validations: z.number().int(),
  repeated: z.number().int(),
  tickets: z.number().int(),
});
export type TicketsByStaffRow = z.infer<typeof TicketsByStaffRow>;
export const TicketsByStaffResult = z.object({ rows: z.array(TicketsByStaffRow) });
export type TicketsByStaffResult = z.infer<typeof TicketsByStaffResult>;

/** GET /ticketing/ticket-codes: the event's ticket codes, by rol and state (who has come, who has not). */
export const TicketCodesQuery = z.object({
  idRol: id.optional(),
  /** 1 validated, 0 not yet; absent = both. */
  validated: queryFlag().optional(),
  ...paging,
});
export type TicketCodesQuery = z.infer<typeof TicketCodesQuery>;
export const TicketCodeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  idRol: z.number().int().nullable(),
  rol: z.string().nullable(),
  validated: z.number().int(),
  dateValidation: z.string().nullable(),
  customer: z.string().nullable(),
});
export type TicketCodeRow = z.infer<typeof TicketCodeRow>;
export const TicketCodesResult = z.object({ tickets: z.array(TicketCodeRow), total: z.number().int() });
export type TicketCodesResult = z.infer<typeof TicketCodesResult>;

/** GET /ticketing/manual-roles (idStaff, idLocation, idRol and the window): role recordings, newest first. */
export const ManualRoleRow = z.object({
  id: z.number().int(),
  date: z.string(),
  rfid: z.string().nullable(),
  idRol: z.number().int(),
  rol: z.string().nullable(),
  idStaff: z.number().int().nullable(),
  staff: z.string().nullable(),
  idLocation: z.number().int().nullable(),
  location: z.string().nullable(),
  device: z.string().nullable(),
});
export type ManualRoleRow = z.infer<typeof ManualRoleRow>;
export const ManualRolesResult = z.object({
  recordings: z.array(ManualRoleRow),
  /** Recordings per rol (all of the window, whatever the list shows). */
  byRol: z.array(z.object({ idRol: z.number().int(), rol: z.string().nullable(), count: z.number().int() })),
  total: z.number().int(),
});
export type ManualRolesResult = z.infer<typeof ManualRolesResult>;
export const ManualRolesQuery = ReportQuery.and(z.object(paging));
export type ManualRolesQuery = z.infer<typeof ManualRolesQuery>;
