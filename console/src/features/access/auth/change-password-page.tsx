import { Alert, Button, Stack } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/dialogs';
import { session, useSession } from '../../../lib/session';
import { changePassword } from './api';
import { AuthLayout } from './auth-layout';
import { NewPasswordFields, usePasswordForm } from './password-pages';

/**
 * auth/change-password: forced when the password expired or was never changed (01-console §4), or
 * chosen from the user menu; a voluntary change asks the current password.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const search = useSearch({ strict: false }) as { expired?: number };
  const forced = !!search.expired || !!user?.mustChangePassword;
  const { form, placeServerErrors } = usePasswordForm(() => session.get().user ?? undefined, !forced);

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await changePassword(values.newPassword, forced ? undefined : values.currentPassword);
      session.signIn(res.user, res.token);
      if (!forced) notifySuccess();
      await navigate({ to: res.user.otpSetupRequired ? '/auth/one-time-code' : '/admin' });
    } catch (e) {
      placeServerErrors(e);
    }
  });

  const neverChanged = user?.neverChangedPassword && !search.expired;
  return (
    <AuthLayout title={t('auth.changePasswordTitle')}>
      {!forced ? null : neverChanged ? (
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
          <NewPasswordFields form={form} withCurrent={!forced} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('auth.changePassword')}
          </Button>
          {forced ? (
            <Button
              variant="subtle"
              onClick={() => {
                session.signOut();
                void navigate({ to: '/auth/login' });
              }}
            >
              {t('auth.signOut')}
            </Button>
          ) : (
            <Button variant="subtle" onClick={() => void navigate({ to: '/admin' })}>
              {t('auth.backToConsole')}
            </Button>
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
}
