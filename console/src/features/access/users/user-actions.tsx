import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ConsoleUser } from '@pulsera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, notifySuccess } from '../../../components/dialogs';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { resetOtp, resetPassword, sendInvitation, userKeys } from './api';

const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The actions on a saved user: invitation again, password reset, one-time code reset. On a user above
 * the actor (the server refuses them) they are disabled, with the reason beside them; a refusal that
 * comes all the same (the user was raised meanwhile) is the generic dialog, never an uncaught error.
 */
export function UserActions({ row, above }: { row: ConsoleUser; above: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (name: string, ask: boolean, work: () => Promise<unknown>) => {
    if (
      ask &&
      !(await confirm({
        title: t(`config.users.actions.${name}`),
        text: t(`config.users.actions.${name}Confirm`, { email: row.email }),
        confirm: t('dialogs.yes'),
        cancel: t('dialogs.no'),
        danger: true,
      }))
    )
      return;
    setBusy(name);
    try {
      await work();
      notifySuccess(t(`config.users.actions.${name}Done`, { email: row.email }));
      await qc.invalidateQueries({ queryKey: userKeys.all });
    } catch (e) {
      // The API client has shown the refusal (lib/error-dialogs.tsx); the list shows what is now true.
      if (!(e instanceof ApiError)) throw e;
      await qc.invalidateQueries({ queryKey: userKeys.all });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={6}>
      <SimpleGrid cols={2} spacing="xs">
        <Text size="sm" c="dimmed">
          {t('config.users.fields.lastSignInAt')}
        </Text>
        <Text size="sm" data-testid="user-last-sign-in">
          {row.lastSignInAt ? formatDateTime(row.lastSignInAt, TZ) : t('config.users.never')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('config.users.fields.otpEnabled')}
        </Text>
        <Text size="sm" data-testid="user-otp-enabled">
          {row.otpEnabled ? t('dialogs.yes') : t('dialogs.no')}
        </Text>
      </SimpleGrid>
      <Group gap="xs">
        {row.invitationPending && (
          <Button
            size="xs"
            variant="light"
            loading={busy === 'invitation'}
            disabled={above}
            onClick={() => void act('invitation', false, () => sendInvitation(row.id))}
            data-testid="user-invite-again"
          >
            {t('config.users.actions.invitation')}
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          color="orange"
          loading={busy === 'reset'}
          disabled={above}
          onClick={() => void act('reset', true, () => resetPassword(row.id))}
          data-testid="user-reset-password"
        >
          {t('config.users.actions.reset')}
        </Button>
        {row.otpEnabled && (
          <Button
            size="xs"
            variant="light"
            color="orange"
            loading={busy === 'otp'}
            disabled={above}
            onClick={() => void act('otp', true, () => resetOtp(row.id))}
          >
            {t('config.users.actions.otp')}
          </Button>
        )}
      </Group>
      {above && (
        <Text size="xs" c="dimmed" data-testid="user-actions-reason">
          {t('config.users.actions.aboveReason')}
        </Text>
      )}
    </Stack>
  );
}
