import type { Executor } from '../../../core/db/client';
import { latestAppVersion as requiredAppVersion } from '../app-versions/app-versions.service';

/** An app version as the fleet compares it: its name and, when known, its Android versionCode. */
export interface KnownAppVersion {
  name: string;
  code: number | null;
}

/**
 * The latest enabled app version the terminals of a channel must run (terminal software, issue 18),
 * or null when none is enabled yet: then every terminal's "outdated" is unknown, never guessed.
 */
export async function latestAppVersion(
  db: Executor,
  channel: 'production' | 'development' = 'production',
): Promise<KnownAppVersion | null> {
  const latest = await requiredAppVersion(db, channel);
  return latest ? { name: latest.versionName, code: latest.versionCode } : null;
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
