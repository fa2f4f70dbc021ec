import { z } from 'zod';
import type { FieldError } from './api';

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

export function splitMessage(message: string): { key: string; params: Record<string, unknown> } {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, params: {} };
  try {
    return { key: message.slice(0, bar), params: JSON.parse(message.slice(bar + 1)) };
  } catch {
    return { key: message.slice(0, bar), params: {} };
  }
}

/**
 * Amounts in messages (issue 16): a message parameter named `<name>Cents` is an amount in cents of the
 * event's financial currency. The text names it `{{<name>}}`; whoever shows the message formats it —
 * the console with the screen's money formatter (its currency and conversion), the server's own text
 * as a plain amount of the financial currency. One way for every message that carries money.
 */
export function moneyParams(
  params: Record<string, unknown>,
  format: (cents: number) => string = (cents) => (cents / 100).toFixed(2),
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  for (const [k, v] of Object.entries(params)) {
    if (k.endsWith('Cents') && typeof v === 'number') out[k.slice(0, -'Cents'.length)] = format(v);
  }
  return out;
}

/** 01-console §5: email pattern used by the login form and the server alike. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const email = () =>
  z.string().trim().min(1, { error: 'validation.required' }).regex(EMAIL_PATTERN, {
    error: 'validation.email',
  });
