import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventRef = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });
/**
 * The event of a history row (one written per operation): a plain integer. The sync writes the event
 * it has just checked the terminal is assigned to (devices.assigned_event_id references events), and
 * events are never deleted (the console's delete closes one); a foreign-key check per row was a sixth
 * of the database's work at ingest (docs/decisions/platform.md, issue 31).
 */
const eventColumn = () => integer('event_id').notNull();

/**
 * The terminal feed (issue 6): devices, and everything handhelds, kiosks and totems report.
 * Location, zone, gate, staff, role and article ids are plain integers on purpose: the history a
 * terminal reported must survive the catalogue being edited or cleaned up afterwards.
 *
 * The history tables (ledger, top-ups, sales and their lines and payments, access, validations,
 * role recordings, changes, presence, processed operations, batches) reference wristbands, sales,
 * tickets and devices by plain ids too: the sync writes only ids it has just read and locked, rows are
 * never deleted, and a foreign-key check per row halved the ingest rate. Their event_id is a plain
 * integer as well (eventColumn); customers, wristbands, tickets and cash closes keep their foreign key
 * to the event.
 */

/**
 * 02-catalogue §3 Device: global (a device moves between events). `assigned_event_id` is the event
 * the device is assigned to and records into (set by the console or by redeeming a configuration QR).
 * The secret key is a random key generated for the device, stored as a SHA-256 hash.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    nSerie: text('n_serie').notNull(),
    model: text('model'),
    description: text('description'),
    notes: text('notes'),
    /** PDA (handheld), CASH_KIOSK, CARD_KIOSK, ACCESS_TOTEM, VENDING (01-console §3 Device types). */
    type: text('type').notNull().default('PDA'),
    owner: text('owner'),
    dateInactive: ts('date_inactive'),
    secretKeyHash: text('secret_key_hash'),
    /** Bumped when the key changes or the device moves: older device tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(1),
    configured: smallint('configured').notNull().default(0),
    assignedEventId: integer('assigned_event_id').references(() => events.id, { onDelete: 'set null' }),
    /**
     * End of the authorisation a redeemed configuration QR granted (null: registered from the console,
     * no end). Device sign-in is refused after it and no device token outlives it.
     */
    authorizedUntil: ts('authorized_until'),
    lastContactAt: ts('last_contact_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    // Fleet health (docs/decisions/terminals.md "Device registry and fleet health"): what the last sync said.
    /** The app's version name (and code) the terminal runs. */
    appVersion: text('app_version'),
    appVersionCode: integer('app_version_code'),
    /** The software channel it said it follows (development | production; null: never said = production). */
    appChannel: text('app_channel'),
    /** Operations the terminal says it still holds (not yet sent). */
    pendingOperations: integer('pending_operations'),
    /** The sequence number of the last operation made on the terminal. */
    lastSeq: integer('last_seq'),
    /** Operations made on the terminal that never arrived (holes in the received sequence numbers). */
    missingOperations: integer('missing_operations').notNull().default(0),
    /** The banned-wristband list version the terminal says it holds (0: none). */
    banListVersion: bigint('ban_list_version', { mode: 'number' }).notNull().default(0),
    /** When the terminal last reported its health (an older terminal never does). */
    healthAt: ts('health_at'),
  },
  (t) => [
    uniqueIndex('devices_n_serie_uq').on(t.nSerie),
    // The serial is unique ignoring letter case (a terminal may report it in either).
    uniqueIndex('devices_n_serie_lower_uq').on(sql`lower(${t.nSerie})`),
    index('devices_assigned_event_idx').on(t.assignedEventId),
    check(
      'devices_type_ck',
      sql`${t.type} in ('PDA', 'CASH_KIOSK', 'CARD_KIOSK', 'ACCESS_TOTEM', 'VENDING')`,
    ),
  ],
);

