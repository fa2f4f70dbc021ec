import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events';
import { customers, wristbands } from './feed';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const eventRef = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/**
 * The customer lookup's own records (issue 6, back office): what customers bought on the online
 * services web before it reached their wristband, and the bank refund a customer asks for.
 */

/**
 * 01-console §3 Online top-up: a purchase on the online-services web. Once loaded onto the wristband
 * the feed records it as a top-up of type O / O-WA whose ref is this row's id_recharge. payed: 0 not
 * completed, 1 paid, 2 rejected (with notes), -1 marked refunded by an admin (only a mark: no money
 * moves). Amounts in cents of the financial currency.
 */
export const onlineTopUps = pgTable(
  'online_top_ups',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    wristbandId: integer('wristband_id').references(() => wristbands.id, { onDelete: 'set null' }),
    valid: smallint('valid').notNull().default(1),
    payed: smallint('payed').notNull().default(0),
    notes: text('notes'),
    dateRechargeOnline: ts('date_recharge_online').notNull(),
    dateRechargeRfid: ts('date_recharge_rfid'),
    dateRefund: ts('date_refund'),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    concept: text('concept'),
    amountTotal: integer('amount_total').notNull().default(0),
    amountRecharge: integer('amount_recharge').notNull().default(0),
    amountBonus: integer('amount_bonus').notNull().default(0),
    articles: jsonb('articles')
      .$type<{ idArticle: number | null; quantity: number; article: string }[]>()
      .notNull()
      .default([]),
    cardBrand: text('card_brand'),
    /** Masked card number. */
    cardNumber: text('card_number'),
    idRecharge: text('id_recharge'),
    module: text('module'),
    /** A location id of the event (plain integer, as the feed's). */
    locationId: integer('location_id'),
    payTpvDateTime: ts('pay_tpv_date_time'),
    payTpvAmount: integer('pay_tpv_amount'),
    payTpvCurrency: text('pay_tpv_currency'),
    idOrder: text('id_order'),
    payTpvAuthCode: text('pay_tpv_auth_code'),
    payTpvBicCode: text('pay_tpv_bic_code'),
    payTpvCardCountry: text('pay_tpv_card_country'),
    terminal: text('terminal'),
    merchantCode: text('merchant_code'),
    idTransactionType: text('id_transaction_type'),
    payTpvOrderId: text('pay_tpv_order_id'),
    idError: text('id_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('online_top_ups_event_customer_idx').on(t.eventId, t.customerId),
    index('online_top_ups_event_wristband_idx').on(t.eventId, t.wristbandId),
    index('online_top_ups_event_recharge_idx').on(t.eventId, t.idRecharge),
    // Search top-up (across every event): order ids, authorisation code, card's last 4, amount, date.
    index('online_top_ups_order_idx').on(t.idOrder),
    index('online_top_ups_tpv_order_idx').on(t.payTpvOrderId),
    index('online_top_ups_auth_code_idx').on(sql`upper(${t.payTpvAuthCode})`),
    index('online_top_ups_card_last4_idx').on(sql`right(${t.cardNumber}, 4)`),
    index('online_top_ups_amount_idx').on(t.amountTotal, t.dateRechargeOnline),
    index('online_top_ups_date_idx').on(t.dateRechargeOnline),
    // An event's reports over a window (dashboard, payments document, online top-ups): led by the
    // event, so other events' top-ups of the same days are never read (issue 31).
    index('online_top_ups_event_date_idx').on(t.eventId, t.dateRechargeOnline),
    check('online_top_ups_payed_ck', sql`${t.payed} in (0, 1, 2, -1)`),
    check('online_top_ups_valid_ck', sql`${t.valid} in (0, 1)`),
  ],
);

/**
 * 01-console §3 Refund (customer): the balance a customer asks to have transferred to a bank account.
 * At most one per customer (unique). Amount and fee in cents of the financial currency; the IBAN and
 * BIC are stored without spaces, in upper case.
 */
export const customerRefunds = pgTable(
  'customer_refunds',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    wristbandId: integer('wristband_id').references(() => wristbands.id, { onDelete: 'set null' }),
    /** The wristband's serial when the refund was made (kept if the wristband row goes). */
    nSerie: text('n_serie'),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull().default(0),
    ccOwner: text('cc_owner').notNull(),
    ccIban: text('cc_iban').notNull(),
    ccBic: text('cc_bic'),
    ccEmail: text('cc_email'),
    /**
     * Payout state (issue 15): pending → inRun (in a generated run) → paid (the run was sent) →
     * rejected (the bank returned it); cancelling a run makes its refunds pending again.
     */
    status: text('status').notNull().default('pending'),
    /** The run the refund is (or was last) in. */
    runId: integer('run_id').references((): AnyPgColumn => payoutRuns.id, { onDelete: 'set null' }),
    paidAt: ts('paid_at'),
    rejectedAt: ts('rejected_at'),
    rejectReason: text('reject_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_refunds_event_customer_uq').on(t.eventId, t.customerId),
    index('customer_refunds_event_wristband_idx').on(t.eventId, t.wristbandId),
    check('customer_refunds_amount_ck', sql`${t.amount} between 1 and 100000`),
    check('customer_refunds_fee_ck', sql`${t.fee} between 0 and 100000`),
    check('customer_refunds_status_ck', sql`${t.status} in ('pending', 'inRun', 'paid', 'rejected')`),
    index('customer_refunds_event_status_idx').on(t.eventId, t.status, t.createdAt),
  ],
);

/** The organiser's debtor account of an event for refund payouts (issue 15); one per event. */
export const payoutAccounts = pgTable('payout_accounts', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  iban: text('iban').notNull(),
  bic: text('bic'),
  conceptTemplate: text('concept_template').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A payout run: the SEPA credit-transfer file (pain.001) of some pending bank refunds, kept as
 * generated so it downloads byte-identical. generated → sent (refunds paid) or → cancelled.
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    messageId: text('message_id').notNull(),
    status: text('status').notNull().default('generated'),
    painFormat: text('pain_format').notNull(),
    executionDate: date('execution_date', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    /** Sum of the transfers (amount − fee), cents. */
    total: bigint('total', { mode: 'number' }).notNull(),
    xml: text('xml').notNull(),
    selection: jsonb('selection').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payout_runs_message_uq').on(t.messageId),
    index('payout_runs_event_idx').on(t.eventId, t.id),
    check('payout_runs_status_ck', sql`${t.status} in ('generated', 'sent', 'cancelled')`),
  ],
);

/**
 * One transfer of a run, as written in its file. A refund is in at most one live run (active until
 * its run is cancelled): a partial unique index, so two runs generated at once never share a refund.
 */
export const payoutRunItems = pgTable(
  'payout_run_items',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    runId: integer('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'cascade' }),
    refundId: integer('refund_id')
      .notNull()
      .references(() => customerRefunds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    transfer: integer('transfer').notNull(),
    concept: text('concept').notNull(),
    endToEndId: text('end_to_end_id').notNull(),
    active: boolean('active').notNull().default(true),
    /** The wristband debited when the run was sent, and that movement's operation id. */
    wristbandId: integer('wristband_id'),
    paidOperationId: uuid('paid_operation_id'),
    rejectReason: text('reject_reason'),
    rejectedAt: ts('rejected_at'),
  },
  (t) => [
    index('payout_run_items_run_idx').on(t.runId),
    uniqueIndex('payout_run_items_live_refund_uq').on(t.refundId).where(sql`${t.active}`),
  ],
);
