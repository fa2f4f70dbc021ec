import type { ErrorKey } from '../api';

/**
 * Messages the server sends in `description` and the generic validation messages (01-console §5, §8)
 * of one language. Each language is a module of its own (messages/en.ts …), so the web app loads the
 * chosen one only; the server reads all four through `MESSAGES` (../messages.ts).
 */
export type Catalogue = {
  errors: Record<ErrorKey, string>;
  validation: Record<string, string>;
  /** A background job's failure said in the reader's language (the jobs screen's last error). */
  jobFailures: { fileError: string; networkError: string; error: string };
};
