/**
 * What recording a batch's operations works with: the rows they record, table by table in batch
 * order, and the moves of the wristbands' balances (each one a ledger entry), their flags, and the
 * columns every record shares; then the statements that write those rows.
 */
import type { SQL } from 'drizzle-orm';
import type { DeviceCaller } from './device-auth';
import {
  type LedgerRow,
  ledgerSql,
  type SaleLineRow,
  type SalePaymentRow,
  type SaleRow,
  salesSql,
  type TopUpRow,
  topUpsSql,
} from './sync-money.repo';
import {
  type AccessRow,
  accessSql,
  type CashCloseRow,
  cashClosesSql,
  type OrderErrorRow,
  orderErrorsSql,
  type PresenceRow,
  presenceSql,
  type RoleRecordingRow,
  roleRecordingsSql,
  type WristbandChangeRow,
  wristbandChangesSql,
} from './sync-records.repo';
import {
  type CustomerFill,
  fillCustomersSql,
  type TicketValidationRow,
  ticketValidationsSql,
} from './sync-tickets.repo';
import type { Op } from './sync-types';
import type { WState } from './sync-wristbands';

/** Largest balance a wristband may reach (cents), well inside a 32-bit integer. */
export const BALANCE_LIMIT = 1_000_000_000;

/**
 * What recording one operation answered: whether it took a balance below zero, or that it would take one
 * beyond BALANCE_LIMIT (then nothing of it was recorded).
 */
export type Recorded = boolean | 'tooLarge';

/** The rows a batch's operations record, table by table, in batch order. */
export interface BatchRows {
  ledger: LedgerRow[];
  topUps: TopUpRow[];
  sales: SaleRow[];
  lines: SaleLineRow[];
  payments: SalePaymentRow[];
  access: AccessRow[];
  validations: TicketValidationRow[];
  roles: RoleRecordingRow[];
  changes: WristbandChangeRow[];
  presence: PresenceRow[];
  orderErrors: OrderErrorRow[];
  cashCloses: CashCloseRow[];
}

/** Who records: a terminal, or the server itself (no device: the portal's wristband change). */
export type Recorder = Pick<DeviceCaller, 'eventId'> & { id: number | null };

export interface Recording {
  device: Recorder;
  rows: BatchRows;
  /** Customers an operation left without wristband (removed after the batch when nothing refers to them). */
  orphanCustomers: number[];
  /** The batch's wristband of a serial. */
  wb: (serial: string) => WState;
  /** Whether these balance moves keep every balance within BALANCE_LIMIT. */
  fits: (moves: [WState, number, number][]) => boolean;
  /** One ledger entry; true when it took a balance below zero. */
  move: (w: WState, cash: number, gift: number, op: Op, kind: string) => boolean;
  addFlags: (w: WState, flags: number[]) => void;
  common: (op: Op) => { staff_id: number | null; device_id: number | null; location_id: number | null };
}

/** Starts recording a batch's operations on its wristbands (`state`, by serial). */
export function startRecording(
  device: Recorder,
  state: Map<string, WState>,
  orphanCustomers: number[],
): Recording {
  const wb = (serial: string) => state.get(serial)!;

  const ledger: LedgerRow[] = [];
  const topUps: TopUpRow[] = [];
  const sales: SaleRow[] = [];
  const lines: SaleLineRow[] = [];
  const payments: SalePaymentRow[] = [];
  const access: AccessRow[] = [];
  const validations: TicketValidationRow[] = [];
  const roles: RoleRecordingRow[] = [];
  const changes: WristbandChangeRow[] = [];
  const presence: PresenceRow[] = [];
  const orderErrors: OrderErrorRow[] = [];
  const cashCloses: CashCloseRow[] = [];

  const fits = (moves: [WState, number, number][]) =>
    moves.every(
      ([w, c, g]) => Math.abs(w.cash + c) <= BALANCE_LIMIT && Math.abs(w.gift + g) <= BALANCE_LIMIT,
    );
  /** One ledger entry; true when it took a balance below zero. */
  const move = (w: WState, cash: number, gift: number, op: Op, kind: string) => {
    if (cash === 0 && gift === 0) return false;
    w.cash += cash;
    w.gift += gift;
    w.dirty = true;
    ledger.push({
      wristband_id: w.id,
      operation_id: op.id,
      kind,
      cash_delta: cash,
      gift_delta: gift,
      cash_after: w.cash,
      gift_after: w.gift,
      device_time: op.deviceTime,
    });
    return (cash < 0 && w.cash < 0) || (gift < 0 && w.gift < 0);
  };
  const addFlags = (w: WState, flags: number[]) => {
    const missing = flags.filter((f) => !w.flags.includes(f));
    if (missing.length) {
      w.flags = [...w.flags, ...missing];
      w.dirty = true;
    }
  };
  const common = (op: Op) => ({
    staff_id: op.staffId ?? null,
    device_id: device.id,
    location_id: op.locationId ?? null,
  });

  const rows: BatchRows = {
    ledger,
    topUps,
    sales,
    lines,
    payments,
    access,
    validations,
    roles,
    changes,
    presence,
    orderErrors,
    cashCloses,
  };
  return { device, rows, orphanCustomers, wb, fits, move, addFlags, common };
}

/**
 * The statements that write what the operations recorded, in the order they are written (after the
 * wristbands'); `fills`: what the ticket validations give their customers.
 */
export function recordedSql(eventId: number, rows: BatchRows, fills: CustomerFill[]) {
  const {
    ledger,
    topUps,
    sales,
    lines,
    payments,
    access,
    validations,
    roles,
    changes,
    presence,
    orderErrors,
    cashCloses,
  } = rows;
  const parts: SQL[] = [];
  if (ledger.length) parts.push(ledgerSql(eventId, ledger));
  if (topUps.length) parts.push(topUpsSql(eventId, topUps));
  if (sales.length) parts.push(...salesSql(eventId, sales, lines, payments));
  if (access.length) parts.push(accessSql(eventId, access));
  if (validations.length) parts.push(ticketValidationsSql(eventId, validations));
  if (fills.length) parts.push(fillCustomersSql(eventId, fills));
  if (roles.length) parts.push(roleRecordingsSql(eventId, roles));
  if (changes.length) parts.push(wristbandChangesSql(eventId, changes));
  if (presence.length) parts.push(presenceSql(eventId, presence));
  if (orderErrors.length) parts.push(orderErrorsSql(eventId, orderErrors));
  if (cashCloses.length) parts.push(cashClosesSql(eventId, cashCloses));
  return parts;
}
