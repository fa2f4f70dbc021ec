import { Alert, Anchor, Button, PasswordInput, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type LoginValues, loginProblems } from '@pulsera/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { handleApiError } from '../../../lib/error-dialogs';
import { formFieldErrors } from '../../../lib/form-values';
import { translateMessage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { login } from './api';
import { AuthLayout } from './auth-layout';

type Field = keyof LoginValues;
type Errors = Partial<Record<Field, string>>;

/**
 * The sign-in form's state, in plain React (the sign-in page's first load carries neither zod nor
 * react-hook-form, issue 31). Its checks are the rules of `LoginRequest` without zod
 * (contracts/src/login-rules.ts), which the server applies. As the other forms: checked when sent,
 * then each field again as it changes; the first field in error takes the focus.
 */
function useLoginForm() {
  const values = useRef<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const sent = useRef(false);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const fields = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const problemsOf = (v: LoginValues): Errors =>
    Object.fromEntries(loginProblems(v).map((p) => [p.path, p.message]));

  /** Sets a field's value; once the form was sent, the field is checked again (its server error goes). */
  const set = (name: Field, value: string | undefined) => {
    values.current = { ...values.current, [name]: value };
    if (sent.current) setErrors((e) => ({ ...e, [name]: problemsOf(values.current)[name] }));
    rerender();
  };
  /** Checks every field; answers the values when the form may be sent. */
  const check = (): LoginValues | null => {
    sent.current = true;
    const found = problemsOf(values.current);
    setErrors(found);
    const first = (Object.keys(fields.current) as Field[]).find((f) => found[f] && fields.current[f]);
    if (first) fields.current[first]?.focus();
    return Object.keys(found).length ? null : values.current;
  };
  const ref = (name: Field) => (el: HTMLInputElement | null) => {
    fields.current[name] = el;
  };
  return { values: values.current, errors, setErrors, set, check, ref };
}

/** auth/login: e-mail and password; when the server answers 532, a single one-time code field. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [otpMode, setOtpMode] = useState(false);
  // In the one-time code step: a recovery code instead of the authenticator's code.
  const [recoveryMode, setRecoveryMode] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useLoginForm();
  const msg = (m?: string) => translateMessage(t, m);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const values = form.check();
    if (!values) return;
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
      const fieldErrors = formFieldErrors(e);
      if (fieldErrors) {
        form.setErrors((was) => ({
          ...was,
          ...Object.fromEntries(fieldErrors.map((f) => [f.path, f.message])),
        }));
        return;
      }
      if (e.code === 1002 || e.code === 1012) {
        // The code field shown is emptied (the other one stays unchecked).
        if (form.values.otp !== undefined) form.set('otp', '');
        if (form.values.recoveryCode !== undefined) form.set('recoveryCode', '');
      }
      if (e.status === 401 || e.status === 429) setFailure(e.description);
      else handleApiError(e, {});
    } finally {
      setBusy(false);
    }
  };

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
                ref={form.ref('recoveryCode')}
                value={form.values.recoveryCode ?? ''}
                onChange={(e) => form.set('recoveryCode', e.currentTarget.value)}
                error={msg(form.errors.recoveryCode)}
                data-testid="recovery-code"
              />
              <Button type="submit" loading={busy}>
                {t('auth.verify')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setRecoveryMode(false);
                  form.set('recoveryCode', undefined);
                }}
              >
                {t('auth.useAuthenticator')}
              </Button>
            </>
          ) : otpMode ? (
            <>
              <Text size="sm">{t('auth.otpHelp')}</Text>
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                autoFocus
                aria-label={t('auth.otp')}
                value={form.values.otp ?? ''}
                onChange={(v) => form.set('otp', v)}
                onComplete={() => void submit()}
                error={!!form.errors.otp}
                data-testid="otp"
              />
              {form.errors.otp && (
                <Text c="red" size="sm">
                  {msg(form.errors.otp)}
                </Text>
              )}
              <Button type="submit" loading={busy}>
                {t('auth.verify')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setRecoveryMode(true);
                  form.set('otp', undefined);
                }}
                data-testid="use-recovery-code"
              >
                {t('auth.useRecoveryCode')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setOtpMode(false);
                  form.set('otp', undefined);
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
                ref={form.ref('email')}
                value={form.values.email}
                onChange={(e) => form.set('email', e.currentTarget.value)}
                error={msg(form.errors.email)}
              />
              <PasswordInput
                label={t('auth.password')}
                autoComplete="current-password"
                ref={form.ref('password')}
                value={form.values.password}
                onChange={(e) => form.set('password', e.currentTarget.value)}
                error={msg(form.errors.password)}
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
