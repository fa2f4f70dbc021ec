import { z } from 'zod';
import { keyed, required } from '../catalogue/rule-fields';
import { INT4_MAX, id, queryFlag, queryId, queryInt } from '../inputs';
import { email } from '../validation';

/**
 * Ticket API (admin/api-ticket, permission api; 01-console §2; docs/decisions.md "Ticket API"):
 * import schedules from a ticketing platform, the issues an import could not apply, the converter of
 * other platforms' codes, resellers and their allocations, and tickets made by hand.
 */

export const TICKET_PLATFORMS = ['pretix'] as const;
export const TICKET_ISSUE_KINDS = [
  'unknownProduct',
  'duplicateCode',
  'cancelledAfterValidation',
  'codeOnOtherWristband',
] as const;
export type TicketIssueKind = (typeof TICKET_ISSUE_KINDS)[number];
export const TICKET_RUN_STATUSES = ['running', 'done', 'failed'] as const;
/** Minutes between two imports of a schedule. */
export const TICKET_INTERVAL_MIN = 5;
export const TICKET_INTERVAL_MAX = 1440;
/** The most rows one manual or converter list may carry. */
export const TICKET_LIST_MAX_ROWS = 5000;
/** Hours a report address's verification link stays valid. */
export const SCHEDULE_EMAIL_LINK_HOURS = 48;

/**
 * A base URL's form: http(s), a host, an optional port and path; no user info, query or fragment.
 * Which addresses may be reached (https only, nothing inside the network) is the server's to say: it
 * depends on the deployment (INTEGRATIONS_ALLOW_HTTP, INTEGRATIONS_ALLOW_PRIVATE_ADDRESSES).
 */
export function isAllowedBaseUrl(raw: string): boolean {
  return /^(https?):\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?(\/[^\s?#@]*)?$/.test(raw);
}

/** pretix's organizer and event slugs: letters, digits, dots, dashes and underscores. */
const slug = () =>
  z
    .string(keyed)
    .trim()
    .min(1, required)
    .max(50)
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'validation.platformSlug' });

export const TicketProductMapping = z.object({
  // A row whose product is not chosen yet says so ("Required field"); platforms number from 1.
  item: z.number(keyed).int().min(1, required).max(INT4_MAX, { error: 'validation.invalid' }),
  variation: z.number(keyed).int().min(0).max(INT4_MAX).nullable(),
  // A mapping row added and left without a role says so ("Required field"), not "Invalid field".
  roleId: z.number(keyed).int().min(1, required).max(INT4_MAX, { error: 'validation.invalid' }),
  resellerId: id().nullable(),
});
export type TicketProductMapping = z.infer<typeof TicketProductMapping>;

/** A product of the platform (an item, or a variation of it) with its name there. */
export const ExternalProduct = z.object({
  item: z.number().int(),
  variation: z.number().int().nullable(),
  name: z.string(),
});
export type ExternalProduct = z.infer<typeof ExternalProduct>;

/** The name of a product among the platform's, the item's own when its variation is not listed. */
export function productName(products: ExternalProduct[], item: number, variation: number | null) {
  return (
    products.find((p) => p.item === item && p.variation === variation)?.name ??
    products.find((p) => p.item === item && p.variation === null)?.name ??
    null
  );
}

export const TicketRun = z.object({
  id: z.number().int(),
  trigger: z.string(),
  status: z.enum(TICKET_RUN_STATUSES),
  pages: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  cancelled: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  issues: z.number().int(),
  /** The platform's answer when the run failed, or while it is retrying. */
  error: z.string().nullable(),
  /** Running, but its last attempt failed (`error` says why): the queue tries again. */
  retrying: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TicketRun = z.infer<typeof TicketRun>;

/** A schedule as the console sees it: the token is never answered, only that one is kept. */
export const TicketSchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  platform: z.enum(TICKET_PLATFORMS),
  baseUrl: z.string(),
  organizer: z.string(),
  platformEvent: z.string(),
  hasToken: z.boolean(),
  mappings: z.array(TicketProductMapping),
  /** The platform's products as last read (by a run or a load): their names for the mapping. */
  products: z.array(ExternalProduct),
  intervalMinutes: z.number().int(),
  enabled: z.number().int(),
  reportEmail: z.string().nullable(),
  reportEmailVerified: z.boolean(),
  cursor: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  lastRun: TicketRun.nullable(),
  updatedAt: z.string(),
});
export type TicketSchedule = z.infer<typeof TicketSchedule>;

