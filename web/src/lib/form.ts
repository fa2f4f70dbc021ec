import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** Field errors from the server land on the form's fields (ARCHITECTURE.md convention 6). */
export function applyServerErrors<T extends FieldValues>(
  e: unknown,
  setError: UseFormSetError<T>,
  prefix = '',
) {
  if (!(e instanceof ApiError) || !e.fields.length) return false;
  for (const f of e.fields) {
    const path = prefix && f.path.startsWith(prefix) ? f.path.slice(prefix.length) : f.path;
    setError(path as Path<T>, { type: 'server', message: f.message });
  }
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
