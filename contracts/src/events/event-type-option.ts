import { z } from 'zod';
import { EVENT_TYPES } from '../constants';

/**
 * One event type as the type list answers it. Apart from event-status.ts, which the event chooser
 * reads: that screen loads no zod (issue 31, first load).
 */
export const EventTypeOption = z.object({ id: z.enum(EVENT_TYPES), name: z.string() });
export type EventTypeOption = z.infer<typeof EventTypeOption>;
