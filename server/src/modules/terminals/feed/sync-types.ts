/**
 * The types the pieces of a sync share: an operation, a candidate (an operation of the batch that may
 * be new), a refusal with what the terminal sent, and the flags of an accepted operation.
 */
import type { FlagReason, RefusedOperation, SyncOperation } from '@pulsera/contracts';

export type Op = SyncOperation;
export type OpOf<K extends Op['kind']> = Extract<Op, { kind: K }>;
export interface Candidate {
  op: Op;
  index: number;
  hash: string;
  raw: unknown;
}
export interface Refusal {
  refused: RefusedOperation;
  raw: unknown;
}

export interface Flag {
  c: Candidate;
  reasons: FlagReason[];
  serial?: string;
}
