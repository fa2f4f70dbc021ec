import { z } from 'zod';
import { instant, queryId, queryInt } from '../inputs';

/** Issue 13 Audit trail (admin/configuration/audit). */

/** Rows one spreadsheet download holds at most (the newest first). */
export const AUDIT_EXPORT_MAX = 5000;

export const AUDIT_ACTOR_KINDS = ['user', 'integrator', 'anonymous'] as const;

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
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditDetail = AuditEntry.extend({ changes: z.array(AuditChange) });
export type AuditDetail = z.infer<typeof AuditDetail>;

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
