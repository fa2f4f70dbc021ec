import { type DuplicateEventRequest, minRate } from '@pulsera/contracts';
import { asc, eq, getTableColumns, getTableName } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import * as s from '../../../core/db/schema';
import { fail, fieldError } from '../../../core/lib/errors';
import { randomToken } from '../../../core/lib/tokens';
import * as repo from './event-detail.repo';

/**
 * Duplicating an event (01-console §3 Event duplication request, §4 Duplicate form, §7 POST
 * /duplicateEvent). The copy is table-driven: DUPLICATE_REGISTRY names every event-scoped table (every
 * table with an `event_id` column) and says whether it is copied always, under one of the request's
 * flags, or never (and why). A test fails when a table with `event_id` is missing here, so each area
 * added later decides how it is duplicated.
 *
 * The copier reads the Drizzle schema: it copies every column, gives the rows the new event, and remaps
 * foreign keys to rows copied in the same run (references to a row copied later, or to the same table,
 * are written afterwards). A reference to an event-scoped table that is not copied becomes null (or
 * the row is left out when the column cannot be null); references to global tables are kept.
 */
export type DuplicateFlag =
  | 'duplicateStaff'
  | 'duplicateTimeRanges'
  | 'duplicateLocations'
  | 'duplicateArticles'
  | 'duplicateArticlesLocations'
  | 'duplicateExchangeSettings';

/** A plain integer column (no foreign key) holding the id of another event-scoped table's row. */
interface ManualRef {
  table: PgTable;
  /** When the referenced table is not copied: 'drop' leaves the row out, 'null' clears the column. */
  missing: 'drop' | 'null';
}

/** An integer-array column of ids of another event-scoped table, where null means "all of them". */
interface ArrayRef {
  table: PgTable;
}

export type CopyRule =
  | {
      table: PgTable;
      copy: 'always' | DuplicateFlag;
      why: string;
      refs?: Record<string, ManualRef>;
      /** Copied: the ids are mapped (unmapped ones dropped). Not copied: null stays all, a list becomes none. */
      arrayRefs?: Record<string, ArrayRef>;
    }
  | { table: PgTable; copy: 'never'; why: string };

/** Transactional history: what happened in the source event stays with it. */
const HISTORY = 'transactional data of the source event (what happened there stays there)';
const DATED = 'cashless rules dated for the source edition (set again for the new event)';

