/**
 * The checks of a batch's operations: each on its own before the transaction (its text and shape, the
 * rules that need no reading), then inside the transaction the rules that read the event (the
 * articles, locations, staff, zones, gates, add-ons, kitchens and rooms it names: sync-references;
 * wristband stock) and repeats inside the batch.
 */
import { createHash } from 'node:crypto';
import {
  findUnsafeText,
  issueToFieldError,
  type Language,
  SyncOperation,
  scrubUnsafeText,
} from '@pulsera/contracts';
import { checkStock } from '../wristband-stock/stock-check';
import { checkOperation } from './sync.rules';
import { refusal } from './sync-messages';
import { checkReferences, type References } from './sync-references';
import type { Candidate, Op, Refusal } from './sync-types';

/** An operation that passed the checks of its own. */
export interface Shaped {
  op: Op;
  index: number;
  raw: unknown;
}

const hashOf = (op: Op) => createHash('sha1').update(JSON.stringify(op)).digest('base64url');

/**
 * Each operation on its own: its text and shape, and the rules that need no reading. Answers the
 * batch's operations as kept (unsafe text scrubbed), the refused ones and the others, parsed.
 */
export function checkShapes(rawOps: unknown[], lang: Language) {
  const shapeRefusals: Refusal[] = [];
  const shaped: Shaped[] = [];
  // Text PostgreSQL cannot hold (a NUL byte, a lone surrogate) refuses its operation alone; what is
  // kept of it for the refusal log is scrubbed.
  const unsafeAt = rawOps.map((raw) => findUnsafeText(raw));
  rawOps = rawOps.map((raw, i) => (unsafeAt[i] === null ? raw : scrubUnsafeText(raw)));
  rawOps.forEach((raw, index) => {
    const rawId = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : null;
    const unsafe = unsafeAt[index];
    if (unsafe !== null && unsafe !== undefined) {
      const fields = [{ path: unsafe, message: 'validation.unsafeText' }];
      shapeRefusals.push(refusal(lang, rawId, index, 'invalid', 'errors.validation', raw, fields));
      return;
    }
    const parsed = SyncOperation.safeParse(raw);
    if (!parsed.success) {
      const fields = parsed.error.issues.map(issueToFieldError);
      shapeRefusals.push(refusal(lang, rawId, index, 'invalid', 'errors.validation', raw, fields));
      return;
    }
    const rule = checkOperation(parsed.data);
    if (rule) {
      shapeRefusals.push(refusal(lang, parsed.data.id, index, rule.reason, rule.message, raw));
      return;
    }
    shaped.push({ op: parsed.data, index, raw });
  });
  return { rawOps, shapeRefusals, shaped };
}

/**
 * The rules that read the event (what the operations name that is the event's, and the wristbands
 * outside its stock, null when it requires no stock), then repeats inside the batch: the same operation again is
 * a duplicate, another operation under the same id is refused. Answers the refusals (after
 * `shapeRefusals`), the duplicates and the candidates (each operation that may be new, with its hash).
 */
export function checkCandidates(
  shaped: Shaped[],
  shapeRefusals: Refusal[],
  known: References,
  outsideStock: Set<string> | null,
  lang: Language,
) {
  const refusals: Refusal[] = [...shapeRefusals];
  const duplicates: string[] = [];
  const candidates: Candidate[] = [];
  const firstHash = new Map<string, string>();
  for (const { op, index, raw } of shaped) {
    const rule = checkReferences(op, known) ?? checkStock(op, outsideStock);
    if (rule) {
      refusals.push(refusal(lang, op.id, index, rule.reason, rule.message, raw));
      continue;
    }
    const hash = hashOf(op);
    const seen = firstHash.get(op.id);
    if (seen === undefined) {
      firstHash.set(op.id, hash);
      candidates.push({ op, index, hash, raw });
    } else if (seen === hash) {
      duplicates.push(op.id);
    } else {
      refusals.push(refusal(lang, op.id, index, 'idReused', 'validation.feedIdReused', raw));
    }
  }
  return { refusals, duplicates, candidates };
}
