import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { queryId, queryInt } from './inputs';

// The envelope's schemas (api.ts has the error codes and the headers) and the list protocol.

/** One field that failed validation: a dotted path and a message key with its parameters. */
export const FieldError = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

export const ErrorBody = z.object({
  error: z.number().int(),
  description: z.string(),
  fields: z.array(FieldError).optional(),
  /** A limited token that can only change the password (403 / 418). */
  token: z.string().optional(),
  /** Seconds to wait before trying again (429). */
  retryAfter: z.number().int().optional(),
  /** The figures of the description, for an error the console acts on (e.g. 3402's `count`). */
  params: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ok = <T extends z.ZodTypeAny>(result: T) =>
  z.object({ error: z.literal(0), result, token: z.string().optional() });

/** The list protocol (ARCHITECTURE.md convention 2). Query strings carry strings: coerce. */
const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const ListQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  paginationLimit: queryInt(1, MAX_PAGE_SIZE).optional(),
  disablePagination: boolish.optional().default(false),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const IdParam = z.object({ id: queryId() });