/** Every event-scoped table, in copy order (a table after the tables it references, where it can). */
export const DUPLICATE_REGISTRY: CopyRule[] = [
  // Always: the event's own settings.
  { table: s.currencies, copy: 'always', why: 'the event’s own currencies (the request may name them)' },
  { table: s.eventTeams, copy: 'always', why: 'the teams the event belongs to' },
  { table: s.kioskButtons, copy: 'always', why: 'kiosk configuration of the event' },
  // Flags (01-console §3): the venue goes with the locations.
  { table: s.timeRanges, copy: 'duplicateTimeRanges', why: 'time ranges' },
  { table: s.zones, copy: 'duplicateLocations', why: 'the venue: zones' },
  { table: s.locations, copy: 'duplicateLocations', why: 'the venue: locations' },
  { table: s.gates, copy: 'duplicateLocations', why: 'the venue: gates between zones' },
  { table: s.rooms, copy: 'duplicateLocations', why: 'the venue: rooms' },
  { table: s.kitchens, copy: 'duplicateLocations', why: 'the venue: kitchens of the locations' },
  { table: s.kitchenPrinters, copy: 'duplicateLocations', why: 'the venue: kitchen printers' },
  { table: s.kitchenRooms, copy: 'duplicateLocations', why: 'the venue: rooms a kitchen serves' },
  // Ticket roles (docs/decisions/events.md): event settings like flags, always copied, before the articles
  // whose banned roles name them (their lists follow below, once what they refer to is copied).
  { table: s.rols, copy: 'always', why: 'ticket roles (their image is not copied)' },
  {
    table: s.articles,
    copy: 'duplicateArticles',
    why: 'articles',
    arrayRefs: { bannedRoleIds: { table: s.rols } },
  },
  // Access groups and add-ons are event settings: always copied. Their links to zones, time ranges
  // and articles not copied are left out (a flag then grants less, never more).
  { table: s.flags, copy: 'always', why: 'flags (access groups)' },
  { table: s.flagAccess, copy: 'always', why: 'flag access, kept when its zone and time range are copied' },
  {
    table: s.flagArticlePrices,
    copy: 'always',
    why: 'flag price overrides, kept when the article and the time range are copied',
  },
  { table: s.addons, copy: 'always', why: 'add-ons' },
  { table: s.addonFlags, copy: 'always', why: 'the flags an add-on grants' },
  { table: s.addonGifts, copy: 'always', why: 'add-on gift articles, kept when the articles are copied' },
  { table: s.bonusTypes, copy: 'always', why: 'bonus types' },
  // Ticket roles' lists: an entry whose zone, time range, location, add-on or article was not copied
  // is left out (a rol then grants less, never more; a chosen location list may become none).
  { table: s.rolLocations, copy: 'always', why: 'ticket roles: their validation and pre-top-up locations' },
  { table: s.rolTimeRanges, copy: 'always', why: 'ticket roles: the time ranges they are validated in' },
  { table: s.rolAccess, copy: 'always', why: 'ticket roles: access by zone and time range' },
  { table: s.rolAddons, copy: 'always', why: 'ticket roles: the add-ons they come with' },
  { table: s.rolArticles, copy: 'always', why: 'ticket roles: the articles they come with' },
  {
    table: s.staff,
    copy: 'duplicateStaff',
    why: 'terminal staff (their location and room lists follow the venue copy)',
    arrayRefs: { locationIds: { table: s.locations }, roomIds: { table: s.rooms } },
  },
  // Always, after the locations: parameters (exceptions of locations not copied are left out).
  { table: s.eventParams, copy: 'always', why: 'event parameters' },
  {
    table: s.eventParamExceptions,
    copy: 'always',
    why: 'event parameter exceptions',
    refs: { idLocation: { table: s.locations, missing: 'drop' } },
  },
  // The article catalogue's settings, last: they reference articles, flags, add-ons, time ranges and
  // locations copied above (a flag or add-on not copied drops the article's choice of it).
  { table: s.articleFlags, copy: 'duplicateArticles', why: 'articles: their tri-state flag choices' },
  { table: s.articleAddons, copy: 'duplicateArticles', why: 'articles: the add-ons they offer' },
  {
    table: s.articleExchanges,
    copy: 'duplicateExchangeSettings',
    why: 'exchange settings of the articles',
    arrayRefs: { exchangeArticleIds: { table: s.articles }, timeRangeIds: { table: s.timeRanges } },
  },
  { table: s.locationArticles, copy: 'duplicateArticlesLocations', why: 'articles in locations: menus' },
  {
    table: s.locationArticleSticks,
    copy: 'duplicateArticlesLocations',
    why: 'articles in locations: sticks of the menus',
  },
  { table: s.packs, copy: 'duplicateArticlesLocations', why: 'packs: articles sold together in locations' },
  { table: s.packArticles, copy: 'duplicateArticlesLocations', why: 'packs: their articles' },
  { table: s.packLocations, copy: 'duplicateArticlesLocations', why: 'packs: where they are sold' },
  // Never.
  {
    table: s.userEventPermissions,
    copy: 'never',
    why: 'permissions in an event are granted by a users administrator',
  },
  {
    table: s.userEventRoles,
    copy: 'never',
    why: 'permission roles in an event are granted by a users administrator',
  },
  { table: s.scheduleEmailTokens, copy: 'never', why: 'one-time e-mail verification tokens' },
  {
    table: s.salesSchedules,
    copy: 'never',
    why: 'sales API schedules: a platform connection authorised (and its tokens issued) for this event',
  },
  { table: s.salesPushes, copy: 'never', why: 'the sales pushed to a platform for this event' },
  // Ticket API: the connection to the platform's event of this edition (its token too), what was
  // imported from it, and the resellers' deals of this edition.
  {
    table: s.ticketImportSchedules,
    copy: 'never',
    why: 'a schedule names the platform event of its own edition',
  },
  { table: s.ticketImportRuns, copy: 'never', why: HISTORY },
  { table: s.ticketImportPositions, copy: 'never', why: HISTORY },
  { table: s.ticketImportIssues, copy: 'never', why: HISTORY },
  { table: s.ticketResellers, copy: 'never', why: 'resellers’ deals are made per edition' },
  { table: s.ticketResellerAllocations, copy: 'never', why: 'resellers’ deals are made per edition' },
  { table: s.images, copy: 'never', why: 'uploaded files stay with their event; copies lose the references' },
  { table: s.ads, copy: 'never', why: 'kiosk ads are campaigns with their own dates and images' },
  // Cashless rules are dated for the source edition, and their location lists (none = every
  // location) would widen without the venue: they are set again for the new event.
  { table: s.bonuses, copy: 'never', why: DATED },
  { table: s.bonusArticles, copy: 'never', why: DATED },
  { table: s.bonusLocations, copy: 'never', why: DATED },
  { table: s.fees, copy: 'never', why: DATED },
  { table: s.feeLocations, copy: 'never', why: DATED },
  { table: s.refundRules, copy: 'never', why: DATED },
  { table: s.refundRuleLocations, copy: 'never', why: DATED },
  { table: s.customers, copy: 'never', why: HISTORY },
  { table: s.wristbands, copy: 'never', why: HISTORY },
  { table: s.tickets, copy: 'never', why: HISTORY },
  { table: s.ledgerEntries, copy: 'never', why: HISTORY },
  { table: s.topUps, copy: 'never', why: HISTORY },
  { table: s.sales, copy: 'never', why: HISTORY },
  { table: s.saleLines, copy: 'never', why: HISTORY },
  { table: s.salePayments, copy: 'never', why: HISTORY },
  { table: s.accessRecords, copy: 'never', why: HISTORY },
  { table: s.ticketValidations, copy: 'never', why: HISTORY },
  { table: s.roleRecordings, copy: 'never', why: HISTORY },
  { table: s.wristbandChanges, copy: 'never', why: HISTORY },
  { table: s.presenceRecords, copy: 'never', why: HISTORY },
  { table: s.cashCloses, copy: 'never', why: HISTORY },
  { table: s.processedOperations, copy: 'never', why: HISTORY },
  { table: s.syncBatches, copy: 'never', why: HISTORY },
  { table: s.refusedOperations, copy: 'never', why: HISTORY },
  { table: s.orderErrors, copy: 'never', why: HISTORY },
  { table: s.onlineTopUps, copy: 'never', why: HISTORY },
  { table: s.reportSalesHourly, copy: 'never', why: 'report rollups sum the source event’s feed' },
  { table: s.reportArticlesHourly, copy: 'never', why: 'report rollups sum the source event’s feed' },
  { table: s.reportMetreHourly, copy: 'never', why: 'report rollups sum the source event’s feed' },
  { table: s.reportTopUpsHourly, copy: 'never', why: 'report rollups sum the source event’s feed' },
  { table: s.reportAccessHourly, copy: 'never', why: 'report rollups sum the source event’s feed' },
  { table: s.reportWristbandDays, copy: 'never', why: 'report rollups sum the source event’s feed' },
  { table: s.reportWristbandDayCounts, copy: 'never', why: 'report rollups sum the source event’s feed' },
  { table: s.reportArticleTotalsHourly, copy: 'never', why: 'report rollups sum the source event’s feed' },
  {
    table: s.reportTicketsHourly,
    copy: 'never',
    why: 'report rollups sum the source event’s tickets (their triggers count the copied ones)',
  },
  {
    table: s.reportWristbandBalances,
    copy: 'never',
    why: 'report rollups sum the source event’s wristbands (their triggers count the copied ones)',
  },
  { table: s.capacityLogSlots, copy: 'never', why: 'the capacity log records the source event’s occupancy' },
  { table: s.capacityLog, copy: 'never', why: 'the capacity log records the source event’s occupancy' },
  {
    table: s.customerRefunds,
    copy: 'never',
    why: 'refund requests are made by the customers of the source event',
  },
  {
    table: s.payoutAccounts,
    copy: 'never',
    why: 'the debtor account is confirmed per event by its finance officer before any run',
  },
  { table: s.payoutRuns, copy: 'never', why: 'payout runs pay the source event’s refunds' },
  { table: s.payoutRunItems, copy: 'never', why: 'payout runs pay the source event’s refunds' },
  { table: s.auditLog, copy: 'never', why: 'the audit trail records what happened in the source event' },
  {
    table: s.deviceAssignments,
    copy: 'never',
    why: 'a terminal’s assignment history records where it worked; the new event gets its terminals by QR',
  },
  {
    table: s.eventOnlineServices,
    copy: 'never',
    why: 'slug and subdomain are unique per event: the new event sets up its own online services',
  },
  {
    table: s.eventStockControl,
    copy: 'never',
    why: 'stock control is switched on once the new event has wristband lots assigned',
  },
  {
    table: s.integratorEvents,
    copy: 'never',
    why: 'an integrator’s grants are given per event by an administrator',
  },
  {
    table: s.wristbandLots,
    copy: 'never',
    why: 'a lot of wristbands is physical stock assigned to one event',
  },
];

