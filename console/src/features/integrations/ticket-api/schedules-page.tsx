import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  TICKET_INTERVAL_MAX,
  TICKET_INTERVAL_MIN,
  type TicketSchedule,
  TicketScheduleSave,
  type TicketScheduleSave as TicketScheduleSaveInput,
} from '@pulsera/contracts';
import { IconDownload, IconMailForward, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmDelete, notifySuccess } from '../../../components/dialogs';
import { applyServerErrors, formResolver } from '../../../lib/form';
import { dayjs } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { listRols, rolKeys } from '../../catalogue';
import {
  deleteSchedule,
  listKeys,
  listProducts,
  listResellers,
  listSchedules,
  resendVerification,
  runSchedule,
  saveSchedule,
  ticketApiKeys,
} from './api';

type Values = TicketScheduleSaveInput & { token?: string };

const empty = (): Values => ({
  name: '',
  platform: 'pretix',
  baseUrl: 'https://pretix.eu',
  organizer: '',
  platformEvent: '',
  token: '',
  mappings: [],
  intervalMinutes: 15,
  enabled: 1,
  reportEmail: '',
});
const valuesOf = (s: TicketSchedule): Values => ({
  id: s.id,
  name: s.name,
  platform: s.platform,
  baseUrl: s.baseUrl,
  organizer: s.organizer,
  platformEvent: s.platformEvent,
  token: '',
  mappings: s.mappings,
  intervalMinutes: s.intervalMinutes,
  enabled: s.enabled === 1 ? 1 : 0,
  reportEmail: s.reportEmail ?? '',
});

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

  const products = useQuery({
    queryKey: ticketApiKeys.products(current?.id ?? 0),
    queryFn: () => listProducts(current!.id),
    enabled: false,
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
  const productOptions = (products.data ?? []).map((p) => ({
    value: `${p.item}:${p.variation ?? ''}`,
    label: `${p.name} (#${p.item}${p.variation !== null ? `/${p.variation}` : ''})`,
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('ticketApi.schedules.title')}</Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setSelected('new')}
          data-testid="schedule-new"
        >
          {t('ticketApi.schedules.new')}
        </Button>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder padding="xs">
            <Table highlightOnHover data-testid="schedules-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ticketApi.schedules.fields.name')}</Table.Th>
                  <Table.Th>{t('ticketApi.schedules.lastRun')}</Table.Th>
                  <Table.Th>{t('ticketApi.schedules.fields.intervalMinutes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(schedules.data ?? []).map((s) => (
                  <Table.Tr
                    key={s.id}
                    onClick={() => setSelected(s.id)}
                    style={{ cursor: 'pointer' }}
                    bg={s.id === selected ? 'var(--mantine-color-blue-light)' : undefined}
                  >
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>
                      {s.lastRun ? (
                        <Badge
                          variant="light"
                          color={
                            s.lastRun.status === 'done'
                              ? 'teal'
                              : s.lastRun.status === 'failed'
                                ? 'red'
                                : 'blue'
                          }
                        >
                          {t(`ticketApi.runs.status.${s.lastRun.status}`)}
                        </Badge>
                      ) : (
                        '–'
                      )}
                    </Table.Td>
                    <Table.Td>{s.enabled ? s.intervalMinutes : t('ticketApi.schedules.off')}</Table.Td>
                  </Table.Tr>
                ))}
                {schedules.data?.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={3}>
                      <Text size="sm" c="dimmed">
                        {t('ticketApi.schedules.none')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {selected !== null && (
            <Card withBorder padding="md">
              <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
                <Stack gap="sm">
                  {current?.lastRun && (
                    <Alert
                      color={current.lastRun.status === 'failed' ? 'red' : 'blue'}
                      title={t('ticketApi.schedules.lastRun')}
                      data-testid="schedule-last-run"
                    >
                      {t('ticketApi.runs.summary', {
                        status: t(`ticketApi.runs.status.${current.lastRun.status}`),
                        when: dayjs(current.lastRun.startedAt).format('D MMM YYYY, HH:mm'),
                        created: current.lastRun.created,
                        updated: current.lastRun.updated,
                        cancelled: current.lastRun.cancelled,
                        issues: current.lastRun.issues,
                      })}
                      {current.lastRun.error ? ` — ${current.lastRun.error}` : ''}
                    </Alert>
                  )}
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
                            loading={resend.isPending}
                            onClick={() => resend.mutate(current.id)}
                          >
                            {t('ticketApi.schedules.resend')}
                          </Button>
                        )}
                      </Group>
                    </Grid.Col>
                  </Grid>

                  <Group justify="space-between" mt="sm">
                    <Text fw={500}>{t('ticketApi.schedules.mappings')}</Text>
                    <Group gap="xs">
                      {current && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconDownload size={14} />}
                          loading={products.isFetching}
                          onClick={() => products.refetch()}
                          data-testid="schedule-products"
                        >
                          {t('ticketApi.schedules.loadProducts')}
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlus size={14} />}
                        onClick={() =>
                          mappings.append({ item: 0, variation: null, roleId: 0, resellerId: null })
                        }
                        data-testid="mapping-add"
                      >
                        {t('ticketApi.schedules.addMapping')}
                      </Button>
                    </Group>
                  </Group>
                  {products.isError && <Alert color="red">{t('ticketApi.schedules.productsFailed')}</Alert>}
                  {mappings.fields.map((f, i) => (
                    <Group key={f.id} align="flex-start" gap="xs" wrap="nowrap" data-testid={`mapping-${i}`}>
                      <Controller
                        control={form.control}
                        name={`mappings.${i}`}
                        render={({ field }) =>
                          productOptions.length ? (
                            <Select
                              style={{ flex: 2 }}
                              label={i === 0 ? t('ticketApi.schedules.product') : undefined}
                              data={productOptions}
                              searchable
                              value={`${field.value.item}:${field.value.variation ?? ''}`}
                              onChange={(v) => {
                                if (!v) return;
                                const [item, variation] = v.split(':');
                                field.onChange({
                                  ...field.value,
                                  item: Number(item),
                                  variation: variation ? Number(variation) : null,
                                });
                              }}
                              data-testid={`mapping-product-${i}`}
                            />
                          ) : (
                            <Group style={{ flex: 2 }} gap="xs" wrap="nowrap">
                              <NumberInput
                                label={i === 0 ? t('ticketApi.schedules.item') : undefined}
                                min={0}
                                allowDecimal={false}
                                value={field.value.item}
                                onChange={(v) => field.onChange({ ...field.value, item: Number(v) || 0 })}
                                error={err(`mappings.${i}.item`)}
                                data-testid={`mapping-item-${i}`}
                              />
                              <NumberInput
                                label={i === 0 ? t('ticketApi.schedules.variation') : undefined}
                                min={0}
                                allowDecimal={false}
                                value={field.value.variation ?? ''}
                                onChange={(v) =>
                                  field.onChange({ ...field.value, variation: v === '' ? null : Number(v) })
                                }
                              />
                            </Group>
                          )
                        }
                      />
                      <Controller
                        control={form.control}
                        name={`mappings.${i}.roleId`}
                        render={({ field }) => (
                          <Select
                            style={{ flex: 1 }}
                            label={i === 0 ? t('ticketApi.schedules.role') : undefined}
                            data={rolOptions}
                            value={field.value ? String(field.value) : null}
                            onChange={(v) => field.onChange(v ? Number(v) : 0)}
                            error={err(`mappings.${i}.roleId`)}
                            data-testid={`mapping-role-${i}`}
                          />
                        )}
                      />
                      <Controller
                        control={form.control}
                        name={`mappings.${i}.resellerId`}
                        render={({ field }) => (
                          <Select
                            style={{ flex: 1 }}
                            label={i === 0 ? t('ticketApi.reseller.mappingReseller') : undefined}
                            data={resellerOptions}
                            clearable
                            value={field.value ? String(field.value) : null}
                            onChange={(v) => field.onChange(v ? Number(v) : null)}
                            error={err(`mappings.${i}.resellerId`)}
                            data-testid={`mapping-reseller-${i}`}
                          />
                        )}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={i === 0 ? 26 : 4}
                        onClick={() => mappings.remove(i)}
                        aria-label={t('ticketApi.schedules.removeMapping')}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  ))}

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
