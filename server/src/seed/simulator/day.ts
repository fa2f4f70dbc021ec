/**
 * What the making of a festival day shares: the time units, an operation with where and when it
 * happens, the day being made (its generator, venue and the operations so far) and one attendee's
 * visit of that day.
 */
import type { DeviceType, SyncOperationInput } from '@pulsera/contracts';
import type { Attendee } from './attendees';
import type { SimAddon, SimGate, SimMenu } from './options';
import type { Rng } from './prng';
import type { Venue } from './venue';

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/** An operation, when it happens and at which location (its terminal is chosen when batching). */
export interface Timed {
  at: number;
  location: number;
  /** Access ops must go to the totem, validations to the gate PDA. */
  type?: DeviceType;
  op: SyncOperationInput;
  /** The story's operations (`storyDay`) never go to the terminals of the fleet incidents. */
  story?: true;
}

/**
 * A festival day as its operations are made. Every random draw comes from `rng`, in the order the
 * day is made: the same seed yields the same day.
 */
export interface Day {
  rng: Rng;
  venue: Venue;
  /** When the day opens (12:00 UTC); times of the day are counted from it. */
  dayStart: number;
  /** The last night: those with money left may ask for it back. */
  lastDay: boolean;
  /** Articles sold at the bars where a location has no menu. */
  items: { id: number; price: number }[];
  /** The serial of the next spare wristband (a replacement). */
  serialFor: () => string;
  addons: SimAddon[];
  menus: ReadonlyMap<number, SimMenu>;
  /** The day's operations so far (put in time order at the end). */
  out: Timed[];
  /** A new operation's id (drawn from `rng`) and device time. */
  base: (t: number) => { id: string; deviceTime: string };
}

/**
 * An attendee's visit on the day: when they arrive and leave, the gate they come through, the staff
 * member who serves them, and the operations planned for them (in time order once planned).
 */
export interface Visit {
  p: Attendee;
  arrive: number;
  leave: number;
  gate: SimGate;
  staffId: number;
  ops: Timed[];
}
