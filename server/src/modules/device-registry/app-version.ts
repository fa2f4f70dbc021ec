import type { Executor } from '../../db/client';

/** An app version as the fleet compares it: its name and, when known, its Android versionCode. */
export interface KnownAppVersion {
  name: string;
  code: number | null;
}

/**
 * The latest enabled app version the terminals of a channel must run, or null when none is known.
 *
 * The terminal software (app versions, issue 18) is built in another branch, which adds the
 * `app_versions` table: until it is merged no version is known here, so every terminal's "outdated"
 * is unknown (null) rather than guessed. At the merge this function reads that table (the latest
 * enabled version of the channel); nothing else in fleet health changes.
 */
export async function latestAppVersion(_db: Executor, _channel: 'production' | 'development' = 'production') {
  return null as KnownAppVersion | null;
}

/** Numeric parts of a version name ("3.10.2-beta" → [3, 10, 2]). */
const parts = (name: string) => (name.match(/\d+/g) ?? []).map(Number);

/**
 * Whether a terminal's app is older than the latest: by versionCode when both are known, else by the
 * numeric parts of the names; null when either is unknown.
 */
export function isOutdated(
  running: { name: string | null; code: number | null },
  latest: KnownAppVersion | null,
): boolean | null {
  if (!latest || (running.name === null && running.code === null)) return null;
  if (running.code !== null && latest.code !== null) return running.code < latest.code;
  if (running.name === null) return null;
  const a = parts(running.name);
  const b = parts(latest.name);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}
