/**
 * What the operations of a batch name in the event — articles, locations, staff, zones, gates,
 * add-ons, kitchens and rooms — and whether each is the event's (decisions/terminals.md "Terminal
 * feed", "Names an operation carries"). Read in ONE statement per batch, sent with the batch's BEGIN
 * (no round trip of its own), for the distinct ids of the whole batch, never per operation.
 *
 * An id is the event's when its row is there, or when the row was the event's and was deleted from
 * the console (its before image in the audit trail): a terminal may sell from a menu it loaded before
 * an article was removed, and that sale happened.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { RuleRefusal } from './sync.rules';
import { ints, texts } from './sync-sql';
import type { Op } from './sync-types';

export const REFERENCE_KINDS = [
  'article',
  'location',
  'staff',
  'zone',
  'gate',
  'addon',
  'kitchen',
  'room',
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** The table of each kind (the audit trail names deleted rows by table). */
const TABLES: Record<ReferenceKind, string> = {
  article: 'articles',
  location: 'locations',
  staff: 'staff',
  zone: 'zones',
  gate: 'gates',
  addon: 'addons',
  kitchen: 'kitchens',
  room: 'rooms',
};

/** The refusal of each kind: its reason code and message key. */
const REFUSALS: Record<ReferenceKind, { reason: string; key: string }> = {
  article: { reason: 'articleUnknown', key: 'feedArticleUnknown' },
  location: { reason: 'locationUnknown', key: 'feedLocationUnknown' },
  staff: { reason: 'staffUnknown', key: 'feedStaffUnknown' },
  zone: { reason: 'zoneUnknown', key: 'feedZoneUnknown' },
  gate: { reason: 'gateUnknown', key: 'feedGateUnknown' },
  addon: { reason: 'addonUnknown', key: 'feedAddonUnknown' },
  kitchen: { reason: 'kitchenUnknown', key: 'feedKitchenUnknown' },
  room: { reason: 'roomUnknown', key: 'feedRoomUnknown' },
};

export type References = Record<ReferenceKind, Set<number>>;
const empty = (): References =>
  Object.fromEntries(REFERENCE_KINDS.map((k) => [k, new Set<number>()])) as unknown as References;

/**
 * Every id an operation names, by kind, in the order an operation is checked (the first unknown one
 * is its reason). Roles are not checked here (a ticket's role may come from the ticketing platform).
 */
export function referencesOf(op: Op): [ReferenceKind, number | null | undefined][] {
  const common: [ReferenceKind, number | null | undefined][] = [
    ['location', op.locationId],
    ['staff', op.staffId],
  ];
  switch (op.kind) {
    case 'topup':
      return [
        ['addon', op.addonId],
        ...common,
        ['staff', op.supervisorId],
        ...op.articles.map((a): [ReferenceKind, number] => ['article', a.idArticle]),
      ];
    case 'sale':
      return [
        ['addon', op.addonId],
        ['kitchen', op.kitchenId],
        ['room', op.roomId],
        ...common,
        ...op.lines.map((l): [ReferenceKind, number] => ['article', l.idArticle]),
      ];
    case 'orderError':
      return [['kitchen', op.kitchenId], ['room', op.roomId], ...common];
    case 'access':
      return [
        ...common,
        ['gate', op.gateId],
        ['zone', op.zoneFrom],
        ['zone', op.zoneTo],
        ['zone', op.lastZone],
      ];
    case 'presence':
      return [...common, ['staff', op.controllerId]];
    default:
      return common;
  }
}

/** The distinct ids a batch's operations name, by kind. */
export function namedReferences(ops: Op[]): References {
  const named = empty();
  for (const op of ops) {
    for (const [kind, id] of referencesOf(op)) if (typeof id === 'number') named[kind].add(id);
  }
  return named;
}

/**
 * The statement answering which named ids are the event's (`kind`, `id` rows): the live rows of each
 * table, then the rows deleted from the event (the audit trail's delete images, found by its
 * (table_name, row_id) index). Its text never changes (a prepared statement): empty kinds are empty
 * arrays.
 */
export function referencesSql(eventId: number, named: References): SQL {
  const live = REFERENCE_KINDS.map(
    (kind) =>
      sql`select ${kind}::text as kind, id from ${sql.raw(TABLES[kind])}
          where id = any(${ints([...named[kind]])}) and event_id is not distinct from ${eventId}::int`,
  );
  const tables: string[] = [];
  const rowIds: string[] = [];
  for (const kind of REFERENCE_KINDS) {
    for (const id of named[kind]) {
      tables.push(TABLES[kind]);
      rowIds.push(String(id));
    }
  }
  const kindOf = sql.raw(
    `case n.t ${REFERENCE_KINDS.map((k) => `when '${TABLES[k]}' then '${k}'`).join(' ')} end`,
  );
  const removed = sql`select ${kindOf} as kind, n.r::int as id
      from unnest(${texts(tables)}, ${texts(rowIds)}) as n(t, r)
      where exists (select 1 from audit_changes c
        where c.table_name = n.t and c.row_id = n.r and c.op = 'delete'
          and c.before ->> 'event_id' = ${String(eventId)}::text)`;
  return sql.join([...live, removed], sql` union all `);
}

/** The ids the statement found, by kind. */
export function knownReferences(rows: Record<string, unknown>[]): References {
  const known = empty();
  for (const r of rows) known[r.kind as ReferenceKind]?.add(Number(r.id));
  return known;
}

/** The first id an operation names that is not the event's, as its refusal. */
export function checkReferences(op: Op, known: References): RuleRefusal | null {
  for (const [kind, id] of referencesOf(op)) {
    if (typeof id !== 'number' || known[kind].has(id)) continue;
    const { reason, key } = REFUSALS[kind];
    return { reason, message: `validation.${key}|${JSON.stringify({ id })}` };
  }
  return null;
}