/**
 * 01-console §3 Customer. A wristband first seen by the feed gets an anonymous customer (no name,
 * not validated, not registered), so every wristband is findable from the customer lookup; a
 * ticket validation later fills in or links the real customer.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    name: text('name'),
    email: text('email'),
    /** codePrint: the customer's ticket code. */
    ticketCode: text('ticket_code'),
    /** The purchase localizer of the ticketing platform. */
    localizer: text('localizer'),
    iban: text('iban'),
    /** 1 when the customer registered on the online-services web. */
    registered: smallint('registered').notNull().default(0),
    dateInsert: ts('date_insert').notNull().defaultNow(),
    dateValidation: ts('date_validation'),
    dateInactive: ts('date_inactive'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('customers_event_idx').on(t.eventId, t.id),
    index('customers_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('customers_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('customers_ticket_trgm').using('gin', t.ticketCode.op('gin_trgm_ops')),
    index('customers_localizer_idx').on(t.eventId, sql`upper(${t.localizer})`),
    index('customers_iban_idx').on(t.eventId, t.iban),
  ],
);

/** A wristband of an event with its two balances (cents), kept equal to the sum of its ledger. */
export const wristbands = pgTable(
  'wristbands',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    nSerie: text('n_serie').notNull(),
    codeCheck: text('code_check'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    cash: integer('cash').notNull().default(0),
    gift: integer('gift').notNull().default(0),
    /** Flag ids (02-catalogue §3 Flag) granted by roles and add-ons. */
    flags: integer('flags').array().notNull().default(sql`'{}'::integer[]`),
    roleId: integer('role_id'),
    /** 0 once replaced by another wristband. */
    active: smallint('active').notNull().default(1),
    firstSeenAt: ts('first_seen_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wristbands_event_serial_uq').on(t.eventId, t.nSerie),
    index('wristbands_event_customer_idx').on(t.eventId, t.customerId),
    index('wristbands_event_code_check_idx').on(t.eventId, t.codeCheck),
    // On lower(n_serie), so that exact lookups by serial keep to the unique index above.
    index('wristbands_serial_lower_trgm').using('gin', sql`lower(${t.nSerie}) gin_trgm_ops`),
    // The wristbands first seen in a window (the per-day report's new wristbands); set once, at the
    // insert, so the balance updates stay HOT.
    index('wristbands_event_first_seen_idx')
      .on(t.eventId, t.firstSeenAt)
      .where(sql`${t.firstSeenAt} is not null`),
  ],
);

/** Tickets of an event: validated when a terminal binds them to a wristband. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    code: text('code').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    roleId: integer('role_id'),
    wristbandId: integer('wristband_id').references(() => wristbands.id, { onDelete: 'set null' }),
    validated: smallint('validated').notNull().default(0),
    cancelled: smallint('cancelled').notNull().default(0),
    dateValidation: ts('date_validation'),
    /** Where the ticket came from (Ticket API): import, manual, converter; null: a terminal's validation. */
    source: text('source'),
    /** The reseller that sold it (ticket_resellers; plain id, the history outlives the reseller). */
    resellerId: integer('reseller_id'),
    /** The code of the other platform it was converted from (api-ticket converter). */
    externalCode: text('external_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickets_event_code_uq').on(t.eventId, t.code),
    uniqueIndex('tickets_event_external_code_uq')
      .on(t.eventId, t.externalCode)
      .where(sql`${t.externalCode} is not null`),
    index('tickets_event_reseller_idx').on(t.eventId, t.resellerId),
    index('tickets_event_customer_idx').on(t.eventId, t.customerId),
    // A customer deleted (a ticket's holder goes with it): the foreign key's `set null` and the check
    // that no ticket names the customer find its tickets by this, not by reading them all (issue 30).
    // With (event_id, code): the ticket search's customers' tickets from the index alone (issue 31).
    index('tickets_customer_idx').on(t.customerId, t.eventId, t.code),
    // The ticket search (a code anywhere, ILIKE '%…%'): a trigram index, as the customers' lookup.
    index('tickets_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    // The ticketing reports' last part-hour (report_tickets_hourly holds the whole hours): tickets
    // sold, and tickets validated, within it.
    index('tickets_event_sold_at_idx').on(
      t.eventId,
      sql`least(${t.createdAt}, coalesce(${t.dateValidation}, ${t.createdAt}))`,
    ),
    index('tickets_event_date_validation_idx').on(t.eventId, t.dateValidation),
    // A gate's ticket list by delta (GET /api/device/tickets?since=…): what changed since a version.
    index('tickets_event_updated_at_idx').on(t.eventId, t.updatedAt),
  ],
);

