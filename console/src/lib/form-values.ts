import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

// The forms' helpers that need no zod (the sign-in page uses them; its first load carries no zod).
// form.ts re-exports them beside the zod resolver.

/**
 * How a save call names the form's fields in its field errors: `prefix` is the wrapper of its body
 * (`flag.` for POST /flag {flag}); `rename` maps the server's name of a field (the first segment of
 * the path) to the form's (`precio_base` → `precio`).
 */
export interface ServerFieldNames {
  prefix?: string;
  rename?: Record<string, string>;
}

/** A field error of the server with the form's path; `message` a key of the validation catalogue. */
export interface FormFieldError {
  path: string;
  message: string;
  /** The server's translation. */
  text?: string;
}

/** The field errors of a failed call, named as the form names its fields; null when it has none. */
export function formFieldErrors(e: unknown, names: string | ServerFieldNames = ''): FormFieldError[] | null {
  if (!(e instanceof ApiError) || !e.fields.length) return null;
  const { prefix = '', rename = {} } = typeof names === 'string' ? { prefix: names } : names;
  return e.fields.map((f) => {
    const path = prefix && f.path.startsWith(prefix) ? f.path.slice(prefix.length) : f.path;
    const [head = '', ...rest] = path.split('.');
    const renamed = Object.hasOwn(rename, head) ? rename[head]! : head;
    return { ...f, path: [renamed, ...rest].join('.') };
  });
}

/**
 * Field errors from the server land on the form's fields (ARCHITECTURE.md convention 6). Answers
 * whether the failure had field errors. (The list + detail screens also show those that match no
 * field: `ResourceScreen`.)
 */
export function applyServerErrors<T extends FieldValues>(
  e: unknown,
  setError: UseFormSetError<T>,
  names: string | ServerFieldNames = '',
) {
  const fields = formFieldErrors(e, names);
  if (!fields) return false;
  for (const f of fields) setError(f.path as Path<T>, { type: 'server', message: f.message });
  return true;
}

const IGNORED = new Set([
  'date_update',
  'create_time',
  'update_time',
  'date_insert',
  'createdAt',
  'updatedAt',
]);

/**
 * The form-save helper (02-catalogue §5): drops empty or null values and trims strings, recursively
 * in plain objects (arrays keep their items).
 */
export function cleanForSave<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map((v) => cleanForSave(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const cleaned = cleanForSave(v);
      if (cleaned === null || cleaned === undefined || cleaned === '') continue;
      out[k] = cleaned;
    }
    return out as T;
  }
  return value;
}

/** Unsaved-changes detection: initial vs current item, ignoring create and update dates. */
export function sameItem(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}
function normalise(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalise);
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k, x]) => !IGNORED.has(k) && x !== undefined && x !== null && x !== '')
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => [k, normalise(x)]),
    );
  }
  return typeof v === 'string' ? v.trim() : v;
}
