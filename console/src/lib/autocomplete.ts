import { useEffect, useRef, useState } from 'react';

/** 02-catalogue §9: an autocomplete asks the server 300 ms after the last key… */
export const AUTOCOMPLETE_WAIT_MS = 300;
/** …and at most 1000 ms after the first key not yet asked about, however fast one keeps typing. */
export const AUTOCOMPLETE_MAX_WAIT_MS = 1000;

/**
 * The text an autocomplete searches for: the typed text once typing pauses for
 * AUTOCOMPLETE_WAIT_MS, or at the latest AUTOCOMPLETE_MAX_WAIT_MS after it began to differ from the
 * last one searched. Every search-as-you-type select of the console reads it.
 */
export function useAutocompleteText(text: string): string {
  const [settled, setSettled] = useState(text);
  const pendingSince = useRef<number | null>(null);
  const latest = useRef(text);
  latest.current = text;
  useEffect(() => {
    if (text === settled) {
      pendingSince.current = null;
      return;
    }
    const now = Date.now();
    pendingSince.current ??= now;
    const left = pendingSince.current + AUTOCOMPLETE_MAX_WAIT_MS - now;
    const timer = setTimeout(
      () => {
        pendingSince.current = null;
        setSettled(latest.current);
      },
      Math.max(0, Math.min(AUTOCOMPLETE_WAIT_MS, left)),
    );
    return () => clearTimeout(timer);
  }, [text, settled]);
  return settled;
}
