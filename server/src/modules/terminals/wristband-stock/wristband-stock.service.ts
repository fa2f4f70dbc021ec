import {
  IMPORT_PREVIEW_ROWS,
  issueMessage,
  STOCK_IMPORT_MAX_ERRORS,
  StockCodeCheck,
  type StockImportResult,
  type StockImportRowError,
  type StockSearchQuery,
  StockSerial,
  type StockState,
  type StockWristband,
  type WristbandLot,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { fail } from '../../../core/lib/errors';
import { boundedPageWindow } from '../../../core/lib/paging';
import { auditBulkChange } from '../../../core/plugins/audit';
import { readLotFile } from './stock-file';
import * as repo from './wristband-stock.repo';

/** The default page of the stock search (a stock holds hundreds of thousands of wristbands). */
export const STOCK_PAGE_SIZE = 50;

interface Checked {
  line: number;
  nSerie: string;
  codeCheck: string;
}

/**
 * POST /wristband-stock/import?lot&dryRun: a lot file (CSV, TSV or XLSX, its bytes as the body).
 * Each row on its own: serial and check code by the ban form's rules, then duplicates within the file
 * (the first line wins) and against the stock (a serial held by another lot, or by this lot with
 * another check code). The good rows are added in one statement; one bad row never sinks them.
 * A serial already in this lot with the same check code is unchanged: re-importing a lot changes
 * nothing. A dry run answers the same counts, errors and preview without writing.
 */
export async function importLot(
  ctx: AppContext,
  userId: number,
  lotName: string,
  dryRun: boolean,
  body: unknown,
): Promise<StockImportResult> {
  if (!Buffer.isBuffer(body) || !body.length) throw fail('stockFileEmpty');
  const file = await readLotFile(body);
  const errors: StockImportRowError[] = [];
  let refused = 0;
  const refuse = (e: StockImportRowError) => {
    refused++;
    if (errors.length < STOCK_IMPORT_MAX_ERRORS) errors.push(e);
  };
  const firstLine = new Map<string, number>();
  const good: Checked[] = [];
  for (const row of file.rows) {
    const serial = StockSerial.safeParse(row.nSerie);
    if (!serial.success) {
      refuse({
        line: row.line,
        nSerie: row.nSerie,
        problem: 'serialInvalid',
        message: issueMessage(serial.error.issues[0]!),
      });
      continue;
    }
    const code = StockCodeCheck.safeParse(row.codeCheck);
    if (!code.success) {
      refuse({
        line: row.line,
        nSerie: row.nSerie,
        problem: 'codeCheckInvalid',
        message: issueMessage(code.error.issues[0]!),
      });
      continue;
    }
    const seen = firstLine.get(serial.data);
    if (seen !== undefined) {
      refuse({ line: row.line, nSerie: serial.data, problem: 'duplicateInFile', otherLine: seen });
      continue;
    }
    firstLine.set(serial.data, row.line);
    good.push({ line: row.line, nSerie: serial.data, codeCheck: code.data ?? '' });
  }

  const classify = (
    lotId: number | null,
    held: Map<string, repo.StockHolder>,
    isNew: (s: string) => boolean,
  ) => {
    let added = 0;
    let unchanged = 0;
    for (const r of good) {
      if (isNew(r.nSerie)) {
        added++;
        continue;
      }
      const h = held.get(r.nSerie);
      if (!h) continue; // cannot happen: not inserted means held
      if (h.lot_id !== lotId)
        refuse({ line: r.line, nSerie: r.nSerie, problem: 'inAnotherLot', otherLot: h.lot_name });
      else if ((h.code_check ?? '') !== r.codeCheck)
        refuse({ line: r.line, nSerie: r.nSerie, problem: 'codeCheckDiffers', otherLot: h.lot_name });
      else unchanged++;
    }
    return { added, unchanged };
  };

  const common = {
    dryRun,
    rows: file.rows.length,
    preview: file.rows.slice(0, IMPORT_PREVIEW_ROWS),
    hasHeader: file.hasHeader,
    fileKind: file.kind,
  };
  if (dryRun) {
    const lot = await lotNamedExactly(ctx.db, lotName);
    const held = await repo.holders(
      ctx.db,
      good.map((r) => r.nSerie),
    );
    const { added, unchanged } = classify(lot ? Number(lot.id) : null, held, (s) => !held.has(s));
    errors.sort((a, b) => a.line - b.line);
    return {
      lotId: lot ? Number(lot.id) : null,
      lotName: lot?.name ?? lotName,
      added,
      unchanged,
      refused,
      errors,
      ...common,
    };
  }

  return ctx.db.transaction(async (tx) => {
    await lotNamedExactly(tx, lotName);
    const lot = await repo.lotForImport(tx, lotName, userId);
    const inserted = await repo.insertNew(
      tx,
      lot.id,
      good.map((r) => ({ s: r.nSerie, c: r.codeCheck })),
    );
    const held = await repo.holders(
      tx,
      good.filter((r) => !inserted.has(r.nSerie)).map((r) => r.nSerie),
    );
    const { added, unchanged } = classify(lot.id, held, (s) => inserted.has(s));
    // A new lot none of whose rows could be added is not kept.
    const kept = !(lot.created && added === 0);
    if (!kept) await repo.deleteLot(tx, lot.id);
    else if (added > 0) {
      // The wristbands themselves are written in bulk and left out of the row trigger: one change
      // of the request's audit trail stands for them (docs/decisions/terminals.md "Wristband stock audit").
      const serials = [...inserted].sort();
      await auditBulkChange(tx, {
        table: 'stock_wristbands',
        op: 'insert',
        rowId: String(lot.id),
        after: {
          lotId: lot.id,
          lot: lot.name,
          added,
          unchanged,
          refused,
          first: serials[0],
          last: serials.at(-1),
        },
      });
    }
    errors.sort((a, b) => a.line - b.line);
    return { lotId: kept ? lot.id : null, lotName: lot.name, added, unchanged, refused, errors, ...common };
  });
}

/**
 * The lot of this name, or null. Lot names are unique ignoring case: a name typed in another case than
 * an existing lot's is refused with that lot's name (docs/decisions/terminals.md "Lot names"), never
 * silently added to it.
 */
async function lotNamedExactly(db: Executor, lotName: string) {
  const lot = await repo.findLotByName(db, lotName);
  if (lot && lot.name !== lotName) throw fail('stockLotNameCase', { params: { lot: lot.name } });
  return lot;
}

export async function listLots(ctx: AppContext): Promise<WristbandLot[]> {
  return (await repo.listLots(ctx.db)).map((r) => ({
    id: Number(r.id),
    name: r.name,
    eventId: r.event_id === null ? null : Number(r.event_id),
    eventName: r.event_name,
    wristbands: Number(r.wristbands),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/**
 * POST /wristband-stock/lots/:id/assign {eventId}: the lot goes to that event (null: back to the
 * warehouse). A closed event takes no more wristbands (eventClosed).
 */
export async function assignLot(ctx: AppContext, id: number, eventId: number | null) {
  await ctx.db.transaction(async (tx) => {
    if (eventId !== null) {
      const closed = await repo.eventClosed(tx, eventId);
      if (closed === null) throw fail('notFound');
      if (closed) throw fail('eventClosed');
    }
    if (!(await repo.assignLot(tx, id, eventId))) throw fail('notFound');
  });
  return (await listLots(ctx)).find((l) => l.id === id)!;
}

const stateOf = (r: repo.StockRow): StockState => {
  if (r.banned) return 'banned';
  if (r.replaced_by || (r.seen && r.active === 0)) return 'replaced';
  if (r.linked) return 'linked';
  if (r.event_id !== null) return 'assigned';
  return 'inStock';
};

/** GET /wristband-stock/wristbands?search&lotId&page&paginationLimit: a page and the total. */
export async function searchStock(ctx: AppContext, q: StockSearchQuery) {
  const { limit, offset } = boundedPageWindow(q, STOCK_PAGE_SIZE);
  const search = q.search ? q.search.toUpperCase() : null;
  const { rows, total } = await repo.searchStock(ctx.db, {
    search,
    lotId: q.lotId ?? null,
    limit,
    offset,
  });
  const wristbands: StockWristband[] = rows.map((r) => ({
    id: Number(r.id),
    nSerie: r.n_serie,
    codeCheck: r.code_check,
    lotId: Number(r.lot_id),
    lotName: r.lot_name,
    eventId: r.event_id === null ? null : Number(r.event_id),
    eventName: r.event_name,
    state: stateOf(r),
    customerName: r.linked ? r.customer_name : null,
    replacedBy: r.replaced_by,
  }));
  return { wristbands, total };
}

export async function stockControlEvents(ctx: AppContext) {
  return (await repo.stockControlEvents(ctx.db)).map((r) => ({
    eventId: Number(r.event_id),
    eventName: r.event_name,
  }));
}

/** How many active wristbands of the event stock control would refuse (asked before turning it on or off). */
export async function stockControlImpact(ctx: AppContext, eventId: number) {
  if (!(await repo.eventExists(ctx.db, eventId))) throw fail('notFound');
  const { active, outside } = await repo.stockControlImpact(ctx.db, eventId);
  return { eventId, activeWristbands: active, outsideStock: outside };
}

export async function setStockControl(ctx: AppContext, userId: number, eventId: number, required: boolean) {
  if (!(await repo.eventExists(ctx.db, eventId))) throw fail('notFound');
  await repo.setStockControl(ctx.db, eventId, required, userId);
  return stockControlEvents(ctx);
}

/**
 * For the terminal feed's sync, in an event that requires stock control (the sync reads that with
 * `requiresStockSql` in its first statement): the serials of `serials` that are not in a lot assigned
 * to it (the sync refuses each operation naming one).
 */
export async function unknownToStock(db: Executor, eventId: number, serials: string[]): Promise<Set<string>> {
  const known = await repo.inEventStock(db, eventId, serials);
  return new Set(serials.filter((s) => !known.has(s)));
}
