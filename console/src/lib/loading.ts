import { LOADING_HIDE_DELAY_MS } from '@pulsera/contracts';
import { useSyncExternalStore } from 'react';

/** The loading indicator: shown while requests run, hidden 200 ms after the last one ends. */
let active = 0;
let visible = false;
let hideTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const loading = {
  start() {
    active++;
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = null;
    if (!visible) {
      visible = true;
      emit();
    }
  },
  end() {
    active = Math.max(0, active - 1);
    if (active > 0) return;
    if (hideTimer) clearTimeout(hideTimer);
    hideTimer = setTimeout(() => {
      hideTimer = null;
      if (active === 0 && visible) {
        visible = false;
        emit();
      }
    }, LOADING_HIDE_DELAY_MS);
  },
  isVisible: () => visible,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const useLoading = () => useSyncExternalStore(loading.subscribe, loading.isVisible, loading.isVisible);
