import type { TicketConnector } from './connector';
import { pretix } from './pretix';

/** The platforms a schedule may import from. */
export const CONNECTORS = { pretix } satisfies Record<string, TicketConnector>;
export type Platform = keyof typeof CONNECTORS;
export const PLATFORMS = Object.keys(CONNECTORS) as Platform[];
