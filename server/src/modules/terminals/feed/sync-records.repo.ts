/**
 * What the sync's other operations record: access records, role recordings, wristband changes,
 * presence records, order errors and cash desk closes.
 */
import { insertSql } from './sync-sql';

export interface AccessRow {
  operation_id: string;
  wristband_id: number | null;
  ticket_code: string | null;
  acceso: string;
  zone_from: number | null;
  zone_to: number | null;
  gate_id: number | null;
  last_zone: number | null;
  role_id: number | null;
  staff_id: number | null;
  device_id: number | null;
  date_local: string;
}
export const accessSql = (eventId: number, rows: AccessRow[]) =>
  insertSql(
    'access_records',
    eventId,
    {
      operation_id: 'uuid',
      wristband_id: 'int',
      ticket_code: 'text',
      acceso: 'text',
      zone_from: 'int',
      zone_to: 'int',
      gate_id: 'int',
      last_zone: 'int',
      role_id: 'int',
      staff_id: 'int',
      device_id: 'int',
      date_local: 'timestamptz',
    },
    rows,
  );

export interface RoleRecordingRow {
  operation_id: string;
  wristband_id: number;
  role_id: number;
  staff_id: number | null;
  device_id: number | null;
  location_id: number | null;
  device_time: string;
}
export const roleRecordingsSql = (eventId: number, rows: RoleRecordingRow[]) =>
  insertSql(
    'role_recordings',
    eventId,
    {
      operation_id: 'uuid',
      wristband_id: 'int',
      role_id: 'int',
      staff_id: 'int',
      device_id: 'int',
      location_id: 'int',
      device_time: 'timestamptz',
    },
    rows,
  );

export interface WristbandChangeRow {
  operation_id: string;
  source_wristband_id: number;
  end_wristband_id: number;
  source_rfid: string;
  end_rfid: string;
  cash_moved: number;
  gift_moved: number;
  staff_id: number | null;
  device_id: number | null;
  location_id: number | null;
  date: string;
}
export const wristbandChangesSql = (eventId: number, rows: WristbandChangeRow[]) =>
  insertSql(
    'wristband_changes',
    eventId,
    {
      operation_id: 'uuid',
      source_wristband_id: 'int',
      end_wristband_id: 'int',
      source_rfid: 'text',
      end_rfid: 'text',
      cash_moved: 'int',
      gift_moved: 'int',
      staff_id: 'int',
      device_id: 'int',
      location_id: 'int',
      date: 'timestamptz',
    },
    rows,
  );

export interface PresenceRow {
  operation_id: string;
  staff_id: number;
  type: 'in' | 'out';
  location_id: number | null;
  device_id: number | null;
  controller_id: number | null;
  date_presence: string;
}
export const presenceSql = (eventId: number, rows: PresenceRow[]) =>
  insertSql(
    'presence_records',
    eventId,
    {
      operation_id: 'uuid',
      staff_id: 'int',
      type: 'text',
      location_id: 'int',
      device_id: 'int',
      controller_id: 'int',
      date_presence: 'timestamptz',
    },
    rows,
  );

export interface OrderErrorRow {
  operation_id: string;
  message: string;
  seat_name: string | null;
  room_id: number | null;
  kitchen_id: number | null;
  staff_id: number | null;
  device_id: number | null;
  location_id: number | null;
  device_time: string;
}
export const orderErrorsSql = (eventId: number, rows: OrderErrorRow[]) =>
  insertSql(
    'order_errors',
    eventId,
    {
      operation_id: 'uuid',
      message: 'text',
      seat_name: 'text',
      room_id: 'int',
      kitchen_id: 'int',
      staff_id: 'int',
      device_id: 'int',
      location_id: 'int',
      device_time: 'timestamptz',
    },
    rows,
  );

export interface CashCloseRow {
  operation_id: string;
  staff_id: number;
  location_id: number | null;
  device_id: number | null;
  expected: number;
  counted: number;
  closed_at: string;
}
export const cashClosesSql = (eventId: number, rows: CashCloseRow[]) =>
  insertSql(
    'cash_closes',
    eventId,
    {
      operation_id: 'uuid',
      staff_id: 'int',
      location_id: 'int',
      device_id: 'int',
      expected: 'int',
      counted: 'int',
      closed_at: 'timestamptz',
    },
    rows,
  );
