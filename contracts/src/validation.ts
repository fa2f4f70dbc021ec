import { z } from 'zod';
import type { FieldError } from './envelope';
import { EMAIL_PATTERN } from './message-format';

/**
 * One mapping from zod issues to message keys of the generic validation catalogue (01-console §5),
 * used by the server (400 fields) and by the web forms, so a field says the same thing on both sides.
 * A message is `key` or `key|{"param":value}`; `translateFieldError` in each side renders it.
 */
export function issueToFieldError(issue: z.core.$ZodIssue): FieldError {
  const path = issue.path.map(String).join('.');
  return { path, message: issueMessage(issue) };
}

const withParams = (key: string, params: Record<string, unknown>) => `${key}|${JSON.stringify(params)}`;

export function issueMessage(issue: z.core.$ZodIssue): string {
  // Explicit keys given by a schema (e.g. `{ error: 'validation.email' }`) win.
  if (issue.message?.startsWith('validation.')) return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      // The input is not always carried along (Fastify's provider drops it); zod's own text names it.
      const named = /received (\w+)/.exec(issue.message ?? '')?.[1];
      const received =
        issue.input !== undefined
          ? issue.input
          : named && named !== 'undefined' && named !== 'null'
            ? 0
            : undefined;
      if (received === undefined || received === null || received === '') return 'validation.required';
      return withParams('validation.invalidType', { expected: issue.expected });
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? 'validation.required' : withParams('validation.minLength', { minLength: min });
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return withParams('validation.minItems', { min });
      return withParams('validation.min', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return withParams('validation.maxLength', { maxLength: max });
      if (issue.origin === 'array' || issue.origin === 'set')
        return withParams('validation.maxItems', { max });
      return withParams('validation.max', { max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'validation.email';
      if (issue.format === 'url') return 'validation.url';
      return 'validation.invalid';
    case 'invalid_value':
      return withParams('validation.oneOf', { values: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return withParams('validation.unknownKeys', { keys: issue.keys.join(', ') });
    case 'not_multiple_of':
      return withParams('validation.step', { step: Number(issue.divisor) });
    default:
      return 'validation.invalid';
  }
}

export const email = () =>
  z.string().trim().min(1, { error: 'validation.required' }).regex(EMAIL_PATTERN, {
    error: 'validation.email',
  });
