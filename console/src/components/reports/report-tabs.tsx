import { Tabs } from '@mantine/core';
import type { RouteId } from '@pulsera/contracts';
import { Navigate, useLocation, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { can } from '../../lib/can';
import { onPath, screenPath } from '../../lib/screen-paths';
import { useSession } from '../../lib/session';

/**
 * A tab shell of routes (the recharge reports and the ticketing tabs, 02-catalogue §2): each tab is
 * its own route with its own permission; only the tabs the user may open are shown.
 */
export function RouteTabs({ tabs }: { tabs: RouteId[] }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const allowed = tabs.filter((id) => can(session, id));
  const current = allowed.find((id) => onPath(pathname, screenPath(id)));
  return (
    <Tabs value={current ?? null} onChange={(v) => v && navigate({ to: screenPath(v as RouteId) })} mb="md">
      <Tabs.List>
        {allowed.map((id) => (
          <Tabs.Tab key={id} value={id} data-testid={`tab-${id}`}>
            {t(`nav.routes.${id}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** The shell route itself opens its first tab the user may see. */
export function FirstTab({ tabs }: { tabs: RouteId[] }) {
  const session = useSession();
  const first = tabs.find((id) => can(session, id));
  return first ? <Navigate to={screenPath(first)} replace /> : null;
}
