import { isAdminUser, ROUTES, type RouteId } from '@pulsera/contracts';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  useRouter,
} from '@tanstack/react-router';
import { lazy, useEffect } from 'react';
import { LoadingBar } from '../components/loading-bar';
import { LoginPage } from '../features/access/auth/login-page';
import { chooserSearch } from '../features/events/events/chooser-search';
import { api } from '../lib/api';
import { can } from '../lib/can';
import { errorDialog, notifyError, setNavigator } from '../lib/error-dialogs';
import { i18n, lazyScreen } from '../lib/i18n';
import { PATH_TABS } from '../lib/screen-paths';
import { session, trustsExpired } from '../lib/session';
import { NotFoundPage } from './not-found-page';
import { SCREENS } from './screens';

// The sign-in page is in the first load; every other page is a chunk of its own, fetched when opened
// with the screens' texts (lazyScreen), except the admin layout and the event chooser, which the shell's
// texts serve (the first admin screen's load, issue 31).
const ChangePasswordPage = lazyScreen(() =>
  import('../features/access/auth/change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
);
const SchedulePage = lazyScreen(() =>
  import('../features/access/auth/token-pages').then((m) => ({ default: m.SchedulePage })),
);
const ConfirmEmailPage = lazyScreen(() =>
  import('../features/access/auth/token-pages').then((m) => ({ default: m.ConfirmEmailPage })),
);
const EnablePosPage = lazyScreen(() =>
  import('../features/access/auth/token-pages').then((m) => ({ default: m.EnablePosPage })),
);
const OneTimeCodePage = lazyScreen(() =>
  import('../features/access/auth/one-time-code-page').then((m) => ({ default: m.OneTimeCodePage })),
);
const ChoosePasswordPage = lazyScreen(() =>
  import('../features/access/auth/password-pages').then((m) => ({ default: m.ChoosePasswordPage })),
);
const ForgotPasswordPage = lazyScreen(() =>
  import('../features/access/auth/password-pages').then((m) => ({ default: m.ForgotPasswordPage })),
);
const AdminLayout = lazy(() => import('./admin-layout').then((m) => ({ default: m.AdminLayout })));
const OverviewPage = lazyScreen(() => import('./overview-page').then((m) => ({ default: m.OverviewPage })));
const ChooseEventPage = lazy(() =>
  import('../features/events/events/choose-event-page').then((m) => ({ default: m.ChooseEventPage })),
);

function Root() {
  const router = useRouter();
  useEffect(() => {
    setNavigator(
      (to) => void router.navigate({ to }),
      () => router.state.location.pathname,
    );
  }, [router]);
  // A refusal of the guard is told once the app is on screen (on a first load the guard runs before
  // the dialogs exist), after the redirect has landed.
  useEffect(() => {
    showRefusal();
    return router.subscribe('onResolved', showRefusal);
  }, [router]);
  return (
    <>
      <LoadingBar />
      <Outlet />
    </>
  );
}

const rootRoute = createRootRoute({ component: Root, notFoundComponent: NotFoundPage });

/** '/' : a signed-in user goes to /admin, anyone else to sign-in (01-console §2). */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: session.get().token ? '/admin' : '/auth/login' });
  },
});

const authRoute = createRoute({ getParentRoute: () => rootRoute, path: '/auth', component: Outlet });
const authIndex = createRoute({
  getParentRoute: () => authRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/auth/login' });
  },
});
const loginRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'login',
  component: LoginPage,
  beforeLoad: () => {
    const s = session.get();
    if (s.token && s.user && !s.user.mustChangePassword) throw redirect({ to: '/admin' });
  },
});
const changePasswordRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'change-password',
  component: ChangePasswordPage,
  validateSearch: (s: Record<string, unknown>): { expired?: number } => (s.expired ? { expired: 1 } : {}),
  beforeLoad: () => {
    if (!session.get().token) throw redirect({ to: '/auth/login' });
  },
});
const scheduleRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'schedule',
  component: SchedulePage,
  validateSearch: (s: Record<string, unknown>) => ({
    apiScheduleToken: s.apiScheduleToken ? String(s.apiScheduleToken) : undefined,
  }),
});
const posRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'enable-uber-auth',
  component: EnablePosPage,
  validateSearch: (s: Record<string, unknown>) => ({
    code: s.code ? String(s.code) : undefined,
    state: s.state ? String(s.state) : undefined,
  }),
});
/** The link mailed to a user's new address (an address change is confirmed from it). */
const confirmEmailRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'confirm-email',
  component: ConfirmEmailPage,
  validateSearch: (s: Record<string, unknown>) => ({ token: s.token ? String(s.token) : undefined }),
});
const forgotRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'forgot',
  component: ForgotPasswordPage,
});
/** An invitation or password-reset link from an e-mail. */
const choosePasswordRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'password',
  component: ChoosePasswordPage,
  validateSearch: (s: Record<string, unknown>) => ({ token: s.token ? String(s.token) : undefined }),
});
/** The user's own one-time code (from the user menu, or first when an administrator requires it). */
const oneTimeCodeRoute = createRoute({
  getParentRoute: () => authRoute,
  path: 'one-time-code',
  component: OneTimeCodePage,
  beforeLoad: () => {
    if (!session.get().token) throw redirect({ to: '/auth/login' });
  },
});
const authCatchAll = createRoute({
  getParentRoute: () => authRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/auth/login' });
  },
});

