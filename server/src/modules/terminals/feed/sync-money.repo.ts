/**
 * What the sync's money operations record: ledger entries, top-ups, and sales with their lines and payments.
 */
import { sql } from 'drizzle-orm';
import { cte, insertSql, json } from './sync-sql';

export interface LedgerRow {
  wristband_id: number;
  operation_id: string;
  kind: string;
  cash_delta: number;
  gift_delta: number;
  cash_after: number;
  gift_after: number;
  device_time: string;
}
export const ledgerSql = (eventId: number, rows: LedgerRow[]) =>
  insertSql(
    'ledger_entries',
    eventId,
    {
      wristband_id: 'int',
      operation_id: 'uuid',
      kind: 'text',
      cash_delta: 'int',
      gift_delta: 'int',
      cash_after: 'int',
      gift_after: 'int',
      device_time: 'timestamptz',
    },
    rows,
  );

export interface TopUpRow {
  operation_id: string;
  wristband_id: number;
  type: string;
  payment_type: string | null;
  amount: number;
  bonus: number;
  money: number;
  fee: number;
  cash_after: number;
  gift_after: number;
  negative_balance: boolean;
  banned_wristband: boolean;
  articles: { idArticle: number; quantity: number }[];
  ref: string | null;
  addon_id: number | null;
  staff_id: number | null;
  supervisor_id: number | null;
  device_id: number | null;
  location_id: number | null;
  device_time: string;
}
export const topUpsSql = (eventId: number, rows: TopUpRow[]) =>
  insertSql(
    'top_ups',
    eventId,
    {
      operation_id: 'uuid',
      wristband_id: 'int',
      type: 'text',
      payment_type: 'text',
      amount: 'int',
      bonus: 'int',
      money: 'int',
      fee: 'int',
      cash_after: 'int',
      gift_after: 'int',
      negative_balance: 'boolean',
      banned_wristband: 'boolean',
      articles: 'jsonb',
      ref: 'text',
      addon_id: 'int',
      staff_id: 'int',
      supervisor_id: 'int',
      device_id: 'int',
      location_id: 'int',
      device_time: 'timestamptz',
    },
    rows,
  );

export interface SaleRow {
  operation_id: string;
  wristband_id: number | null;
  total_purchase: number;
  total_payed: number;
  is_devolution: boolean;
  num_payers: number;
  cash_after: number | null;
  gift_after: number | null;
  negative_balance: boolean;
  banned_wristband: boolean;
  addon_id: number | null;
  kitchen_id: number | null;
  room_id: number | null;
  seat_name: string | null;
  staff_id: number | null;
  device_id: number | null;
  location_id: number | null;
  device_time: string;
}
export interface SaleLineRow {
  operation_id: string;
  article_id: number;
  quantity: number;
  price: number;
  quantity_gift: number;
}
export interface SalePaymentRow {
  operation_id: string;
  type: string;
  amount: number;
  wristband_id: number | null;
}

/** Sales with their lines and payments (the lines find their sale by operation id). */
export const salesSql = (
  eventId: number,
  sales: SaleRow[],
  lines: SaleLineRow[],
  payments: SalePaymentRow[],
) => [
  cte(
    'sales_inserted',
    sql`insert into sales (event_id, operation_id, wristband_id, total_purchase, total_payed, is_devolution,
        num_payers, cash_after, gift_after, negative_balance, staff_id, device_id, location_id, device_time,
        addon_id, banned_wristband, kitchen_id, room_id, seat_name)
      select ${eventId}::int, x.operation_id, x.wristband_id, x.total_purchase, x.total_payed, x.is_devolution,
        x.num_payers, x.cash_after, x.gift_after, x.negative_balance, x.staff_id, x.device_id, x.location_id,
        x.device_time, x.addon_id, x.banned_wristband, x.kitchen_id, x.room_id, x.seat_name
      from json_to_recordset(${json(sales)}) as x(operation_id uuid, wristband_id int, total_purchase int,
        total_payed int, is_devolution boolean, num_payers int, cash_after int, gift_after int,
        negative_balance boolean, staff_id int, device_id int, location_id int, device_time timestamptz,
        addon_id int, banned_wristband boolean, kitchen_id int, room_id int, seat_name text)
      returning id, operation_id`,
  ),
  cte(
    'sale_lines_inserted',
    sql`insert into sale_lines (event_id, sale_id, article_id, quantity, price, quantity_gift)
      select ${eventId}::int, s.id, y.article_id, y.quantity, y.price, y.quantity_gift
      from json_to_recordset(${json(lines)}) as y(operation_id uuid, article_id int, quantity int, price int,
        quantity_gift int)
      join sales_inserted s on s.operation_id = y.operation_id`,
  ),
  cte(
    'sale_payments_inserted',
    sql`insert into sale_payments (event_id, sale_id, type, amount, wristband_id)
      select ${eventId}::int, s.id, z.type, z.amount, z.wristband_id
      from json_to_recordset(${json(payments)}) as z(operation_id uuid, type text, amount int, wristband_id int)
      join sales_inserted s on s.operation_id = z.operation_id`,
  ),
];
