/**
 * The connection fields of a ticket import schedule: name, platform address, organizer, event, token
 * (write-only), interval, enabled, and the report address with its verification.
 */
import { Badge, Button, Grid, Group, NumberInput, PasswordInput, Switch, TextInput } from '@mantine/core';
import { TICKET_INTERVAL_MAX, TICKET_INTERVAL_MIN, type TicketSchedule } from '@pulsera/contracts';
import { IconMailForward } from '@tabler/icons-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Values } from './schedule-values';

export function ScheduleConnectionFields({
  form,
  current,
  err,
  resending,
  onResend,
}: {
  form: UseFormReturn<Values>;
  /** The saved schedule; absent for a new one. */
  current: TicketSchedule | undefined;
  /** The translated error at a path of the form. */
  err: (path: string) => string | undefined;
  resending: boolean;
  onResend: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput
          label={t('ticketApi.schedules.fields.name')}
          withAsterisk
          {...form.register('name')}
          error={err('name')}
          data-testid="schedule-name"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput
          label={t('ticketApi.schedules.fields.baseUrl')}
          description={t('ticketApi.schedules.baseUrlHint')}
          withAsterisk
          {...form.register('baseUrl')}
          error={err('baseUrl')}
          data-testid="schedule-base-url"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput
          label={t('ticketApi.schedules.fields.organizer')}
          withAsterisk
          {...form.register('organizer')}
          error={err('organizer')}
          data-testid="schedule-organizer"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput
          label={t('ticketApi.schedules.fields.platformEvent')}
          withAsterisk
          {...form.register('platformEvent')}
          error={err('platformEvent')}
          data-testid="schedule-event"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <PasswordInput
          label={t('ticketApi.schedules.fields.token')}
          description={current?.hasToken ? t('ticketApi.schedules.tokenKept') : undefined}
          withAsterisk={!current}
          autoComplete="off"
          {...form.register('token')}
          error={err('token')}
          data-testid="schedule-token"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Controller
          control={form.control}
          name="intervalMinutes"
          render={({ field }) => (
            <NumberInput
              label={t('ticketApi.schedules.fields.intervalMinutes')}
              min={TICKET_INTERVAL_MIN}
              max={TICKET_INTERVAL_MAX}
              allowDecimal={false}
              value={field.value}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : Number(v))}
              error={err('intervalMinutes')}
            />
          )}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('ticketApi.schedules.fields.enabled')}
              checked={field.value === 1}
              onChange={(e) => field.onChange(e.currentTarget.checked ? 1 : 0)}
            />
          )}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <Group align="flex-end" gap="xs">
          <TextInput
            style={{ flex: 1 }}
            label={t('ticketApi.schedules.fields.reportEmail')}
            {...form.register('reportEmail')}
            error={err('reportEmail')}
            data-testid="schedule-email"
            rightSectionWidth={110}
            rightSection={
              current?.reportEmail ? (
                <Badge
                  size="sm"
                  color={current.reportEmailVerified ? 'teal' : 'yellow'}
                  data-testid="schedule-email-state"
                >
                  {current.reportEmailVerified
                    ? t('ticketApi.schedules.verified')
                    : t('ticketApi.schedules.unverified')}
                </Badge>
              ) : undefined
            }
          />
          {current?.reportEmail && !current.reportEmailVerified && (
            <Button
              variant="light"
              leftSection={<IconMailForward size={16} />}
              loading={resending}
              onClick={() => onResend(current.id)}
            >
              {t('ticketApi.schedules.resend')}
            </Button>
          )}
        </Group>
      </Grid.Col>
    </Grid>
  );
}
