import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { scheduleIdOfState } from '@pulsera/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enableTokens } from '../../integrations';
import { confirmEmail, enableSchedule } from './api';
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

/** auth/confirm-email?token: a user's new address, confirmed from that address; then to sign-in. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSearch({ strict: false }) as { token?: string };
  useOnce(() => {
    const done = (email: string | null) => {
      notifications.show({
        color: email ? 'teal' : 'red',
        message: email ? t('auth.emailChanged', { email }) : t('errors.invalidToken'),
        autoClose: 8000,
      });
      void navigate({ to: '/auth/login' });
    };
    if (!token) return done(null);
    confirmEmail(String(token)).then(
      (r) => done(r.email),
      () => done(null),
    );
  });
  return <Working title={t('auth.verifyingEmail')} />;
}

/**
 * auth/enable-uber-auth?code&state: the sales platform's authorisation callback (OAuth 2). The state
 * names its schedule (`<scheduleId>.<random>`); the code and the state go to
 * POST /api-server/sales-schedule/tokens with the signed-in user's session, which checks the state is
 * this user's, for that schedule, unused and unexpired. Success shows 'synchronization enabled',
 * any failure 'Error activating synchronization'; both go to sign-in by themselves after a moment (a
 * signed-in user goes on to the console from there), and a missing code or state goes there at once.
 */
/** How long the POS authorisation result shows before the page goes to sign-in by itself. */
const POS_RESULT_MS = 5000;

export function EnablePosPage() {
  const { t } = useTranslation();
  const { code, state } = useSearch({ strict: false }) as { code?: string; state?: string };
  const navigate = useNavigate();
  const [result, setResult] = useState<'working' | 'enabled' | 'failed'>('working');
  const [name, setName] = useState('');
  useOnce(() => {
    // 01-console §4: with either parameter missing there is nothing to enable: straight to sign-in.
    if (!code || !state) {
      void navigate({ to: '/auth/login', replace: true });
      return;
    }
    const scheduleId = scheduleIdOfState(String(state));
    if (!scheduleId) {
      setResult('failed');
      return;
    }
    enableTokens(scheduleId, String(code), String(state)).then(
      (res) => {
        setName(res.name);
        setResult('enabled');
      },
      () => setResult('failed'),
    );
  });
  // The result stays readable a moment, then the page goes to sign-in by itself (01-console §4).
  useEffect(() => {
    if (result === 'working') return;
    const timer = setTimeout(() => void navigate({ to: '/auth/login', replace: true }), POS_RESULT_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);
  if (result === 'working') return <Working title={t('auth.enablingSync')} />;
  return (
    <AuthLayout title={t('auth.salesSyncTitle')}>
      {result === 'enabled' ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="sync-result">
          {t('auth.syncEnabled')}
          {name && (
            <Text size="sm" mt={4}>
              {name}
            </Text>
          )}
        </Alert>
      ) : (
        <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="sync-result">
          {t('errors.enablePosTokenError')}
        </Alert>
      )}
      <Button component={Link} to="/auth/login" variant="light" data-testid="sync-back">
        {t('auth.backToSignIn')}
      </Button>
    </AuthLayout>
  );
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
