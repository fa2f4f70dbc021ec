/**
 * Runs a batch's transaction again when the database rolled it back whole: a deadlock, a
 * serialization failure, or a wristband the batch read without a lock that changed in a way its
 * recording depended on (sync_read_changed(), migration 0062), after which it runs locking first.
 */

const codeOf = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
};

/** SQLSTATE of sync_read_changed(): the batch's last statement found a wristband changed since read. */
export const READ_CHANGED = 'PU001';

/** Deadlock detected / serialization failure: the transaction rolled back whole; run it again. */
const isRetryable = (code: string | undefined) => code === '40P01' || code === '40001';

/**
 * `fn(lockFirst)`: the batch's transaction; `lockFirst` is false until a run of it found a wristband
 * changed since it read it (READ_CHANGED), and true for every run after that one.
 */
export async function withRetry<T>(fn: (lockFirst: boolean) => Promise<T>, attempts = 5): Promise<T> {
  let lockFirst = false;
  for (let i = 1; ; i++) {
    try {
      return await fn(lockFirst);
    } catch (e) {
      const code = codeOf(e);
      if (code === READ_CHANGED && !lockFirst) {
        lockFirst = true;
        continue;
      }
      if (i >= attempts || !isRetryable(code)) throw e;
      await new Promise((r) => setTimeout(r, 5 * i + Math.floor(Math.random() * 10)));
    }
  }
}