export const TicketScheduleSave = z.object({
  id: id().optional(),
  name: z.string(keyed).trim().min(1, required).max(100),
  platform: z.enum(TICKET_PLATFORMS, keyed),
  baseUrl: z
    .string(keyed)
    .trim()
    .min(1, required)
    .max(300)
    .refine(isAllowedBaseUrl, { error: 'validation.ticketBaseUrl' }),
  organizer: slug(),
  platformEvent: slug(),
  /** Required on create; left out (or empty) keeps the saved one. */
  token: z.string(keyed).trim().max(500).optional(),
  mappings: z.array(TicketProductMapping).max(500),
  intervalMinutes: z.number(keyed).int().min(TICKET_INTERVAL_MIN).max(TICKET_INTERVAL_MAX),
  enabled: z.union([z.literal(0), z.literal(1)]),
  reportEmail: z.union([email().pipe(z.string().max(254)), z.literal(''), z.null()]).optional(),
});
export type TicketScheduleSave = z.input<typeof TicketScheduleSave>;
export const TicketScheduleSaveRequest = z.object({ schedule: TicketScheduleSave });

export const TicketScheduleSaved = z.object({
  schedule: TicketSchedule,
  /** A verification link was e-mailed to the (new) report address. */
  verificationSent: z.boolean(),
});

/**
 * The platform's products for a schedule's connection as the form holds it (before the first save
 * too). The token left empty uses the saved schedule's, only at the address it was saved with.
 */
export const TicketProductsRequest = TicketScheduleSave.pick({
  id: true,
  platform: true,
  baseUrl: true,
  organizer: true,
  platformEvent: true,
  token: true,
});
export type TicketProductsRequest = z.input<typeof TicketProductsRequest>;

export const TicketRunStarted = z.object({ runId: z.number().int(), jobId: z.string().nullable() });

// ---------------------------------------------------------------------------------------------
// Issues

export const TicketIssue = z.object({
  id: z.number().int(),
  scheduleId: z.number().int(),
  schedule: z.string(),
  kind: z.enum(TICKET_ISSUE_KINDS),
  code: z.string(),
  orderCode: z.string(),
  externalId: z.string(),
  holder: z.string().nullable(),
  /** The name of the position's product on the platform (null: the platform's products not read). */
  product: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  solved: z.boolean(),
  solvedAt: z.string().nullable(),
  /** The name of the user who marked it solved or whose retry solved it (null: a later import did). */
  solvedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketIssue = z.infer<typeof TicketIssue>;

export const TicketIssueQuery = z.object({
  solved: queryFlag().optional(),
  kind: z.enum(TICKET_ISSUE_KINDS).optional(),
  scheduleId: queryId().optional(),
  page: queryInt(1, 100_000).optional(),
  paginationLimit: queryInt(1, 999).optional(),
});
export const TicketIssueList = z.object({ issues: z.array(TicketIssue), total: z.number().int() });

/** A retry re-applies the issue's position: solved when it now applies, else the issue as it stands. */
export const TicketIssueRetried = z.object({ solved: z.boolean(), issue: TicketIssue });

// ---------------------------------------------------------------------------------------------
// Tickets by hand and the converter: lists checked row by row (here and on the server)

export const MANUAL_TICKET_COLUMNS = ['code', 'role', 'holder', 'email', 'reseller'] as const;
export const CONVERTER_COLUMNS = ['externalCode', 'code', 'role'] as const;

const cell = (max: number) => z.string().max(max).default('');
const ticketCode = () =>
  z
    .string(keyed)
    .trim()
    .min(1, required)
    .max(100)
    .regex(/^[\x21-\x7E]+$/, { error: 'validation.ticketCode' });

/** A manual ticket as read from a form or a file (every cell text; the rol and reseller by name or id). */
export const ManualTicketInput = z.object({
  line: z.number().int().min(1).max(1_000_000),
  code: cell(1000),
  role: cell(1000),
  holder: cell(1000),
  email: cell(1000),
  reseller: cell(1000),
});
export type ManualTicketInput = z.input<typeof ManualTicketInput>;

export const ManualTicketRow = z.object({
  code: ticketCode(),
  role: z.string(keyed).trim().min(1, required).max(100),
  holder: z.string(keyed).trim().max(200),
  email: z.union([z.literal(''), email().pipe(z.string().max(254))]),
  reseller: z.string(keyed).trim().max(100),
});
export type ManualTicketRow = z.output<typeof ManualTicketRow>;

export const ConverterInput = z.object({
  line: z.number().int().min(1).max(1_000_000),
  externalCode: cell(1000),
  code: cell(1000),
  role: cell(1000),
});
export type ConverterInput = z.input<typeof ConverterInput>;
export const ConverterRow = z.object({
  externalCode: ticketCode(),
  /** Our code; empty: the external code itself. */
  code: z.union([z.literal(''), ticketCode()]),
  role: z.string(keyed).trim().min(1, required).max(100),
});
export type ConverterRow = z.output<typeof ConverterRow>;

/** `preview`: answer what the list would do (every row checked as on apply) and write nothing. */
export const ManualTicketRequest = z.object({
  rows: z.array(ManualTicketInput).min(1).max(TICKET_LIST_MAX_ROWS),
  preview: z.boolean().optional(),
});
export const ConverterRequest = z.object({
  rows: z.array(ConverterInput).min(1).max(TICKET_LIST_MAX_ROWS),
  preview: z.boolean().optional(),
});

export const TicketListRefusal = z.object({
  line: z.number().int(),
  code: z.string(),
  description: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string(), text: z.string() })).optional(),
});
export const TICKET_LIST_ACTIONS = ['create', 'update', 'unchanged'] as const;
export const TicketListResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows already applied as they are (a list imported again changes nothing). */
  unchanged: z.number().int(),
  /** What each good row does (or did), by line. */
  applied: z.array(z.object({ line: z.number().int(), action: z.enum(TICKET_LIST_ACTIONS) })),
  refused: z.array(TicketListRefusal),
});
export type TicketListResult = z.infer<typeof TicketListResult>;