export const registryTableNames = () => DUPLICATE_REGISTRY.map((r) => getTableName(r.table));

type IdMaps = Map<PgTable, Map<number, number>>;
interface Deferred {
  table: PgTable;
  key: string;
  newId: number;
  oldRef: number;
  refTable: PgTable;
}

const CHUNK = 500;

function columnKey(table: PgTable, column: PgColumn) {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c.name === column.name);
  if (!entry) throw new Error(`${getTableName(table)}: no column ${column.name}`);
  return entry[0];
}

interface RefPlan {
  key: string;
  refTable: PgTable;
  nullable: boolean;
  missing: 'drop' | 'null';
}

/** How each column of a copied table that points at another row is rewritten. */
function refPlans(rule: Extract<CopyRule, { copy: 'always' | DuplicateFlag }>): RefPlan[] {
  const cols = getTableColumns(rule.table);
  const plans: RefPlan[] = [];
  for (const fk of getTableConfig(rule.table).foreignKeys) {
    const ref = fk.reference();
    if (ref.columns.length !== 1) throw new Error(`${getTableName(rule.table)}: composite foreign key`);
    const column = ref.columns[0]!;
    const key = columnKey(rule.table, column);
    plans.push({
      key,
      refTable: ref.foreignTable,
      nullable: !column.notNull,
      missing: column.notNull ? 'drop' : 'null',
    });
  }
  for (const [key, manual] of Object.entries(rule.refs ?? {})) {
    if (!(key in cols)) throw new Error(`${getTableName(rule.table)}: no column ${key}`);
    plans.push({
      key,
      refTable: manual.table,
      nullable: !cols[key]!.notNull,
      missing: manual.missing,
    });
  }
  for (const key of Object.keys(rule.arrayRefs ?? {})) {
    if (!(key in cols)) throw new Error(`${getTableName(rule.table)}: no column ${key}`);
  }
  return plans;
}

