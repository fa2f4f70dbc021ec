import {
  AppShell,
  Burger,
  Button,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { APP_VERSION } from '@pulsera/contracts';
import {
  IconCalendarEvent,
  IconChevronDown,
  IconHome,
  IconKey,
  IconLogout,
  IconShieldLock,
} from '@tabler/icons-react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../components/language-select';
import { session, useSession } from '../lib/session';
import { navigation, screenPath } from './screens';

/** The admin shell: navigation limited to what the user may open, the current event, language, version. */
export function AdminLayout() {
  const { t } = useTranslation();
  const s = useSession();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useRouterState({ select: (r) => r.location.pathname });
  const groups = navigation(s);

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
            active={pathname.startsWith('/admin/choose-event')}
            onClick={close}
          />
          {s.event && (
            <NavLink
              component={Link}
              to="/admin"
              label={t('nav.overview')}
              leftSection={<IconHome size={16} />}
              active={pathname === '/admin' || pathname === '/admin/'}
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
                  active={pathname.startsWith(screenPath(id))}
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
        <Suspense fallback={<Stack />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
