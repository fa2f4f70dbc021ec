import { Alert, Button, List, PasswordInput, Stack } from '@mantine/core';
import { passwordProblems } from '@pulsera/contracts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { formResolver } from '../../lib/form';
import { translateMessage } from '../../lib/i18n';
import { session, useSession } from '../../lib/session';
import { changePassword } from './api';
import { AuthLayout } from './auth-layout';

const Schema = z.object({ newPassword: z.string(), repeat: z.string() }).superRefine((v, ctx) => {
  for (const message of passwordProblems(v.newPassword, session.get().user ?? undefined)) {
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message });
  }
  if (v.newPassword !== v.repeat)
    ctx.addIssue({ code: 'custom', path: ['repeat'], message: 'validation.passwordsMatch' });
});
type Values = z.infer<typeof Schema>;

/** auth/change-password: forced when the password expired or was never changed (01-console §4). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const search = useSearch({ strict: false }) as { expired?: number };
  const form = useForm<Values>({
    resolver: formResolver(Schema),
    defaultValues: { newPassword: '', repeat: '' },
    criteriaMode: 'all',
  });
  const errors = form.formState.errors.newPassword;
  const messages = errors?.types
    ? Object.values(errors.types).flatMap((m) => (Array.isArray(m) ? m : [m]))
    : errors?.message
      ? [errors.message]
      : [];

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await changePassword(values.newPassword);
      session.signIn(res.user, res.token);
      await navigate({ to: '/admin' });
    } catch (e) {
      if (e instanceof ApiError && e.fields.length) {
        form.setError('newPassword', { type: 'server', message: e.fields.map((f) => f.message).join('\n') });
      }
    }
  });

  const neverChanged = user?.neverChangedPassword && !search.expired;
  return (
    <AuthLayout title={t('auth.changePasswordTitle')}>
      {neverChanged ? (
        <Alert color="blue" data-testid="password-info">
          {t('errors.mustChangePassword')}
        </Alert>
      ) : (
        <Alert color="red" data-testid="password-expired">
          {t('errors.passwordExpired')}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('auth.newPassword')}
            autoComplete="new-password"
            autoFocus
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
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('auth.changePassword')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              session.signOut();
              void navigate({ to: '/auth/login' });
            }}
          >
            {t('auth.signOut')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