const registered = new Set(DUPLICATE_REGISTRY.map((r) => r.table));

/** Copies one table's rows of the source event into the new event. Returns the number of rows. */
async function copyTable(
  tx: Executor,
  rule: Extract<CopyRule, { copy: 'always' | DuplicateFlag }>,
  run: { from: number; to: number; copying: Set<PgTable>; ids: IdMaps; deferred: Deferred[] },
) {
  const table = rule.table;
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const idCol = cols.id;
  const eventCol = cols.eventId;
  if (!eventCol) throw new Error(`${getTableName(table)} has no eventId column`);
  const plans = refPlans(rule).filter((p) => p.refTable !== s.events);
  const rows = (await tx
    .select()
    .from(table)
    .where(eq(eventCol, run.from))
    .orderBy(...(idCol ? [asc(idCol)] : []))) as Record<string, unknown>[];
  const map = new Map<number, number>();
  if (idCol) run.ids.set(table, map);
  if (!rows.length) return 0;

  const now = new Date();
  const out: { values: Record<string, unknown>; later: Omit<Deferred, 'newId'>[]; oldId: number | null }[] =
    [];
  rowLoop: for (const row of rows) {
    const values: Record<string, unknown> = { ...row, eventId: run.to };
    const oldId = idCol ? (row.id as number) : null;
    if (idCol) delete values.id;
    if ('createdAt' in cols) values.createdAt = now;
    if ('updatedAt' in cols) values.updatedAt = now;
    const later: Omit<Deferred, 'newId'>[] = [];
    for (const p of plans) {
      const old = row[p.key] as number | null;
      if (old === null || old === undefined) continue;
      if (!registered.has(p.refTable)) continue; // a global table: keep the reference
      const copied = run.ids.get(p.refTable);
      if (run.copying.has(p.refTable) && (!copied || p.refTable === table)) {
        // Copied later in this run (or this very table): written once every table is copied.
        if (!p.nullable) throw new Error(`${getTableName(table)}.${p.key}: copy order`);
        values[p.key] = null;
        later.push({ table, key: p.key, oldRef: old, refTable: p.refTable });
        continue;
      }
      const mapped = copied?.get(old);
      if (mapped !== undefined) {
        values[p.key] = mapped;
        continue;
      }
      if (p.missing === 'drop' || !p.nullable) continue rowLoop;
      values[p.key] = null;
    }
    for (const [key, ref] of Object.entries(rule.arrayRefs ?? {})) {
      const old = row[key] as number[] | null;
      if (old === null || old === undefined) continue;
      if (run.copying.has(ref.table) && !run.ids.has(ref.table)) {
        throw new Error(`${getTableName(table)}.${key}: copy order`);
      }
      const copied = run.ids.get(ref.table);
      values[key] = copied ? old.flatMap((id) => (copied.has(id) ? [copied.get(id)!] : [])) : [];
    }
    out.push({ values, later, oldId });
  }

  for (let i = 0; i < out.length; i += CHUNK) {
    const chunk = out.slice(i, i + CHUNK);
    const values = chunk.map((c) => c.values);
    if (idCol) {
      // PostgreSQL returns the rows of one INSERT … VALUES in the order given.
      const inserted = (await tx
        .insert(table)
        .values(values as never)
        .returning({ id: idCol })) as { id: number }[];
      chunk.forEach((c, j) => {
        const newId = inserted[j]!.id;
        map.set(c.oldId!, newId);
        for (const d of c.later) run.deferred.push({ ...d, newId });
      });
    } else {
      if (chunk.some((c) => c.later.length)) throw new Error(`${getTableName(table)}: deferred without id`);
      await tx.insert(table).values(values as never);
    }
  }
  return out.length;
}

