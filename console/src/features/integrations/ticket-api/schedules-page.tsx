import { Alert, Button, Card, Grid, Group, Stack, Title } from '@mantine/core';
import { type ExternalProduct, TicketScheduleSave } from '@pulsera/contracts';
import { IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmDelete, notifySuccess } from '../../../components/dialogs';
import { applyServerErrors, formResolver } from '../../../lib/form';
import { dayjs } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { listRols, rolKeys } from '../../catalogue';
import {
  deleteSchedule,
  listKeys,
  listResellers,
  listSchedules,
  previewProducts,
  resendVerification,
  runSchedule,
  saveSchedule,
  ticketApiKeys,
} from './api';
import { ScheduleConnectionFields } from './schedule-connection-fields';
import { ScheduleMappings } from './schedule-mappings';
import { empty, productChoices, type Values, valuesOf } from './schedule-values';
import { SchedulesTable } from './schedules-table';

/**
 * admin/api-ticket/schedules (permission api): the event's imports from its ticketing platform —
 * the connection (the token is write-only), which products make which ticket roles, how often, and
 * the verified address that receives each import's report; run now, and the last run's figures.
 */
export default function TicketSchedulesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const schedules = useQuery({
    queryKey: ticketApiKeys.schedules(),
    queryFn: listSchedules,
    refetchInterval: 5000,
  });
  const rols = useQuery({ queryKey: rolKeys.all, queryFn: listRols });
  const resellers = useQuery({ queryKey: listKeys.resellers(), queryFn: listResellers });
  const resellerOptions = (resellers.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  // The products read from the platform for this form (kept when a new schedule is saved).
  const [loaded, setLoaded] = useState<ExternalProduct[] | null>(null);
  const choose = (s: number | 'new' | null) => {
    setLoaded(null);
    setSelected(s);
  };
  const current = typeof selected === 'number' ? schedules.data?.find((s) => s.id === selected) : undefined;

  const form = useForm<Values>({
    resolver: formResolver<Values>(TicketScheduleSave),
    defaultValues: empty(),
  });
  const mappings = useFieldArray({ control: form.control, name: 'mappings' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another schedule is chosen
  useEffect(() => {
    form.reset(current ? valuesOf(current) : empty());
  }, [selected, current?.updatedAt]);

  const [baseUrl, organizer, platformEvent, token] = form.watch([
    'baseUrl',
    'organizer',
    'platformEvent',
    'token',
  ]);
  /** The connection is filled in: the platform's products can be read. */
  const canLoad =
    !!baseUrl?.trim() &&
    !!organizer?.trim() &&
    !!platformEvent?.trim() &&
    (!!token?.trim() || !!current?.hasToken);
  const products = useMutation({
    mutationFn: () => {
      const v = form.getValues();
      form.clearErrors(['baseUrl', 'organizer', 'platformEvent', 'token']);
      return previewProducts({
        id: current?.id,
        platform: v.platform,
        baseUrl: v.baseUrl,
        organizer: v.organizer,
        platformEvent: v.platformEvent,
        token: v.token?.trim() || undefined,
      });
    },
    onSuccess: setLoaded,
    onError: (e) => applyServerErrors(e, form.setError, 'schedule.'),
  });
  const err = (path: string) => {
    const e = path
      .split('.')
      .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], form.formState.errors) as
      | { message?: string }
      | undefined;
    return e?.message ? translateMessage(t, e.message) : undefined;
  };
  const refresh = () => qc.invalidateQueries({ queryKey: ticketApiKeys.all });

  const save = useMutation({
    mutationFn: (v: Values) => saveSchedule({ ...v, token: v.token?.trim() ? v.token : undefined }),
    onSuccess: async (r) => {
      notifySuccess(r.verificationSent ? t('ticketApi.schedules.verificationSent') : undefined);
      setSelected(r.schedule.id);
      await refresh();
    },
    onError: (e) => applyServerErrors(e, form.setError, 'schedule.'),
  });
  const run = useMutation({
    mutationFn: (id: number) => runSchedule(id),
    onSuccess: async () => {
      notifySuccess(t('ticketApi.schedules.runQueued'));
      await refresh();
    },
  });
  const resend = useMutation({
    mutationFn: (id: number) => resendVerification(id),
    onSuccess: () => notifySuccess(t('ticketApi.schedules.verificationSent')),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteSchedule(id),
    onSuccess: async () => {
      notifySuccess();
      setSelected(null);
      await refresh();
    },
  });

  const rolOptions = (rols.data?.rols ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const productOptions = productChoices(
    loaded ?? current?.products ?? [],
    form.watch('mappings') ?? [],
    (id) => t('ticketApi.schedules.productUnknown', { id }),
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('ticketApi.schedules.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => choose('new')} data-testid="schedule-new">
          {t('ticketApi.schedules.new')}
        </Button>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <SchedulesTable schedules={schedules.data} selected={selected} onSelect={choose} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {selected !== null && (
            <Card withBorder padding="md">
              <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
                <Stack gap="sm">
                  {current?.lastRun && (
                    <Alert
                      color={
                        current.lastRun.status === 'failed'
                          ? 'red'
                          : current.lastRun.retrying
                            ? 'orange'
                            : 'blue'
                      }
                      title={t('ticketApi.schedules.lastRun')}
                      data-testid="schedule-last-run"
                    >
                      {t('ticketApi.runs.summary', {
                        status: t(
                          `ticketApi.runs.status.${current.lastRun.retrying ? 'retrying' : current.lastRun.status}`,
                        ),
                        when: dayjs(current.lastRun.startedAt).format('D MMM YYYY, HH:mm'),
                        created: t('ticketApi.runs.created', { count: current.lastRun.created }),
                        updated: t('ticketApi.runs.updated', { count: current.lastRun.updated }),
                        cancelled: t('ticketApi.runs.cancelled', { count: current.lastRun.cancelled }),
                        issues: t('ticketApi.runs.issues', { count: current.lastRun.issues }),
                      })}
                      {current.lastRun.error ? ` — ${current.lastRun.error}` : ''}
                    </Alert>
                  )}
                  <ScheduleConnectionFields
                    form={form}
                    current={current}
                    err={err}
                    resending={resend.isPending}
                    onResend={(id) => resend.mutate(id)}
                  />

                  <ScheduleMappings
                    form={form}
                    mappings={mappings}
                    err={err}
                    canLoad={canLoad}
                    productsLoading={products.isPending}
                    onLoadProducts={() => products.mutate()}
                    productOptions={productOptions}
                    rolOptions={rolOptions}
                    resellerOptions={resellerOptions}
                  />

                  <Group justify="space-between" mt="md">
                    <Group gap="xs">
                      <Button type="submit" loading={save.isPending} data-testid="schedule-save">
                        {t('common.save')}
                      </Button>
                      {current && (
                        <Button
                          variant="light"
                          leftSection={<IconPlayerPlay size={16} />}
                          loading={run.isPending}
                          onClick={() => run.mutate(current.id)}
                          data-testid="schedule-run"
                        >
                          {t('ticketApi.schedules.runNow')}
                        </Button>
                      )}
                    </Group>
                    {current && (
                      <Button
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={async () => (await confirmDelete()) && remove.mutate(current.id)}
                      >
                        {t('common.delete')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </form>
            </Card>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
