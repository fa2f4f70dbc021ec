import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAutocompleteText } from './autocomplete';

afterEach(() => vi.useRealTimers());

describe('the autocomplete’s wait (02-catalogue §9)', () => {
  it('searches 300 ms after the last key', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useAutocompleteText(text), {
      initialProps: { text: '' },
    });
    rerender({ text: 'ma' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ma');
  });

  it('searches at most 1000 ms after the first key while typing goes on', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useAutocompleteText(text), {
      initialProps: { text: '' },
    });
    const word = 'madrid barcelona';
    // A key every 200 ms: never a 300 ms pause.
    for (let i = 1; i <= 5; i++) {
      rerender({ text: word.slice(0, i) });
      act(() => vi.advanceTimersByTime(200));
    }
    // 1000 ms after the first key the text typed so far is searched.
    expect(result.current).toBe('madri');
    rerender({ text: word.slice(0, 6) });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('madri');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('madrid');
  });
});
