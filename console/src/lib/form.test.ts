import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { cleanForSave, formFieldErrors, sameItem } from './form';

describe('the form-save helper', () => {
  it('drops empty and null values and trims strings, also inside nested objects', () => {
    expect(
      cleanForSave({ a: '  x ', b: '', c: null, d: undefined, e: 0, f: { g: ' ', h: ' y' }, i: [' z ', ''] }),
    ).toEqual({
      a: 'x',
      e: 0,
      f: { h: 'y' },
      i: ['z', ''],
    });
  });
});

describe('unsaved-changes detection', () => {
  it('ignores create and update dates, key order and blank versus missing', () => {
    expect(sameItem({ a: 1, date_update: '2026-01-01', b: '' }, { a: 1, date_update: '2027-01-01' })).toBe(
      true,
    );
    expect(sameItem({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameItem({ name: 'Bar ' }, { name: 'Bar' })).toBe(true);
  });
  it('sees a real change', () => {
    expect(sameItem({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameItem({ list: [1, 2] }, { list: [2, 1] })).toBe(false);
    expect(sameItem({ enabled: 0 }, { enabled: 1 })).toBe(false);
  });
});

describe('server field errors with the form names', () => {
  const refused = new ApiError(400, 400, 'Invalid', [
    { path: 'articleEvent.precio_base', message: 'validation.min|{"min":0}' },
    { path: 'articleEvent.flags.0.idFlag', message: 'validation.flagNotInEvent' },
    { path: 'id', message: 'validation.invalid' },
  ]);
  it('drops the body wrapper and renames the server names that differ from the form', () => {
    expect(
      formFieldErrors(refused, { prefix: 'articleEvent.', rename: { precio_base: 'precio' } })?.map(
        (f) => `${f.path}: ${f.message}`,
      ),
    ).toEqual([
      'precio: validation.min|{"min":0}',
      'flags.0.idFlag: validation.flagNotInEvent',
      'id: validation.invalid',
    ]);
    expect(formFieldErrors(refused, 'articleEvent.')?.[0]?.path).toBe('precio_base');
  });
  it('answers null for a failure without field errors', () => {
    expect(formFieldErrors(new ApiError(409, 1651, 'In use'))).toBeNull();
    expect(formFieldErrors(new Error('x'))).toBeNull();
  });
});