/**
 * Every money movement, append-only (a trigger refuses updates, and deletes while the event exists).
 * For each wristband: cash = Σ cash_delta and gift = Σ gift_delta.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    wristbandId: integer('wristband_id').notNull(),
    operationId: uuid('operation_id').notNull(),
    /** The operation type code of a top-up (N, M, D, N-RS…), or 'sale' / 'devolution'. */
    kind: text('kind').notNull(),
    cashDelta: integer('cash_delta').notNull(),
    giftDelta: integer('gift_delta').notNull(),
    cashAfter: integer('cash_after').notNull(),
    giftAfter: integer('gift_after').notNull(),
    deviceTime: ts('device_time').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_event_wristband_idx').on(t.eventId, t.wristbandId, t.id),
    index('ledger_event_operation_idx').on(t.eventId, t.operationId),
  ],
);

/** Top-ups and every other balance operation of 01-console §3 Operation type codes. */
export const topUps = pgTable(
  'top_ups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    operationId: uuid('operation_id').notNull(),
    wristbandId: integer('wristband_id').notNull(),
    /** Operation type code: N, N-WA, M, M-E, … */
    type: text('type').notNull(),
    /** S cash, T credit card, O other, B bonus. */
    paymentType: text('payment_type'),
    /** Cash balance change (cents, signed). */
    amount: integer('amount').notNull(),
    /** Gift balance change (cents, signed). */
    bonus: integer('bonus').notNull().default(0),
    /** Money that changed hands (cents, ≥ 0). */
    money: integer('money').notNull().default(0),
    fee: integer('fee').notNull().default(0),
    cashAfter: integer('cash_after').notNull(),
    giftAfter: integer('gift_after').notNull(),
    negativeBalance: boolean('negative_balance').notNull().default(false),
    /** Recorded and flagged: the wristband was banned (on terminals, or its top-ups) when it synced. */
    bannedWristband: boolean('banned_wristband').notNull().default(false),
    articles: jsonb('articles').$type<{ idArticle: number; quantity: number }[]>().notNull().default([]),
    /** Reference of the online top-up or payment (recharge ref). */
    ref: text('ref'),
    /** The add-on of an add-on code (AM, AV, AS…, D-SA): the add-on statistics count these. */
    addonId: integer('addon_id'),
    staffId: integer('staff_id'),
    supervisorId: integer('supervisor_id'),
    deviceId: integer('device_id'),
    locationId: integer('location_id'),
    deviceTime: ts('device_time').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // A wristband change writes two rows of one operation: N-RS on the old wristband, N-RE on the new.
    uniqueIndex('top_ups_event_operation_wristband_uq').on(t.eventId, t.operationId, t.wristbandId),
    index('top_ups_event_wristband_idx').on(t.eventId, t.wristbandId, t.deviceTime),
    index('top_ups_event_time_idx').on(t.eventId, t.deviceTime),
    index('top_ups_event_location_time_idx').on(t.eventId, t.locationId, t.deviceTime),
    check('top_ups_payment_ck', sql`${t.paymentType} is null or ${t.paymentType} in ('S', 'T', 'O', 'B')`),
    // Partial: only add-on operations, so the other top-ups cost nothing more to write.
    // Covering (staff, type trailing): the add-on statistics count from the index alone (issue 31).
    index('top_ups_event_addon_idx')
      .on(t.eventId, t.addonId, t.deviceTime, t.staffId, t.type)
      .where(sql`${t.addonId} is not null`),
    // Partial: the complements loaded at a ticket validation (the ticketing report's complements tab).
    // Covering what the tab's add-ons read (trailing columns): no visit to the heap (issue 31).
    index('top_ups_event_complement_idx')
      .on(t.eventId, t.deviceTime, t.type, t.addonId, t.wristbandId, t.amount, t.bonus)
      .where(sql`${t.type} in ('AV', 'AV-WA', 'RV-WA')`),
  ],
);

