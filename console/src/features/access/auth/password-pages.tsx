import { Alert, Anchor, Button, List, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { email as emailSchema, passwordProblems } from '@pulsera/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { formResolver } from '../../../lib/form';
import { translateMessage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { choosePassword, forgotPassword, passwordTokenInfo } from './api';
import { AuthLayout } from './auth-layout';

/** auth/forgot: "Forgot your password?" The answer is the same whether or not the address exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const form = useForm<{ email: string }>({
    resolver: formResolver(z.object({ email: emailSchema() })),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(async ({ email }) => {
    await forgotPassword(email);
    setSent(true);
  });
  return (
    <AuthLayout title={t('auth.forgotTitle')}>
      {sent ? (
        <Stack>
          <Alert color="teal" data-testid="forgot-sent">
            {t('auth.forgotSent')}
          </Alert>
          <Anchor component={Link} to="/auth/login" size="sm" ta="center">
            {t('auth.backToSignIn')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('auth.forgotHelp')}</Text>
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="username"
              autoFocus
              {...form.register('email')}
              error={translateMessage(t, form.formState.errors.email?.message)}
            />
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('auth.sendLink')}
            </Button>
            <Anchor component={Link} to="/auth/login" size="sm" ta="center">
              {t('auth.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

/** The new-password fields with the policy's problems listed under them (shared by two pages). */
export function usePasswordForm(
  user: () => { email?: string; name?: string } | undefined,
  withCurrent = false,
) {
  const schema = z
    .object({ currentPassword: z.string(), newPassword: z.string(), repeat: z.string() })
    .superRefine((v, ctx) => {
      if (withCurrent && !v.currentPassword)
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'validation.required' });
      for (const message of passwordProblems(v.newPassword, user())) {
        ctx.addIssue({ code: 'custom', path: ['newPassword'], message });
      }
      if (v.newPassword !== v.repeat)
        ctx.addIssue({ code: 'custom', path: ['repeat'], message: 'validation.passwordsMatch' });
    });
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: formResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
    criteriaMode: 'all',
  });
  /** Server field errors (policy, common password, wrong current password) onto their fields. */
  const placeServerErrors = (e: unknown) => {
    if (!(e instanceof ApiError) || !e.fields.length) return false;
    const current = e.fields.filter((f) => f.path === 'currentPassword');
    const rest = e.fields.filter((f) => f.path !== 'currentPassword');
    if (current.length) form.setError('currentPassword', { type: 'server', message: current[0]!.message });
    if (rest.length)
      form.setError('newPassword', { type: 'server', message: rest.map((f) => f.message).join('\n') });
    return true;
  };
  return { form, placeServerErrors };
}

export function NewPasswordFields({
  form,
  withCurrent = false,
}: {
  form: ReturnType<typeof usePasswordForm>['form'];
  withCurrent?: boolean;
}) {
  const { t } = useTranslation();
  const errors = form.formState.errors.newPassword;
  const messages = errors?.types
    ? Object.values(errors.types).flatMap((m) => (Array.isArray(m) ? m : [m]))
    : errors?.message
      ? [errors.message]
      : [];
  return (
    <>
      {withCurrent && (
        <PasswordInput
          label={t('auth.currentPassword')}
          autoComplete="current-password"
          autoFocus
          {...form.register('currentPassword')}
          error={translateMessage(t, form.formState.errors.currentPassword?.message)}
        />
      )}
      <PasswordInput
        label={t('auth.newPassword')}
        autoComplete="new-password"
        autoFocus={!withCurrent}
        {...form.register('newPassword')}
        error={messages.length > 0}
      />
      {messages.length > 0 && (
        <List size="sm" c="red" data-testid="password-problems">
          {messages
            .flatMap((m) => String(m).split('\n'))
            .map((m) => (
              <List.Item key={m}>{translateMessage(t, m)}</List.Item>
            ))}
        </List>
      )}
      <PasswordInput
        label={t('auth.repeatPassword')}
        autoComplete="new-password"
        {...form.register('repeat')}
        error={translateMessage(t, form.formState.errors.repeat?.message)}
      />
      <Alert color="gray" variant="light">
        {t('auth.policy')}
      </Alert>
    </>
  );
}

/** auth/password?token: an invitation or reset link; the user chooses the password, then signs in. */
export function ChoosePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSearch({ strict: false }) as { token?: string };
  const info = useQuery({
    queryKey: ['password-token', token],
    queryFn: () => passwordTokenInfo(String(token)),
    enabled: !!token,
    retry: false,
  });
  const [done, setDone] = useState(false);
  const { form, placeServerErrors } = usePasswordForm(() => info.data);
  const submit = form.handleSubmit(async (v) => {
    try {
      await choosePassword(String(token), v.newPassword);
      // A session of this account open in this browser ended with the reset: forget it quietly, so the
      // sign-in that follows is not met by its "session has expired" (issue 27 item 10).
      const open = session.get().user;
      if (open && open.email.toLowerCase() === info.data?.email.toLowerCase()) session.signOut();
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && e.code === 1003) return void info.refetch();
      placeServerErrors(e);
    }
  });
  const title = info.data?.purpose === 'reset' ? t('auth.resetTitle') : t('auth.invitationTitle');
  return (
    <AuthLayout title={title}>
      {!token || info.isError ? (
        <Stack>
          <Alert color="red" data-testid="token-invalid">
            {t('errors.invalidToken')}
          </Alert>
          <Anchor component={Link} to="/auth/forgot" size="sm" ta="center">
            {t('auth.forgotPassword')}
          </Anchor>
        </Stack>
      ) : !info.data ? (
        <Loader mx="auto" />
      ) : done ? (
        <Stack>
          <Alert color="teal" data-testid="password-chosen">
            {t('auth.passwordChosen')}
          </Alert>
          <Button onClick={() => void navigate({ to: '/auth/login' })}>{t('auth.signIn')}</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('auth.chooseFor', { name: info.data.name, email: info.data.email })}</Text>
            <NewPasswordFields form={form} />
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('auth.savePassword')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
