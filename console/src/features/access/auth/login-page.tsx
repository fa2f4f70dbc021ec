import { Alert, Anchor, Button, PasswordInput, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type LoginValues, loginProblems } from '@pulsera/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { handleApiError } from '../../../lib/error-dialogs';
import { applyServerErrors } from '../../../lib/form-values';
import { translateMessage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { login } from './api';
import { AuthLayout } from './auth-layout';

/**
 * The sign-in form's checks: the rules of `LoginRequest` without zod (contracts/src/login-rules.ts),
 * so the sign-in page's first load does not carry zod (issue 17); the server applies LoginRequest.
 */
const loginResolver: Resolver<LoginValues> = async (values) => {
  const problems = loginProblems(values);
  if (!problems.length) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(problems.map((p) => [p.path, { type: 'validate', message: p.message }])),
  };
};

/** auth/login: e-mail and password; when the server answers 532, a single one-time code field. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [otpMode, setOtpMode] = useState(false);
  // In the one-time code step: a recovery code instead of the authenticator's code.
  const [recoveryMode, setRecoveryMode] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const msg = (m?: string) => translateMessage(t, m);

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      const base = { email: values.email, password: values.password };
      const res = await login(
        !otpMode
          ? base
          : recoveryMode
            ? { ...base, recoveryCode: values.recoveryCode }
            : { ...base, otp: values.otp },
      );
      session.signIn(res.user, res.token);
      // A notice of an earlier session ("The session has expired") says nothing about this one.
      notifications.clean();
      if (res.user.mustChangePassword) {
        await navigate({ to: '/auth/change-password' });
      } else if (res.user.otpSetupRequired) {
        await navigate({ to: '/auth/one-time-code' });
      } else {
        await navigate({ to: '/admin' });
      }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.code === 532) {
        setOtpMode(true);
        return;
      }
      if (e.status === 403 && e.code === 418) {
        // Password expired: the answer's token only changes the password.
        if (e.body.token) session.setToken(e.body.token);
        navigate({ to: '/auth/change-password', search: { expired: 1 } });
        return;
      }
      if (applyServerErrors(e, form.setError)) return;
      if (e.code === 1002 || e.code === 1012) {
        form.setValue('otp', '');
        form.setValue('recoveryCode', '');
      }
      if (e.status === 401 || e.status === 429) setFailure(e.description);
      else handleApiError(e, {});
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout title={otpMode ? t('auth.otpTitle') : t('auth.loginTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" data-testid="login-error">
              {failure}
            </Alert>
          )}
          {otpMode && recoveryMode ? (
            <>
              <Text size="sm">{t('auth.recoveryHelp')}</Text>
              <TextInput
                label={t('auth.recoveryCode')}
                autoComplete="one-time-code"
                autoFocus
                {...form.register('recoveryCode')}
                error={msg(form.formState.errors.recoveryCode?.message)}
                data-testid="recovery-code"
              />
              <Button type="submit" loading={busy}>
                {t('auth.verify')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setRecoveryMode(false);
                  form.setValue('recoveryCode', undefined);
                }}
              >
                {t('auth.useAuthenticator')}
              </Button>
            </>
          ) : otpMode ? (
            <>
              <Text size="sm">{t('auth.otpHelp')}</Text>
              <Controller
                name="otp"
                control={form.control}
                render={({ field }) => (
                  <PinInput
                    length={6}
                    type="number"
                    oneTimeCode
                    autoFocus
                    aria-label={t('auth.otp')}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onComplete={() => void submit()}
                    error={!!form.formState.errors.otp}
                    data-testid="otp"
                  />
                )}
              />
              {form.formState.errors.otp && (
                <Text c="red" size="sm">
                  {msg(form.formState.errors.otp.message)}
                </Text>
              )}
              <Button type="submit" loading={busy}>
                {t('auth.verify')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setRecoveryMode(true);
                  form.setValue('otp', undefined);
                }}
                data-testid="use-recovery-code"
              >
                {t('auth.useRecoveryCode')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setOtpMode(false);
                  form.setValue('otp', undefined);
                }}
              >
                {t('common.back')}
              </Button>
            </>
          ) : (
            <>
              <TextInput
                label={t('auth.email')}
                type="email"
                autoComplete="username"
                autoFocus
                {...form.register('email')}
                error={msg(form.formState.errors.email?.message)}
              />
              <PasswordInput
                label={t('auth.password')}
                autoComplete="current-password"
                {...form.register('password')}
                error={msg(form.formState.errors.password?.message)}
              />
              <Button type="submit" loading={busy}>
                {t('auth.signIn')}
              </Button>
              <Anchor component={Link} to="/auth/forgot" size="sm" ta="center">
                {t('auth.forgotPassword')}
              </Anchor>
            </>
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
}
