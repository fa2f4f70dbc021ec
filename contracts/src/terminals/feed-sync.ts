/**
 * The sync call (POST /device/sync): what a terminal reports of itself, the request, the
 * banned-wristband list it receives, and the answer (accepted, duplicate, refused and flagged
 * operations).
 */
import { z } from 'zod';
import { FieldError } from '../envelope';
import { INT4_MAX, reportedText } from '../inputs';
import { AppChannel, RequiredAppVersion } from './app-versions';
import { SYNC_MAX_OPERATIONS } from './feed';

/**
 * Fleet health (docs/decisions/terminals.md "Device registry and fleet health"): what a terminal says of itself
 * at each sync. Every field is optional, so older terminals still sync; a terminal with nothing to
 * send may sync with no operations to report them (and to receive the banned-wristband list).
 */
export const SyncHealth = z.object({
  /**
   * The app's version name as the terminal runs it (e.g. "3.4.2"). The sync route checks the text of
   * its operations itself (one bad operation is refused alone), so this is the body's only free text:
   * a NUL byte or a lone surrogate in it is replaced, never a refusal of the batch.
   */
  appVersion: reportedText(50).optional(),
  /** The app's version code (Android versionCode), when the terminal knows it. */
  appVersionCode: z.number().int().min(0).max(INT4_MAX).optional(),
  /** Operations the terminal still holds after this call (made, not yet sent). */
  pendingOperations: z.number().int().min(0).max(INT4_MAX).optional(),
  /** The sequence number of the last operation made on the terminal (0: none yet). */
  lastSeq: z.number().int().min(0).max(INT4_MAX).optional(),
  /**
   * The banned-wristband list version the terminal holds (0: none). Sending it asks for the list:
   * the answer's `banList` carries the bans changed since.
   */
  banListVersion: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type SyncHealth = z.infer<typeof SyncHealth>;

/**
 * Each operation is checked on its own, so the body only bounds the batch. A call with no operations
 * must report something of the terminal (a heartbeat: its health, or a request for the ban list).
 */
export const SyncRequest = SyncHealth.extend({
  operations: z.array(z.unknown()).max(SYNC_MAX_OPERATIONS),
  /** The terminal's software channel (issue 18): the answer names the version it must run. */
  appChannel: AppChannel.optional(),
}).refine((b) => b.operations.length > 0 || Object.keys(b).some((k) => k !== 'operations'), {
  error: `validation.minLength|{"minLength":1}`,
  path: ['operations'],
});
export type SyncRequest = z.infer<typeof SyncRequest>;

/** One ban as a terminal keeps it: both toggles 0 means the ban was lifted (drop it). */
export const TerminalBan = z.object({
  nSerie: z.string(),
  codeCheck: z.string().nullable(),
  banAndroid: z.union([z.literal(0), z.literal(1)]),
  banTopUps: z.union([z.literal(0), z.literal(1)]),
});
export type TerminalBan = z.infer<typeof TerminalBan>;

/**
 * The banned-wristband list for a terminal that sent `banListVersion`: the bans changed after that
 * version (all live bans when it sent 0), and the version it holds once it applied them (to send
 * next time: that is how the server learns it received them).
 */
export const TerminalBanList = z.object({
  version: z.number().int(),
  /** True when `bans` is the whole list (the terminal replaces its own), false for changes only. */
  full: z.boolean(),
  bans: z.array(TerminalBan),
});
export type TerminalBanList = z.infer<typeof TerminalBanList>;

export const RefusedOperation = z.object({
  /** The id as sent (null when the operation had none). */
  id: z.string().nullable(),
  /** Position in the batch. */
  index: z.number().int(),
  /** invalid, creditOnly, debitOnly, replacementCode, articlesRequired, paymentsTotal, wristbandRequired, sameWristband, wristbandOrTicket, idReused, balanceLimit, addonType, addonUnknown, bannedWristband, bannedTopUp, kitchenUnknown, roomUnknown, articleUnknown, locationUnknown, staffUnknown, zoneUnknown, gateUnknown. */
  reason: z.string(),
  description: z.string(),
  fields: z.array(FieldError.extend({ text: z.string() })).optional(),
});
export type RefusedOperation = z.infer<typeof RefusedOperation>;

/**
 * Why an accepted operation was flagged: it took a balance below zero, it moved the balance of a
 * wristband banned on terminals, or it is a paid top-up of a wristband whose top-ups are banned.
 */
export const FLAG_REASONS = ['negativeBalance', 'bannedWristband', 'bannedTopUp'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export const FlaggedOperation = z.object({
  id: z.string(),
  /** Position in the batch. */
  index: z.number().int(),
  reasons: z.array(z.enum(FLAG_REASONS)),
  description: z.string(),
});
export type FlaggedOperation = z.infer<typeof FlaggedOperation>;

/**
 * The answer: every operation of the batch is in exactly one of accepted, duplicates (recorded by
 * an earlier call; nothing changed now) or refused. `flagged` lists the accepted operations that were
 * recorded and flagged (a balance below zero, a banned wristband); `flags` gives each one's reasons.
 */
export const SyncResult = z.object({
  accepted: z.array(z.string()),
  duplicates: z.array(z.string()),
  refused: z.array(RefusedOperation),
  flagged: z.array(z.string()),
  flags: z.array(FlaggedOperation),
  /** The version the terminal's channel must run (null: none enabled yet). */
  app: RequiredAppVersion.nullable().optional(),
  /** Present when the request sent `banListVersion` (fleet health). */
  banList: TerminalBanList.optional(),
});
export type SyncResult = z.infer<typeof SyncResult>;
