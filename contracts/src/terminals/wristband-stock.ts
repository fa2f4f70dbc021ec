import { z } from 'zod';
import { BanForm } from '../customers/banned-wristbands';
import { ListQuery } from '../envelope';
import { queryFlag, queryId } from '../inputs';

/**
 * Wristband stock (admin/configuration/rfids, issue 18): the wristbands the organisation owns, in
 * lots. Serial and check code follow the ban form's rules (01-console §5, §9: serial 8 to 18 upper
 * case characters, check code at most 8).
 */
export const StockSerial = BanForm.shape.nSerie;
export const StockCodeCheck = BanForm.shape.codeCheck;

/** What a wristband of the stock is now, derived from the lots, the feed and the bans. */
export const STOCK_STATES = ['inStock', 'assigned', 'linked', 'banned', 'replaced'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** Largest lot file accepted (bytes): a few hundred thousand rows fit well within it. */
export const STOCK_IMPORT_MAX_BYTES = 32 * 1_048_576;
/** Most rows of one lot file. */
export const STOCK_IMPORT_MAX_ROWS = 500_000;
/** Per-row errors listed in an answer (the counts cover them all). */
export const STOCK_IMPORT_MAX_ERRORS = 500;
export const STOCK_FILE_KINDS = ['csv', 'tsv', 'xlsx'] as const;

export const LotName = z.string().trim().min(1, { error: 'validation.required' }).max(80);

/** POST /api/wristband-stock/import?lot&dryRun (the file's bytes are the body). */
export const StockImportQuery = z.object({
  lot: LotName,
  dryRun: queryFlag().optional(),
});
export type StockImportQuery = z.infer<typeof StockImportQuery>;

export const STOCK_ROW_PROBLEMS = [
  'serialInvalid',
  'codeCheckInvalid',
  'duplicateInFile',
  'inAnotherLot',
  'codeCheckDiffers',
] as const;
export type StockRowProblem = (typeof STOCK_ROW_PROBLEMS)[number];

export const StockImportRowError = z.object({
  /** 1-based line of the file (the header is line 1 when there is one). */
  line: z.number().int(),
  nSerie: z.string(),
  problem: z.enum(STOCK_ROW_PROBLEMS),
  /** For duplicates: the first line in the file, or the lot that already holds the serial. */
  otherLine: z.number().int().optional(),
  otherLot: z.string().optional(),
  /** The validation message key (its parameters after `|`) for invalid values. */
  message: z.string().optional(),
});
export type StockImportRowError = z.infer<typeof StockImportRowError>;

export const StockImportResult = z.object({
  lotId: z.number().int().nullable(),
  lotName: z.string(),
  dryRun: z.boolean(),
  /** Data rows read (without the header). */
  rows: z.number().int(),
  /** New in the stock (dry run: would be). */
  added: z.number().int(),
  /** Already in this lot with the same check code: nothing changes. */
  unchanged: z.number().int(),
  /** Rows refused (each in `errors`, up to STOCK_IMPORT_MAX_ERRORS). */
  refused: z.number().int(),
  errors: z.array(StockImportRowError),
  /** The first IMPORT_PREVIEW_ROWS rows as read. */
  preview: z.array(z.object({ line: z.number().int(), nSerie: z.string(), codeCheck: z.string() })),
  hasHeader: z.boolean(),
  fileKind: z.enum(STOCK_FILE_KINDS),
});
export type StockImportResult = z.infer<typeof StockImportResult>;

export const WristbandLot = z.object({
  id: z.number().int(),
  name: z.string(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  wristbands: z.number().int(),
  createdAt: z.string(),
});
export type WristbandLot = z.infer<typeof WristbandLot>;

export const LotAssign = z.object({ eventId: z.number().int().min(1).max(2_147_483_647).nullable() });
export type LotAssign = z.infer<typeof LotAssign>;

export const StockSearchQuery = ListQuery.extend({
  search: z.string().trim().max(40).optional(),
  lotId: queryId().optional(),
});
export type StockSearchQuery = z.infer<typeof StockSearchQuery>;

export const StockWristband = z.object({
  id: z.number().int(),
  nSerie: z.string(),
  codeCheck: z.string().nullable(),
  lotId: z.number().int(),
  lotName: z.string(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  state: z.enum(STOCK_STATES),
  /** The customer of the wristband at the lot's event, when linked. */
  customerName: z.string().nullable(),
  /** The wristband that replaced it, when replaced. */
  replacedBy: z.string().nullable(),
});
export type StockWristband = z.infer<typeof StockWristband>;

export const StockSearchResult = z.object({ wristbands: z.array(StockWristband), total: z.number().int() });

/** Events that require stock control (the terminal feed refuses wristbands not in their lots). */
export const StockControlEvent = z.object({ eventId: z.number().int(), eventName: z.string() });
export const StockControlSave = z.object({
  eventId: z.number().int().min(1).max(2_147_483_647),
  required: z.union([z.literal(0), z.literal(1)]),
});
export type StockControlSave = z.infer<typeof StockControlSave>;

/** GET /api/wristband-stock/stock-control/impact?eventId: what turning stock control on or off changes. */
export const StockControlImpactQuery = z.object({ eventId: queryId() });
export const StockControlImpact = z.object({
  eventId: z.number().int(),
  /** Wristbands in use at the event (not replaced). */
  activeWristbands: z.number().int(),
  /** Of them, those in no lot assigned to the event: refused once control is on. */
  outsideStock: z.number().int(),
});
export type StockControlImpact = z.infer<typeof StockControlImpact>;
