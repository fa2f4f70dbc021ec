import type { OutboundPolicy } from '../../outbound-address';

/**
 * A ticketing platform the Ticket API imports from (docs/decisions.md "Ticket API"). A connector
 * speaks the platform's HTTP API at the schedule's base URL and answers positions (one ticket each)
 * page by page; the import (ticket-import.service.ts) applies them. To add a platform: implement this
 * interface in `connectors/<platform>.ts` and list it in `connectors/index.ts`.
 */

export interface TicketConnection {
  baseUrl: string;
  organizer: string;
  event: string;
  token: string;
  /** Which addresses may be reached (INTEGRATIONS_ALLOW_HTTP, INTEGRATIONS_ALLOW_PRIVATE_ADDRESSES). */
  policy: OutboundPolicy;
}

/** A product that may be mapped to a ticket rol (a variation of it, or the product as a whole). */
export interface ExternalProduct {
  item: number;
  variation: number | null;
  name: string;
}

/** One ticket of the platform. */
export interface ExternalPosition {
  /** The platform's own id of the position: the key it is applied once by. */
  externalId: string;
  orderCode: string;
  /** paid: a valid ticket; pending: not yet; cancelled: the order or the position no longer stands. */
  state: 'paid' | 'pending' | 'cancelled';
  item: number;
  variation: number | null;
  /** The code printed on the ticket (what the gates scan). */
  code: string;
  holderName: string | null;
  holderEmail: string | null;
}

export interface PositionPage {
  positions: ExternalPosition[];
  /** The address of the next page, or null on the last one. */
  next: string | null;
  /** The platform's time when it began this answer (the next incremental run starts there). */
  generatedAt: Date | null;
}

export interface TicketConnector {
  /** The address of the first page of the positions changed since `since` (all when null). */
  firstPage(conn: TicketConnection, since: Date | null): string;
  page(conn: TicketConnection, url: string): Promise<PositionPage>;
  products(conn: TicketConnection): Promise<ExternalProduct[]>;
}

/** Why the platform could not be read: the job retries (back-off) unless the kind says it is pointless. */
/** `refused`: the address is inside the network (or plain http) and the deployment does not allow it. */
export type ConnectorFailure = 'auth' | 'notFound' | 'rateLimited' | 'unavailable' | 'badAnswer' | 'refused';

export class ConnectorError extends Error {
  constructor(
    readonly kind: ConnectorFailure,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}
