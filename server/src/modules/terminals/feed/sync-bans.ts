/**
 * The bans of a batch's wristbands applied to its new operations: those refused, those recorded and flagged.
 */
import { type BanOutcome, banOutcome } from './sync.rules';
import type { WristbandBan } from './sync-open.repo';
import type { Candidate } from './sync-types';

/**
 * The bans of the batch's wristbands (sync.rules banOutcome): the operations a ban refuses, and those
 * it lets through to be recorded and flagged.
 */
export function applyBans(fresh: Candidate[], bans: Map<string, WristbandBan>) {
  const refused: { c: Candidate; ban: BanOutcome }[] = [];
  const flagged = new Map<string, BanOutcome>();
  if (!bans.size) return { kept: fresh, refused, flagged };
  for (const c of fresh) {
    const ban = banOutcome(c.op, (serial) => bans.get(serial));
    if (ban?.action === 'refuse') refused.push({ c, ban });
    else if (ban) flagged.set(c.op.id, ban);
  }
  const out = new Set(refused.map((r) => r.c));
  return { kept: refused.length ? fresh.filter((c) => !out.has(c)) : fresh, refused, flagged };
}
