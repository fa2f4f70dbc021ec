/**
 * The simulated fleet: the app release its terminals run, and the demo's fleet health incidents (a
 * handheld that loses a few operations, another that goes silent before the end).
 */
import type { DeviceType, SyncOperationInput } from '@pulsera/contracts';
import type { Batch } from './batches';
import type { Terminal } from './venue';

/** The app every simulated terminal runs, but one kiosk still on the previous release. */
export const SIM_APP = { name: '3.4.2', code: 30402 } as const;
export const SIM_OLD_APP = { name: '3.3.0', code: 30300 } as const;
/** The serials of the demo's fleet incidents (fleetIncidents). */
export const simGapTerminal = <T extends { type: DeviceType }>(terminals: T[]) =>
  terminals.filter((t) => t.type === 'PDA')[0];
export const simSilentTerminal = <T extends { type: DeviceType }>(terminals: T[]) =>
  terminals.filter((t) => t.type === 'PDA')[1];

/**
 * The demo's fleet incidents: the gap terminal loses three operations (sales or access, so no balance
 * depends on them) of one batch — they never arrive, while the sequence numbers after them do — and
 * the silent terminal sends nothing after `silentFrom` (two hours before the festival's last activity).
 * Answers whether the gap was made (once is enough).
 */
export function applyIncidents(
  batches: Batch[],
  silentFrom: number,
  gap?: Terminal,
  silent?: Terminal,
  makeGap = true,
) {
  const kept = batches.filter((b) => !(b.terminal === silent && b.sendAt > silentFrom));
  if (!makeGap) return { kept, gapMade: false };
  const target = kept.find(
    (b) => b.terminal === gap && b.ops.filter((op) => op.kind === 'sale' || op.kind === 'access').length >= 3,
  );
  if (!target) return { kept, gapMade: false };
  const lost = new Set<SyncOperationInput>(
    target.ops.filter((op) => op.kind === 'sale' || op.kind === 'access').slice(0, 3),
  );
  target.ops = target.ops.filter((op) => !lost.has(op));
  return { kept, gapMade: true };
}
