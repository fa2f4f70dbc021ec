import { z } from 'zod';
import { instant, queryId, queryInt } from '../inputs';

/** Issue 13 Audit trail (admin/configuration/audit). */

/** Rows one spreadsheet download holds at most (the newest first). */
export const AUDIT_EXPORT_MAX = 5000;

export const AUDIT_ACTOR_KINDS = ['user', 'integrator', 'anonymous', 'attendee'] as const;

/** One changed row of a write: its fields before and after (secrets shown as "[redacted]"). */
export const AuditChange = z.object({
  table: z.string(),
  op: z.enum(['insert', 'update', 'delete']),
  rowId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  integratorId: z.number().int().nullable(),
  integratorName: z.string().nullable(),
  ip: z.string().nullable(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  screen: z.string().nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  /** How many rows the request changed. */
  changeCount: z.number().int(),
  /** The item's name as the console shows it (a payout run's reference, a zone's name), when it has one. */
  subject: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditDetail = AuditEntry.extend({
  changes: z.array(AuditChange),
  /** Names for the ids the changes hold: `events` by event id, `users` by user id, `roles` by role id. */
  names: z.object({
    events: z.record(z.string(), z.string()),
    users: z.record(z.string(), z.string()),
    roles: z.record(z.string(), z.string()),
  }),
});
export type AuditDetail = z.infer<typeof AuditDetail>;

/**
 * Writes whose action the trail says in words rather than as the first row they changed (issue 27
 * item 11): `METHOD route` → the action and the table of the item it is about.
 */
export const AUDIT_ROUTE_ACTIONS: Record<string, { action: string; entity: string }> = {
  'POST /api/payouts/runs': { action: 'payoutRunCreate', entity: 'payout_runs' },
  'POST /api/payouts/runs/:id/sent': { action: 'payoutRunSent', entity: 'payout_runs' },
  'POST /api/payouts/runs/:id/cancel': { action: 'payoutRunCancel', entity: 'payout_runs' },
  'POST /api/payouts/runs/:id/reject': { action: 'payoutRunReject', entity: 'payout_runs' },
  'POST /api/integrators/:id/keys': { action: 'apiKeyCreate', entity: 'api_keys' },
  'POST /api/integrators/keys/:id/revoke': { action: 'apiKeyRevoke', entity: 'api_keys' },
  'POST /api/users/:id/password-reset': { action: 'passwordReset', entity: 'users' },
  'POST /api/users/:id/otp-reset': { action: 'otpReset', entity: 'users' },
  'POST /api/users/:id/invitation': { action: 'invitation', entity: 'users' },
};

/** The fields of a changed row that name the item, in the order they are tried. */
export const AUDIT_NAME_FIELDS = [
  'reference',
  'message_id',
  'name',
  'nombre',
  'label',
  'title',
  'email',
  'serial',
  'uid',
  'prefix',
] as const;

const text = (max: number) => z.string().trim().max(max).optional();

/**
 * GET /audit: filters and paging. `screen` + `entityId` is an item's history from a console form: the
 * rows that changed that id in any table the screen's writes are about.
 */
export const AuditQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  /**
   * Rows a page, as every list takes it (50 by default): up to 5,000 for the spreadsheet download.
   * `pageSize` is the same, still accepted for the clients written before the list protocol applied.
   */
  paginationLimit: queryInt(1, AUDIT_EXPORT_MAX).optional(),
  pageSize: queryInt(1, AUDIT_EXPORT_MAX).optional(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS).optional(),
  userId: queryId().optional(),
  integratorId: queryId().optional(),
  entity: text(63),
  entityId: text(100),
  screen: text(200),
  action: text(63),
  from: instant().optional(),
  to: instant().optional(),
  text: text(200),
  /** Admins: only the selected event's rows (others always see only those). */
  eventOnly: queryInt(0, 1).optional(),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditPage = z.object({ rows: z.array(AuditEntry), total: z.number().int() });
export type AuditPage = z.infer<typeof AuditPage>;

/** What the filters offer: who wrote, which tables and actions appear. */
export const AuditFilterOptions = z.object({
  users: z.array(z.object({ id: z.number().int(), email: z.string() })),
  integrators: z.array(z.object({ id: z.number().int(), name: z.string() })),
  entities: z.array(z.string()),
  actions: z.array(z.string()),
});
export type AuditFilterOptions = z.infer<typeof AuditFilterOptions>;
