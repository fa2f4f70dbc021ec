import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryString, withoutBlanks } from './api';
import { loading } from './loading';

afterEach(() => vi.useRealTimers());

describe('the loading indicator', () => {
  it('shows while requests run and hides 200 ms after the last one ends', () => {
    vi.useFakeTimers();
    loading.start();
    loading.start();
    expect(loading.isVisible()).toBe(true);
    loading.end();
    vi.advanceTimersByTime(500);
    expect(loading.isVisible()).toBe(true); // one request still running
    loading.end();
    vi.advanceTimersByTime(199);
    expect(loading.isVisible()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(loading.isVisible()).toBe(false);
  });

  it('stays on when a new request starts within the 200 ms', () => {
    vi.useFakeTimers();
    loading.start();
    loading.end();
    vi.advanceTimersByTime(100);
    loading.start();
    vi.advanceTimersByTime(300);
    expect(loading.isVisible()).toBe(true);
    loading.end();
    vi.advanceTimersByTime(200);
    expect(loading.isVisible()).toBe(false);
  });
});

describe('query strings', () => {
  it('skip null and undefined values and encode the rest', () => {
    // Only nulls are skipped (01-console §8): an empty text, 0 and false are sent.
    expect(queryString({ a: 1, b: null, c: undefined, d: 'x y&z', e: 0, f: false, g: '' })).toBe(
      '?a=1&d=x+y%26z&e=0&f=false&g=',
    );
    expect(withoutBlanks({ a: '', b: ' ', c: 'x', d: 0 })).toEqual({ c: 'x', d: 0 });
    expect(queryString({ a: null })).toBe('');
  });
});