/** /admin needs a signed-in user whose password needs no change. */
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: AdminLayout,
  beforeLoad: () => {
    const s = session.get();
    if (!s.token || !s.user) throw redirect({ to: '/' });
    if (s.user.mustChangePassword) throw redirect({ to: '/auth/change-password' });
    if (s.user.otpSetupRequired) throw redirect({ to: '/auth/one-time-code' });
  },
});
const overviewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: OverviewPage,
  beforeLoad: () => {
    if (!session.get().event)
      throw redirect({ to: '/admin/choose-event/$state', params: { state: 'active' } });
  },
});
const chooseIndex = createRoute({
  getParentRoute: () => adminRoute,
  path: 'choose-event',
  beforeLoad: () => {
    throw redirect({ to: '/admin/choose-event/$state', params: { state: 'active' } });
  },
});
const chooseRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'choose-event/$state',
  validateSearch: chooserSearch,
  component: function Chooser() {
    const { state } = chooseRoute.useParams();
    const search = chooseRoute.useSearch();
    return <ChooseEventPage state={state} search={search} />;
  },
});

/** The no-access refusal waiting to be shown (see `Root`). */
let refusal = false;
function showRefusal() {
  if (!refusal) return;
  refusal = false;
  errorDialog(i18n.t('dialogs.noAccessTitle'), [i18n.t('errors.forbidden')]);
}

/**
 * The guard of one console route (01-console §6): a selected event when the rule is event-scoped,
 * valid trusts for non-admins (else they are cleared and the user chooses the event again), then
 * the rule itself (else the no-access dialog of 01-console §8, and back to '/').
 */
export async function guardRoute(id: RouteId) {
  const s = session.get();
  const rule = ROUTES[id];
  if (rule.event && !s.event) {
    notifyError(i18n.t('errors.eventNotSelected'));
    throw redirect({ to: '/admin/choose-event/$state', params: { state: 'active' } });
  }
  if (rule.event && s.user && !isAdminUser(s.user) && trustsExpired(s)) {
    session.clearTrusts();
    notifyError(i18n.t('errors.tokenEventTrustsExpired'));
    throw redirect({ to: '/admin/choose-event/$state', params: { state: 'active' } });
  }
  if (!can(s, id) && !(await grantedSince(id))) {
    // 01-console §8: the no-access dialog, then home.
    refusal = true;
    throw redirect({ to: '/' });
  }
}

/**
 * The trusts a non-admin holds were read when the event was chosen (or when a refusal made the console
 * ask again): a screen they do not name may have been granted since (a role edited, a code given).
 * Before refusing it, the console asks the server once for the user's access in the event and keeps
 * the answer, so the menu and the guard follow what is granted now, both ways.
 */
async function grantedSince(id: RouteId) {
  const s = session.get();
  if (!s.event || !s.user || isAdminUser(s.user)) return false;
  try {
    const { token } = await api.get<{ token: string }>(`/event/trusts/${s.event.id}`, { silent: true });
    session.selectEvent(s.event, token);
  } catch {
    return false;
  }
  return can(session.get(), id);
}

const screenRoutes = (Object.keys(SCREENS) as RouteId[]).map((id) =>
  createRoute({
    getParentRoute: () => adminRoute,
    path: ROUTES[id].path,
    component: SCREENS[id]!,
    beforeLoad: () => guardRoute(id),
  }),
);
// Each tab of a tabbed screen has its own address (PATH_TABS), the screen's own rule guarding it.
const tabRoutes = (Object.entries(PATH_TABS) as [RouteId, Record<string, string>][]).flatMap(([id, tabs]) =>
  Object.values(tabs).map((tab) =>
    createRoute({
      getParentRoute: () => adminRoute,
      path: `${ROUTES[id].path}/${tab}`,
      component: SCREENS[id]!,
      beforeLoad: () => guardRoute(id),
    }),
  ),
);
const adminNotFound = createRoute({ getParentRoute: () => adminRoute, path: '$', component: NotFoundPage });

/** Any other top-level path goes to auth. */
const topCatchAll = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/auth/login' });
  },
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  authRoute.addChildren([
    authIndex,
    loginRoute,
    changePasswordRoute,
    scheduleRoute,
    posRoute,
    confirmEmailRoute,
    forgotRoute,
    choosePasswordRoute,
    oneTimeCodeRoute,
    authCatchAll,
  ]),
  adminRoute.addChildren([
    overviewRoute,
    chooseIndex,
    chooseRoute,
    ...screenRoutes,
    ...tabRoutes,
    adminNotFound,
  ]),
  topCatchAll,
]);

export const router = createRouter({ routeTree, defaultPreload: false, scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
