/**
 * Runs a batch's transaction again when the database rolled it back whole (a deadlock, a serialization
 * failure).
 */

function isRetryable(e: unknown) {
  const err = e as { code?: string; cause?: { code?: string } };
  const code = err?.code ?? err?.cause?.code;
  // Deadlock detected / serialization failure: the transaction rolled back whole; run it again.
  return code === '40P01' || code === '40001';
}

export async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= attempts || !isRetryable(e)) throw e;
      await new Promise((r) => setTimeout(r, 5 * i + Math.floor(Math.random() * 10)));
    }
  }
}
