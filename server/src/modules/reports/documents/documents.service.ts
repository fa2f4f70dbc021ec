import {
  codesOfGroup,
  DEBIT_OPERATION_TYPES,
  type DocumentQuery,
  type LocationDocumentResult,
  netOfVat,
  operationGroupOf,
  type PaymentDocumentKind,
  type PaymentDocumentResult,
  type PaymentDocumentRow,
  type SalesVatResult,
  type StaffCashUpResult,
  type TicketDocumentResult,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { eventInfo } from '../dashboard/dashboard.repo';
import { windowOf } from '../dashboard/dashboard.service';
import { locationNames, nameOf, rolNames } from '../report-names';
import * as repo from './documents.repo';

/**
 * The documents a promoter settles with (decisions.md "Reports"): sales and VAT per location and day,
 * top-ups and refunds per payment type, the bars' settlement, the staff cash-up and the tickets per
 * role. Amounts in cents of the financial currency (what is invoiced and taxed).
 */

/** Net of a gross amount at a VAT rate in % (rounded to the cent); the VAT is the rest. */
/** One rule for the documents and the portal's receipts (contracts/src/money.ts). */
export const netOf = (gross: number, vatRate: number | null) => netOfVat(gross, vatRate);

export async function salesVat(ctx: AppContext, eventId: number, q: DocumentQuery): Promise<SalesVatResult> {
  const ev = await eventInfo(ctx.db, eventId);
  const [rows, names] = await Promise.all([
    repo.salesByDayAndLocation(ctx.db, eventId, windowOf(q), ev.timezone, ev.offset),
    locationNames(ctx.db, eventId),
  ]);
  return {
    vatRate: ev.eventVat,
    fiscalName: ev.fiscalName,
    nif: ev.nif,
    rows: rows.map((r) => {
      const net = netOf(r.gross, ev.eventVat);
      return { ...r, location: nameOf(names, r.idLocation), net, vat: r.gross - net };
    }),
  };
}

/** How each operation type counts in the payments document (replacements move no money: left out). */
const KIND_OF_GROUP: Record<string, PaymentDocumentKind | null> = {
  topUp: 'topUp',
  refund: 'refund',
  manualBonus: 'bonus',
  ticket: 'bonus',
  addon: 'addon',
  replacement: null,
};
const KIND_ORDER: PaymentDocumentKind[] = ['topUp', 'onlinePaid', 'bonus', 'addon', 'refund', 'bankRefund'];
const PAY_ORDER: (string | null)[] = ['S', 'T', 'O', 'B', null];

export async function payments(
  ctx: AppContext,
  eventId: number,
  q: DocumentQuery,
): Promise<PaymentDocumentResult> {
  const ev = await eventInfo(ctx.db, eventId);
  const rows = await repo.operationsByDay(ctx.db, eventId, windowOf(q), ev.timezone, ev.offset);
  const merged = new Map<string, PaymentDocumentRow>();
  for (const r of rows) {
    const kind: PaymentDocumentKind | null =
      r.type === 'onlinePaid' || r.type === 'bankRefund'
        ? r.type
        : (KIND_OF_GROUP[operationGroupOf(r.type) ?? ''] ?? null);
    if (!kind) continue;
    const key = `${r.day}|${kind}|${r.paymentType ?? ''}`;
    const m = merged.get(key) ?? {
      day: r.day,
      kind,
      paymentType: r.paymentType,
      count: 0,
      amount: 0,
      bonus: 0,
      money: 0,
      fee: 0,
    };
    m.count += r.count;
    m.amount += r.amount;
    m.bonus += r.bonus;
    m.money += r.money;
    m.fee += r.fee;
    merged.set(key, m);
  }
  return {
    rows: [...merged.values()].sort(
      (a, b) =>
        a.day.localeCompare(b.day) ||
        KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
        PAY_ORDER.indexOf(a.paymentType) - PAY_ORDER.indexOf(b.paymentType),
    ),
  };
}

export async function locations(
  ctx: AppContext,
  eventId: number,
  q: DocumentQuery,
): Promise<LocationDocumentResult> {
  const [rows, names] = await Promise.all([
    repo.salesByLocation(ctx.db, eventId, windowOf(q)),
    locationNames(ctx.db, eventId),
  ]);
  return { rows: rows.map((r) => ({ ...r, location: nameOf(names, r.idLocation) })) };
}

export async function staffCashUp(
  ctx: AppContext,
  eventId: number,
  q: DocumentQuery,
): Promise<StaffCashUpResult> {
  const rows = await repo.staffCashUp(
    ctx.db,
    eventId,
    windowOf(q),
    DEBIT_OPERATION_TYPES,
    codesOfGroup('replacement'),
  );
  // A staff member who closed their cash desk has a count; the difference is against the server's
  // own figure (every cash operation it received), not the terminal's. The cash to hand in is the
  // balance operations' cash and the bar sales' part taken by hand (payment O, returns subtracted;
  // decisions/terminals.md "Paying at the bar").
  return {
    rows: rows.map(({ closes, counted, ...r }) => {
      const cashToHandIn = r.cashIn - r.cashOut + r.salesO;
      return closes
        ? { ...r, cashToHandIn, counted, difference: counted - cashToHandIn }
        : { ...r, cashToHandIn, counted: null, difference: null };
    }),
  };
}

export async function tickets(
  ctx: AppContext,
  eventId: number,
  q: DocumentQuery,
): Promise<TicketDocumentResult> {
  const [rows, names] = await Promise.all([
    repo.ticketsByRole(ctx.db, eventId, windowOf(q)),
    rolNames(ctx.db, eventId),
  ]);
  return { rows: rows.map((r) => ({ ...r, rol: nameOf(names, r.idRol) })) };
}