/** Which registry entries a request copies. */
export function copiedTables(flags: Record<DuplicateFlag, boolean>) {
  return DUPLICATE_REGISTRY.filter(
    (r): r is Extract<CopyRule, { copy: 'always' | DuplicateFlag }> =>
      r.copy === 'always' || (r.copy !== 'never' && flags[r.copy]),
  );
}

/**
 * POST /duplicateEvent: a new event (new token, the request's name, dates, currencies and rate) with
 * what the flags ask copied from the selected event, in one transaction. Answers the new event's id.
 */
export async function duplicateEvent(ctx: AppContext, sourceId: number, input: DuplicateEventRequest) {
  return ctx.db.transaction(async (tx) => {
    const source = await repo.findEvent(tx, sourceId);
    if (!source) throw fail('notFound');
    if (input.newEventName.trim().toLowerCase() === source.name.trim().toLowerCase()) {
      throw fieldError('newEventName', 'validation.eventNameEqual');
    }
    const financial = await repo.findUsableCurrency(tx, input.moneda, source.id);
    if (!financial) throw fieldError('moneda', 'validation.invalid');
    if (!financial.isFinancial) throw fieldError('moneda', 'validation.financialCurrency');
    const local = await repo.findUsableCurrency(tx, input.localCurrency, source.id);
    if (!local) throw fieldError('localCurrency', 'validation.invalid');
    const min = minRate(local.fraction);
    if (input.localCurrencyRate < min - 1e-9) {
      throw fieldError('localCurrencyRate', `validation.min|${JSON.stringify({ min })}`);
    }

    // The copy keeps the source's language: held, so a concurrent delete of it waits and finds the copy.
    await repo.holdLanguage(tx, source.language);
    const { id: _id, createdAt: _c, updatedAt: _u, ...settings } = source;
    const now = new Date();
    const created = await repo.insertEvent(tx, {
      ...settings,
      token: randomToken(),
      name: input.newEventName,
      dateStart: new Date(input.f_inicio),
      dateEnd: new Date(input.f_fin),
      operationsStart: input.f_inicio_operaciones ? new Date(input.f_inicio_operaciones) : null,
      operationsEnd: input.f_fin_operaciones ? new Date(input.f_fin_operaciones) : null,
      currencyId: financial.id,
      localCurrencyId: local.id,
      localCurrencyRate: input.localCurrencyRate,
      isClosed: 0,
      isActive: 1,
      // Addresses and analytics identify one event: the copy gets its own later.
      slug: null,
      subdomain: null,
      servicesOnlineDateStart: null,
      servicesOnlineDateEnd: null,
      externalAnalyticsId: null,
      pictureSponsorId: null,
      pictureSponsorUrl: null,
      pictureReceiptLogoId: null,
      pictureReceiptLogoUrl: null,
      tagCounters: [],
      createdAt: now,
      updatedAt: now,
    });

    const rules = copiedTables(input);
    const run = {
      from: source.id,
      to: created.id,
      copying: new Set(rules.map((r) => r.table)),
      ids: new Map() as IdMaps,
      deferred: [] as Deferred[],
    };
    const counts: Record<string, number> = {};
    for (const rule of rules) counts[getTableName(rule.table)] = await copyTable(tx, rule, run);
    for (const d of run.deferred) {
      const mapped = run.ids.get(d.refTable)?.get(d.oldRef) ?? null;
      const cols = getTableColumns(d.table) as Record<string, PgColumn>;
      await tx
        .update(d.table)
        .set({ [d.key]: mapped } as never)
        .where(eq(cols.id!, d.newId));
    }

    // The event row's own references: its currencies (when they were the source's own) and the tag
    // counters (kept only when the articles were copied).
    const currencyIds = run.ids.get(s.currencies);
    const articleIds = run.ids.get(s.articles);
    const tagCounters = articleIds
      ? source.tagCounters.flatMap((c) => {
          const inc = articleIds.get(c.idArticleIncrement);
          if (inc === undefined) return [];
          const dec = c.idArticleDecrement ? (articleIds.get(c.idArticleDecrement) ?? null) : null;
          return [{ position: c.position, idArticleIncrement: inc, idArticleDecrement: dec }];
        })
      : [];
    await repo.updateEvent(tx, created.id, {
      currencyId: currencyIds?.get(financial.id) ?? financial.id,
      localCurrencyId: currencyIds?.get(local.id) ?? local.id,
      tagCounters,
    });
    return { id: created.id, counts };
  });
}