/** Sales (and devolutions) of a point of sale; lines and payments below. */
export const sales = pgTable(
  'sales',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    operationId: uuid('operation_id').notNull(),
    /** The wristband presented (null for a sale paid only by card or other means). */
    wristbandId: integer('wristband_id'),
    totalPurchase: integer('total_purchase').notNull(),
    totalPayed: integer('total_payed').notNull(),
    isDevolution: boolean('is_devolution').notNull().default(false),
    numPayers: integer('num_payers').notNull().default(1),
    cashAfter: integer('cash_after'),
    giftAfter: integer('gift_after'),
    /** The sale took a balance below zero (possible after offline operation): recorded and flagged. */
    negativeBalance: boolean('negative_balance').notNull().default(false),
    /** Recorded and flagged: a wristband paying or presented was banned on terminals when it synced. */
    bannedWristband: boolean('banned_wristband').notNull().default(false),
    /** An add-on sold with the order (one per sale): an add-on sale in the add-on statistics. */
    addonId: integer('addon_id'),
    /** A metre order: the kitchen preparing it, the room and seat it was ordered from. */
    kitchenId: integer('kitchen_id'),
    roomId: integer('room_id'),
    seatName: text('seat_name'),
    staffId: integer('staff_id'),
    deviceId: integer('device_id'),
    locationId: integer('location_id'),
    deviceTime: ts('device_time').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sales_event_operation_uq').on(t.eventId, t.operationId),
    index('sales_event_addon_idx')
      .on(t.eventId, t.addonId, t.deviceTime, t.staffId, t.isDevolution)
      .where(sql`${t.addonId} is not null`),
    index('sales_event_wristband_idx').on(t.eventId, t.wristbandId, t.deviceTime),
    index('sales_event_time_idx').on(t.eventId, t.deviceTime),
    index('sales_event_location_time_idx').on(t.eventId, t.locationId, t.deviceTime),
    index('sales_event_negative_idx').on(t.eventId, t.deviceTime).where(sql`${t.negativeBalance}`),
    // Partial: only metre orders (the metre sales report), so bar sales cost nothing more to write.
    index('sales_event_kitchen_time_idx')
      .on(t.eventId, t.kitchenId, t.deviceTime)
      .where(sql`${t.kitchenId} is not null`),
  ],
);

export const saleLines = pgTable(
  'sale_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    saleId: bigint('sale_id', { mode: 'number' }).notNull(),
    articleId: integer('article_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Unit price in cents. */
    price: integer('price').notNull(),
    /** How many of the quantity were given as gifts (not charged). */
    quantityGift: integer('quantity_gift').notNull().default(0),
  },
  (t) => [
    index('sale_lines_event_sale_idx').on(t.eventId, t.saleId),
    index('sale_lines_event_article_idx').on(t.eventId, t.articleId),
  ],
);

export const salePayments = pgTable(
  'sale_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    saleId: bigint('sale_id', { mode: 'number' }).notNull(),
    /** S cash balance, B gift (bonus) balance, T credit card, O other. */
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    /** The wristband charged (S and B); null for T and O. */
    wristbandId: integer('wristband_id'),
  },
  (t) => [
    index('sale_payments_event_sale_idx').on(t.eventId, t.saleId),
    check('sale_payments_type_ck', sql`${t.type} in ('S', 'T', 'O', 'B')`),
  ],
);

