import {
  AppShell,
  Burger,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { APP_VERSION } from '@pulsera/contracts';
import {
  IconCalendarEvent,
  IconCheck,
  IconChevronDown,
  IconHome,
  IconKey,
  IconLogout,
  IconShieldLock,
} from '@tabler/icons-react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DatesLocale } from '../components/dates-locale';
import { LanguageSelect } from '../components/language-select';
import { RouteTabs } from '../components/reports/report-tabs';
import {
  type CurrencyDisplay,
  type CurrencyView,
  setCurrencyDisplay,
  useCurrencyDisplay,
  useEventCurrency,
} from '../lib/money';
import { onPath, screenPath, tabShellOf } from '../lib/screen-paths';
import { session, useSession } from '../lib/session';
import { currentScreen, navigation } from './screens';

/** The admin shell: navigation limited to what the user may open, the current event, language, version. */
export function AdminLayout() {
  const { t } = useTranslation();
  const s = useSession();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useRouterState({ select: (r) => r.location.pathname });
  const groups = navigation(s);
  // Exactly one link is current: the overview at /admin, else the screen the path is on.
  const overview = pathname === '/admin' || pathname === '/admin/';
  const current = currentScreen(pathname);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.menu')} />
            <Text fw={800} c="indigo.7" fz="lg">
              Pulsera
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconCalendarEvent size={16} />}
              component={Link}
              to="/admin/choose-event/active"
              data-testid="current-event"
            >
              {s.event ? s.event.nombre : t('nav.chooseEvent')}
            </Button>
          </Group>
          <Group wrap="nowrap">
            <LanguageSelect />
            <Menu position="bottom-end">
              <Menu.Target>
                <UnstyledButton data-testid="user-menu">
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" visibleFrom="sm">
                      {s.user?.name}
                    </Text>
                    <IconChevronDown size={14} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{s.user?.email}</Menu.Label>
                <CurrencyDisplayItems />
                <Menu.Item
                  leftSection={<IconKey size={14} />}
                  component={Link}
                  to="/auth/change-password"
                  data-testid="change-password"
                >
                  {t('auth.changePassword')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconShieldLock size={14} />}
                  component={Link}
                  to="/auth/one-time-code"
                  data-testid="one-time-code"
                >
                  {t('auth.otpSetupTitle')}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  leftSection={<IconLogout size={14} />}
                  onClick={() => {
                    session.signOut();
                    void navigate({ to: '/auth/login' });
                  }}
                  data-testid="sign-out"
                >
                  {t('auth.signOut')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section grow component={ScrollArea}>
          <NavLink
            component={Link}
            to="/admin/choose-event/active"
            label={t('nav.chooseEvent')}
            leftSection={<IconCalendarEvent size={16} />}
            active={onPath(pathname, '/admin/choose-event')}
            aria-current={onPath(pathname, '/admin/choose-event') ? 'page' : undefined}
            activeOptions={{ exact: true }}
            onClick={close}
          />
          {s.event && (
            <NavLink
              component={Link}
              to="/admin"
              label={t('nav.overview')}
              leftSection={<IconHome size={16} />}
              active={overview}
              aria-current={overview ? 'page' : undefined}
              activeOptions={{ exact: true }}
              onClick={close}
            />
          )}
          {groups.map(({ group, items }) => (
            <NavLink key={group} label={t(`nav.groups.${group}`)} defaultOpened childrenOffset={12}>
              {items.map((id) => (
                <NavLink
                  key={id}
                  component={Link}
                  to={screenPath(id)}
                  label={t(`nav.routes.${id}`)}
                  active={current === id}
                  aria-current={current === id ? 'page' : undefined}
                  activeOptions={{ exact: true }}
                  onClick={close}
                  data-testid={`nav-${id}`}
                />
              ))}
            </NavLink>
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <Text size="xs" c="dimmed" ta="center" data-testid="version">
            {t('app.version', { version: APP_VERSION })}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <DatesLocale>
          <Suspense fallback={<ScreenLoading pathname={pathname} />}>
            <Outlet />
          </Suspense>
        </DatesLocale>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * What shows while a screen's code loads: a loader, under the title and tabs of its tab shell when it
 * is a tab of one (switching tabs never blanks the shell).
 */
function ScreenLoading({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const on = tabShellOf(pathname);
  return (
    <Stack gap="md">
      {on && (
        <>
          <Title order={2}>{t(on.shell.title(on.tab))}</Title>
          <RouteTabs tabs={[...on.shell.tabs]} />
        </>
      )}
      <Center py="xl" data-testid="screen-loading">
        <Loader aria-label={t('common.loading')} />
      </Center>
    </Stack>
  );
}

/**
 * The currency display toggle (01-console §3): when the event has a local currency besides the
 * financial one, the user menu chooses which one every amount of the console is shown in.
 */
function CurrencyDisplayItems() {
  const { t } = useTranslation();
  const { event } = useSession();
  const chosen = useCurrencyDisplay();
  const local = useEventCurrency('local');
  const financial = useEventCurrency('financial');
  if (!event || (local.iso === financial.iso && local.rate === 1)) return null;
  const item = (mode: CurrencyDisplay, c: CurrencyView) => (
    <Menu.Item
      leftSection={chosen === mode ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
      onClick={() => setCurrencyDisplay(event.id, mode)}
      data-testid={`currency-${mode}`}
      aria-checked={chosen === mode}
      role="menuitemradio"
    >
      {t(`display.currency.${mode}`, { iso: `${c.iso} (${c.symbol})` })}
    </Menu.Item>
  );
  return (
    <>
      <Menu.Divider />
      <Menu.Label>{t('display.currency.label')}</Menu.Label>
      {item('local', local)}
      {item('financial', financial)}
      <Menu.Divider />
    </>
  );
}
