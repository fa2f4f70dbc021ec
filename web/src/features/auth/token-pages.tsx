import { Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { enablePos, enableSchedule } from './api';
import { AuthLayout } from './auth-layout';

function useOnce(fn: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    fn();
  });
}

/** auth/schedule?apiScheduleToken: verifies a ticket-schedule e-mail, then back to sign-in. */
export function SchedulePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { apiScheduleToken } = useSearch({ strict: false }) as { apiScheduleToken?: string };
  useOnce(() => {
    const done = (ok: boolean) => {
      notifications.show({
        color: ok ? 'teal' : 'red',
        message: ok ? t('auth.emailVerified') : t('errors.invalidToken'),
        autoClose: 8000,
      });
      void navigate({ to: '/auth/login' });
    };
    if (!apiScheduleToken) return done(false);
    enableSchedule(String(apiScheduleToken)).then(
      () => done(true),
      () => done(false),
    );
  });
  return <Working title={t('auth.verifyingEmail')} />;
}

/** auth/enable-uber-auth?code&state: the point-of-sale authorisation callback. */
export function EnablePosPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { code, state } = useSearch({ strict: false }) as { code?: string; state?: string };
  useOnce(() => {
    if (!code || !state) {
      void navigate({ to: '/auth/login' });
      return;
    }
    enablePos(String(code), String(state)).then(
      () => {
        notifications.show({ color: 'teal', message: t('auth.syncEnabled'), autoClose: 8000 });
        void navigate({ to: '/auth/login' });
      },
      () => {
        notifications.show({ color: 'red', message: t('errors.invalidToken'), autoClose: 8000 });
        void navigate({ to: '/auth/login' });
      },
    );
  });
  return <Working title={t('auth.enablingSync')} />;
}

function Working({ title }: { title: string }) {
  return (
    <AuthLayout title={title}>
      <Stack align="center">
        <Loader />
        <Text size="sm" c="dimmed">
          {title}
        </Text>
      </Stack>
    </AuthLayout>
  );
}