/** 01-console §3 Access record: S allowed, W warning double entry, NT, ND, NC, NI denied. */
export const accessRecords = pgTable(
  'access_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    operationId: uuid('operation_id').notNull(),
    wristbandId: integer('wristband_id'),
    ticketCode: text('ticket_code'),
    acceso: text('acceso').notNull(),
    zoneFrom: integer('zone_from'),
    zoneTo: integer('zone_to'),
    gateId: integer('gate_id'),
    lastZone: integer('last_zone'),
    roleId: integer('role_id'),
    staffId: integer('staff_id'),
    deviceId: integer('device_id'),
    dateLocal: ts('date_local').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('access_records_event_operation_uq').on(t.eventId, t.operationId),
    index('access_records_event_wristband_idx').on(t.eventId, t.wristbandId, t.dateLocal),
    index('access_records_event_time_idx').on(t.eventId, t.dateLocal),
    index('access_records_event_zone_time_idx').on(t.eventId, t.zoneTo, t.dateLocal),
    // The capacities report counts exits by the zone left.
    index('access_records_event_zone_from_time_idx').on(t.eventId, t.zoneFrom, t.dateLocal),
    check('access_records_acceso_ck', sql`${t.acceso} in ('S', 'W', 'NT', 'ND', 'NC', 'NI')`),
  ],
);

export const ticketValidations = pgTable(
  'ticket_validations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    operationId: uuid('operation_id').notNull(),
    ticketId: integer('ticket_id'),
    code: text('code').notNull(),
    wristbandId: integer('wristband_id'),
    customerId: integer('customer_id'),
    roleId: integer('role_id'),
    /** The ticket had already been validated before this one. */
    repeated: boolean('repeated').notNull().default(false),
    staffId: integer('staff_id'),
    deviceId: integer('device_id'),
    locationId: integer('location_id'),
    deviceTime: ts('device_time').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_validations_event_operation_uq').on(t.eventId, t.operationId),
    index('ticket_validations_event_time_idx').on(t.eventId, t.deviceTime),
    index('ticket_validations_event_wristband_idx').on(t.eventId, t.wristbandId),
    // A ticket's validations (the ticket search, deleting a validation).
    index('ticket_validations_event_ticket_idx').on(t.eventId, t.ticketId),
  ],
);

/** Manual role recordings (a role written onto a wristband at a ticketing desk). */
export const roleRecordings = pgTable(
  'role_recordings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    operationId: uuid('operation_id').notNull(),
    wristbandId: integer('wristband_id').notNull(),
    roleId: integer('role_id').notNull(),
    staffId: integer('staff_id'),
    deviceId: integer('device_id'),
    locationId: integer('location_id'),
    deviceTime: ts('device_time').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('role_recordings_event_operation_uq').on(t.eventId, t.operationId),
    index('role_recordings_event_time_idx').on(t.eventId, t.deviceTime),
    index('role_recordings_event_wristband_idx').on(t.eventId, t.wristbandId),
  ],
);

/** 01-console §3 Wristband change (sourceRfid → endRfid): balances move with ledger entries N-RS/N-RE. */
export const wristbandChanges = pgTable(
  'wristband_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    operationId: uuid('operation_id').notNull(),
    sourceWristbandId: integer('source_wristband_id').notNull(),
    endWristbandId: integer('end_wristband_id').notNull(),
    sourceRfid: text('source_rfid').notNull(),
    endRfid: text('end_rfid').notNull(),
    cashMoved: integer('cash_moved').notNull(),
    giftMoved: integer('gift_moved').notNull(),
    staffId: integer('staff_id'),
    deviceId: integer('device_id'),
    locationId: integer('location_id'),
    date: ts('date').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wristband_changes_event_operation_uq').on(t.eventId, t.operationId),
    index('wristband_changes_event_source_idx').on(t.eventId, t.sourceWristbandId),
    index('wristband_changes_event_end_idx').on(t.eventId, t.endWristbandId),
  ],
);

/**
 * A cash desk closed by a staff member on a terminal (issue 29): the cash the terminal expected and
 * the cash counted; the staff cash-up sums the counts beside the server's own cash figure.
 */
