import type { RouteId } from '@pulsera/contracts';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { screenPath } from '../../lib/screen-paths';

/**
 * The tabs of one screen as child addresses (01-console §2: capacities' zones-access, real-time and
 * config; bonuses' manual; wristbands' per-day): `/admin/<screen>/<tab path>`, so each tab has its own
 * address. The screen's own address, and its old form `?tab=<id>`, land on a tab's address (the one
 * named when the user may see it, else the first). `ready` waits for what decides the tabs.
 */
export function usePathTab<T extends string>(
  id: RouteId,
  paths: Record<T, string>,
  allowed: readonly T[],
  ready = true,
): [T | undefined, (tab: T) => void] {
  const { pathname } = useLocation();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const base = screenPath(id);
  const segment = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1).split('/')[0] : '';
  const named = (Object.keys(paths) as T[]).find((t) => paths[t] === segment);
  const current = named && allowed.includes(named) ? named : undefined;
  const go = (tab: T, replace: boolean) => {
    const { tab: _old, ...rest } = search;
    void navigate({ to: `${base}/${paths[tab]}`, search: rest as never, replace });
  };
  const legacy = typeof search.tab === 'string' ? search.tab : undefined;
  const first = allowed[0];
  const allowedKey = allowed.join();
  // go, paths and allowed are fresh each render; the effect follows what decides the landing tab.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tabs are compared by value (allowedKey)
  useEffect(() => {
    if (!ready || current || !first) return;
    // Leaving for another screen: this one may render once more at the new address; it stays there.
    if (pathname !== base && !pathname.startsWith(`${base}/`)) return;
    const asked = (Object.keys(paths) as T[]).find((t) => t === legacy || paths[t] === legacy);
    go(asked && allowed.includes(asked) ? asked : first, true);
  }, [ready, current, first, legacy, allowedKey]);
  return [current, (tab) => go(tab, false)];
}
