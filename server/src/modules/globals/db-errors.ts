import { fail } from '../../lib/errors';

/** The PostgreSQL error code of a failed query (Drizzle wraps the driver's error in `cause`). */
function pgCode(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = err?.cause?.code ?? err?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Runs a write of the global lists. The services check duplicates and uses first; this only maps a
 * concurrent writer that slipped between the check and the write (unique index, foreign key) to the
 * same answers: 409 duplicateName and 409 inUse.
 */
export async function guardedWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const code = pgCode(e);
    if (code === '23505') throw fail('duplicateName');
    if (code === '23503') throw fail('inUse');
    throw e;
  }
}

/** A case-insensitive "contains" pattern for `like`, with the wildcards of the text escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