export const cashCloses = pgTable(
  'cash_closes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventRef(),
    operationId: uuid('operation_id').notNull(),
    staffId: integer('staff_id').notNull(),
    locationId: integer('location_id'),
    deviceId: integer('device_id').notNull(),
    expected: integer('expected').notNull(),
    counted: integer('counted').notNull(),
    closedAt: ts('closed_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cash_closes_event_operation_uq').on(t.eventId, t.operationId),
    index('cash_closes_event_staff_idx').on(t.eventId, t.staffId, t.closedAt),
  ],
);

/** 02-catalogue §3 Presence record: a staff member checking in or out. */
export const presenceRecords = pgTable(
  'presence_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    operationId: uuid('operation_id').notNull(),
    staffId: integer('staff_id').notNull(),
    /** 'in' or 'out'. */
    type: text('type').notNull(),
    locationId: integer('location_id'),
    deviceId: integer('device_id'),
    /** The staff member who checked (controller). */
    controllerId: integer('controller_id'),
    datePresence: ts('date_presence').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('presence_records_event_operation_uq').on(t.eventId, t.operationId),
    index('presence_records_event_staff_idx').on(t.eventId, t.staffId, t.datePresence),
    index('presence_records_event_time_idx').on(t.eventId, t.datePresence),
    check('presence_records_type_ck', sql`${t.type} in ('in', 'out')`),
  ],
);

/**
 * 02-catalogue §3 Order error: a kitchen or metre order a terminal could not place (printer
 * unreachable, article not on the menu…), as the terminal reported it. Room, kitchen and staff are
 * plain ids (names are resolved when shown); the seat is the terminal's text.
 */
export const orderErrors = pgTable(
  'order_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    operationId: uuid('operation_id').notNull(),
    message: text('message').notNull(),
    seatName: text('seat_name'),
    roomId: integer('room_id'),
    kitchenId: integer('kitchen_id'),
    staffId: integer('staff_id'),
    deviceId: integer('device_id'),
    locationId: integer('location_id'),
    /** When it failed on the terminal (the list's "date created"). */
    deviceTime: ts('device_time').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_errors_event_operation_uq').on(t.eventId, t.operationId),
    index('order_errors_event_time_idx').on(t.eventId, t.deviceTime),
  ],
);

/**
 * Exactly once: one row per operation ever recorded, written in the same transaction as its effects.
 * A re-sent operation finds its row and changes nothing; the payload hash tells a genuine re-send
 * from a terminal reusing an id for a different operation.
 */
export const processedOperations = pgTable(
  'processed_operations',
  {
    eventId: eventColumn(),
    operationId: uuid('operation_id').notNull(),
    kind: text('kind').notNull(),
    payloadHash: text('payload_hash').notNull(),
    deviceId: integer('device_id'),
    batchId: bigint('batch_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'processed_operations_pk', columns: [t.eventId, t.operationId] })],
);

/** One row per sync call: what a device sent and what came of it. */
export const syncBatches = pgTable(
  'sync_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    deviceId: integer('device_id'),
    operations: integer('operations').notNull(),
    accepted: integer('accepted').notNull(),
    duplicates: integer('duplicates').notNull(),
    refused: integer('refused').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('sync_batches_event_device_idx').on(t.eventId, t.deviceId, t.receivedAt)],
);

/** Refused operations, kept with their payload and reason so nothing a terminal sent is lost. */
export const refusedOperations = pgTable(
  'refused_operations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: eventColumn(),
    batchId: bigint('batch_id', { mode: 'number' }),
    deviceId: integer('device_id'),
    /** As sent (possibly not a valid uuid, hence text). */
    operationId: text('operation_id'),
    reason: text('reason').notNull(),
    fields: jsonb('fields').$type<{ path: string; message: string }[]>(),
    payload: jsonb('payload'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refused_operations_event_idx').on(t.eventId, t.createdAt)],
);
