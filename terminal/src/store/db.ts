/**
 * The terminal's local data in IndexedDB (Dexie): its credentials, configuration and session (`kv`),
 * the operations waiting to be sent (`outbox`, by sequence number), those the server refused
 * (`refused`, kept to be shown, never dropped), the wristband balances it knows (`balances`) and the
 * banned wristbands (`bans`, from the sync's ban list), what a gate knows of wristbands (`passes`), the
 * event's tickets (`tickets`, the ticket list) and the tickets validated here (`validated`).
 */
import type { DeviceConfig, DeviceTicketListEntry, SyncOperationInput } from '@pulsera/contracts';
import { Dexie, type EntityTable } from 'dexie';

export interface OutboxRow {
  seq: number;
  id: string;
  /** The wristband(s) it changes (a wristband change: both), to know which balances still wait for the server. */
  rfid: string | string[] | null;
  createdAt: number;
  operation: SyncOperationInput;
}

export interface RefusedRow {
  seq: number;
  id: string;
  reason: string;
  description: string;
  operation: SyncOperationInput;
}

/** A wristband banned on terminals (the sync's ban list), kept to refuse it offline. */
export interface BanRow {
  nSerie: string;
  banTerminals: boolean;
  banTopUps: boolean;
}

export interface BalanceRow {
  serial: string;
  cash: number;
  gift: number;
  /** When the server answered it (null: only this terminal's own operations since). */
  learnedAt: number;
  bannedTerminals: boolean;
  /** Banned from top-ups (the server's answer or the ban list). */
  bannedTopUps?: boolean;
  /** The top-ups recorded on it, including this terminal's own since (a top-up's number - 1). */
  topUps?: number;
  /** Replaced by another wristband (a wristband change): its balances moved away, not used again. */
  replaced?: boolean;
}

/** What the redeemed configuration QR gave the terminal. */
/** What a gate knows of a wristband: the server's answer, then this terminal's own passages. */
export interface PassRow {
  serial: string;
  roleId: number | null;
  flags: number[];
  lastZone: number | null;
  entries: { zoneId: number; at: string }[];
  bannedTerminals: boolean;
}

/** A ticket of the event's list (GET /device/tickets), kept to validate offline; by id, found by hash. */
export type TicketRow = DeviceTicketListEntry;

/**
 * The ticket list held in buckets by the first bits of the code's hash (store/ticket-list.ts): a
 * thousand records for 100,000 tickets, not one each (IndexedDB's cost is per record: issue 30).
 */
export interface TicketBucketRow {
  bucket: number;
  tickets: TicketRow[];
}

/** Which bucket holds each ticket, by id (4,096 ids a record): a delta finds a changed code's old entry. */
export interface TicketIdsRow {
  chunk: number;
  /** Ticket id → bucket. */
  buckets: Record<number, number>;
}

/** A ticket this terminal validated (by its code's hash): refused here the second time, even offline. */
export interface ValidatedRow {
  hash: string;
  serial: string;
  at: number;
}

export interface Credentials {
  serial: string;
  secretKey: string;
  token: string;
  tokenExpiresAt: number;
  deviceId: number;
  eventId: number;
  eventName: string;
}

export interface Session {
  staffId: number;
  staffName: string;
  locationId: number;
}

export interface KvValues {
  credentials: Credentials;
  config: DeviceConfig;
  session: Session;
  locationId: number;
  /** The gate this terminal works at (a gate's scanner location is `locationId`), if it is one. */
  gateId: number;
  /** The last live count of the zones with capacity control (ms; zone id → people inside). */
  occupancy: { at: number; zones: Record<number, number> };
  /** When this gate let someone in (ms), the last day: its count against its share of a zone. */
  gateLog: number[];
  /** The last sequence number given to an operation (0: none yet). */
  lastSeq: number;
  /** The version of the ticket list held (the server's `version`; absent: none yet). */
  ticketListVersion: string;
  /** The event has more tickets than a list carries: validated online only. */
  ticketListTooLarge: boolean;
  /** How many tickets the list held has. */
  ticketCount: number;
  /** The version of the ban list held (0: none yet). */
  banListVersion: number;
  /** When the server last answered this terminal (ms): the offline limit counts from it. */
  lastContact: number;
  /** This terminal's last order, which it may cancel within a few minutes. */
  lastOrder: LastOrder;
  /** The cash in each staff member's drawer on this terminal since their last close, by staff id. */
  drawers: Record<number, Drawer>;
  /** The last presence check this terminal recorded for each staff member, by staff id. */
  presence: Record<number, PresenceCheck>;
}

/** A staff member's presence check (in or out) as this terminal recorded it (store/presence.ts). */
export interface PresenceCheck {
  type: 'in' | 'out';
  /** When (ms). */
  at: number;
}

/** A staff member's cash drawer on this terminal since their last cash desk close (store/drawer.ts). */
export interface Drawer {
  /** Cents of the financial currency the drawer should hold. */
  cents: number;
  /** Operations that moved cash. */
  operations: number;
  /** When the first of them was made (ms). */
  since: number;
}

export interface LastOrder {
  /** The sale operation as it was sent. */
  operation: SyncOperationInput;
  serial: string;
  at: number;
  total: number;
}
type KvRow = { key: keyof KvValues; value: unknown };

export class TerminalDb extends Dexie {
  kv!: EntityTable<KvRow, 'key'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  refused!: EntityTable<RefusedRow, 'seq'>;
  balances!: EntityTable<BalanceRow, 'serial'>;
  bans!: EntityTable<BanRow, 'nSerie'>;
  passes!: EntityTable<PassRow, 'serial'>;
  ticketBuckets!: EntityTable<TicketBucketRow, 'bucket'>;
  ticketIds!: EntityTable<TicketIdsRow, 'chunk'>;
  validated!: EntityTable<ValidatedRow, 'hash'>;

  constructor(name = 'pulsera-terminal') {
    super(name);
    this.version(1).stores({
      kv: '&key',
      outbox: '&seq, &id, rfid, createdAt',
      refused: '&seq, id',
      balances: '&serial',
      bans: '&nSerie',
    });
    this.version(2).stores({ passes: '&serial' });
    // A wristband change names two wristbands: the outbox's rfid index holds each (multi-entry).
    this.version(3).stores({
      tickets: '&id, hash',
      validated: '&hash',
      outbox: '&seq, &id, *rfid, createdAt',
    });
    // The ticket list in buckets (a list held one row a ticket is dropped and fetched whole again).
    this.version(4)
      .stores({ tickets: null, ticketBuckets: '&bucket', ticketIds: '&chunk' })
      .upgrade((tx) => tx.table('kv').bulkDelete(['ticketListVersion', 'ticketListTooLarge']));
  }

  async get<K extends keyof KvValues>(key: K): Promise<KvValues[K] | undefined> {
    return (await this.kv.get(key))?.value as KvValues[K] | undefined;
  }

  async put<K extends keyof KvValues>(key: K, value: KvValues[K]) {
    await this.kv.put({ key, value });
  }

  async remove(key: keyof KvValues) {
    await this.kv.delete(key);
  }
}

export const db = new TerminalDb();