export type ListCheck<Row> =
  | { ok: true; line: number; row: Row }
  | { ok: false; line: number; code: string; fields: { path: string; message: string }[] };

function checkRows<Row, In extends { line: number }>(
  inputs: In[],
  schema: z.ZodType<Row>,
  keyOf: (row: Row) => string,
  keyPath: string,
  raw: (input: In) => string,
): ListCheck<Row>[] {
  const seen = new Map<string, number>();
  return inputs.map((input) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success)
      return {
        ok: false,
        line: input.line,
        code: raw(input).trim(),
        fields: parsed.error.issues.map((i) => ({
          path: i.path.join('.'),
          message: i.message.startsWith('validation.') ? i.message : 'validation.invalid',
        })),
      };
    const key = keyOf(parsed.data).toLowerCase();
    const first = seen.get(key);
    if (first !== undefined)
      return {
        ok: false,
        line: input.line,
        code: raw(input).trim(),
        fields: [
          {
            path: keyPath,
            message: `validation.ticketCodeRepeated|${JSON.stringify({ code: keyOf(parsed.data), line: first })}`,
          },
        ],
      };
    seen.set(key, input.line);
    return { ok: true, line: input.line, row: parsed.data };
  });
}

/** Each row's own checks (the browser's preview and the server apply the same); a code repeated in the list. */
export const checkManualTickets = (inputs: ManualTicketInput[]) =>
  checkRows(
    inputs.map((i) => ManualTicketInput.parse(i)),
    ManualTicketRow,
    (r) => r.code,
    'code',
    (i) => i.code,
  );
export const checkConverterRows = (inputs: ConverterInput[]) =>
  checkRows(
    inputs.map((i) => ConverterInput.parse(i)),
    ConverterRow,
    (r) => r.externalCode,
    'externalCode',
    (i) => i.externalCode,
  );

/** A ticket the Ticket API made (manual list, converter). */
export const ApiTicket = z.object({
  id: z.number().int(),
  code: z.string(),
  externalCode: z.string().nullable(),
  idRol: z.number().int().nullable(),
  rol: z.string().nullable(),
  holder: z.string().nullable(),
  email: z.string().nullable(),
  reseller: z.string().nullable(),
  source: z.string().nullable(),
  validated: z.number().int(),
  cancelled: z.number().int(),
  /** Validated, on a wristband or adopted by an import: it can no longer be changed or deleted here. */
  locked: z.boolean(),
  createdAt: z.string(),
});
export type ApiTicket = z.infer<typeof ApiTicket>;
export const ApiTicketQuery = z.object({
  /** Part of the code, the external code, the holder's name or e-mail. */
  search: z.string().trim().max(100).optional(),
  page: queryInt(1, 100_000).optional(),
  paginationLimit: queryInt(1, 999).optional(),
});
export const ApiTicketList = z.object({ tickets: z.array(ApiTicket), total: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Resellers

export const ResellerAllocation = z.object({
  roleId: id(),
  quantity: z.number(keyed).int().min(0).max(1_000_000),
});
export const Reseller = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /** Per rol: allocated, sold (tickets not cancelled that name the reseller) and what remains. */
  roles: z.array(
    z.object({
      roleId: z.number().int().nullable(),
      rol: z.string().nullable(),
      allocated: z.number().int(),
      sold: z.number().int(),
      remaining: z.number().int(),
    }),
  ),
  updatedAt: z.string(),
});
export type Reseller = z.infer<typeof Reseller>;
export const ResellerSave = z.object({
  id: id().optional(),
  name: z.string(keyed).trim().min(1, required).max(100),
  email: z.union([email().pipe(z.string().max(254)), z.literal(''), z.null()]).optional(),
  allocations: z.array(ResellerAllocation).max(127),
});
export type ResellerSave = z.input<typeof ResellerSave>;
export const ResellerSaveRequest = z.object({ reseller: ResellerSave });
