import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  Group,
  PasswordInput,
  ScrollArea,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { SALES_PERIODS, type SalesPush, type SalesSchedule, SalesScheduleSave } from '@pulsera/contracts';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateTimeField } from '../../../components/date-fields';
import { notifySuccess } from '../../../components/dialogs';
import { CheckboxField, errorMessageAt, SelectField, TextField } from '../../../components/form-fields';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import { formatMoney, useEventCurrency } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import {
  deleteSchedule,
  listPushes,
  listSchedules,
  reloadPeriod,
  salesApiKeys,
  saveSchedule,
  startAuthorization,
} from './api';

const P = 'salesApi.schedules';
const FormSchema = SalesScheduleSave.omit({ id: true, updatedAt: true });
type Values = z.input<typeof FormSchema>;
type Extra = { redirectUri: string };

async function load() {
  const res = await listSchedules();
  return { rows: res.schedules, extra: { redirectUri: res.redirectUri } as Extra };
}

/** The client secret: write-only (an empty field keeps the stored one). */
function SecretField({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<Values>();
  const { errors } = useFormState({ control: form.control, name: 'clientSecret' });
  return (
    <PasswordInput
      {...form.register('clientSecret')}
      label={t(`${P}.fields.clientSecret`)}
      description={isSet ? t(`${P}.secretKept`) : t(`${P}.secretNeeded`)}
      placeholder={isSet ? '••••••••' : ''}
      autoComplete="new-password"
      error={translateMessage(t, errorMessageAt(errors, 'clientSecret'))}
      data-testid="field-clientSecret"
    />
  );
}

const statusColor = { sent: 'green', retrying: 'orange', failed: 'red', pending: 'gray' } as const;

/** The authorisation with the platform: its state, and the way to (re)authorise. */
function AuthorizationPanel({ row, redirectUri }: { row: SalesSchedule; redirectUri: string }) {
  const { t } = useTranslation();
  const { event } = useSession();
  const go = useMutation({
    mutationFn: () => startAuthorization(row.id),
    onSuccess: (res) => window.location.assign(res.url),
  });
  return (
    <Stack gap="xs" data-testid="sales-authorization">
      <Group justify="space-between">
        <Text fw={600}>{t(`${P}.authorization`)}</Text>
        {row.authStatus === 'authorized' ? (
          <Badge color="green" variant="light" data-testid="sales-auth-status">
            {t(`${P}.authStatus.authorized`)}
          </Badge>
        ) : (
          <Badge
            color={row.authStatus === 'expired' ? 'orange' : 'gray'}
            variant="light"
            data-testid="sales-auth-status"
          >
            {t(`${P}.authStatus.${row.authStatus}`)}
          </Badge>
        )}
      </Group>
      {row.authorizedAt && (
        <Text size="sm" c="dimmed">
          {t(`${P}.authorizedBy`, {
            who: row.authorizedByEmail ?? '—',
            when: formatDateTime(row.authorizedAt, event?.zona_horaria),
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t(`${P}.redirectHelp`)} <Code>{redirectUri}</Code>
      </Text>
      <Group>
        <Button
          size="xs"
          leftSection={<IconExternalLink size={14} />}
          loading={go.isPending || go.isSuccess}
          onClick={() => go.mutate()}
          data-testid="sales-authorize"
        >
          {row.authStatus === 'none' ? t(`${P}.authorize`) : t(`${P}.reauthorize`)}
        </Button>
      </Group>
    </Stack>
  );
}

/** The push history of the schedule: each period and location, sent or failed, with its attempts. */
function PushHistory({ row }: { row: SalesSchedule }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { event } = useSession();
  const currency = useEventCurrency('financial');
  const pushes = useQuery({
    queryKey: salesApiKeys.pushes(row.id),
    queryFn: () => listPushes(row.id),
    refetchInterval: 4000,
  });
  const resend = useMutation({
    mutationFn: (p: { periodStart?: string; locationId?: number }) =>
      reloadPeriod({ scheduleId: row.id, ...p }),
    onSuccess: async () => {
      notifySuccess(t(`${P}.queued`));
      await qc.invalidateQueries({ queryKey: salesApiKeys.all });
    },
  });
  const tz = event?.zona_horaria;
  const rows = pushes.data ?? [];
  const period = (p: SalesPush) =>
    `${formatDateTime(p.periodStart, tz)} – ${formatDateTime(p.periodEnd, tz).slice(-5)}`;
  return (
    <Stack gap="xs" data-testid="sales-history">
      <Group justify="space-between">
        <Text fw={600}>{t(`${P}.history`)}</Text>
        <Tooltip label={t(`${P}.sendLastHelp`)}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            disabled={row.authStatus !== 'authorized' || row.locations.length === 0}
            loading={resend.isPending && !resend.variables?.periodStart}
            onClick={() => resend.mutate({})}
            data-testid="sales-send-last"
          >
            {t(`${P}.sendLast`)}
          </Button>
        </Tooltip>
      </Group>
      {row.locations.length === 0 && (
        <Alert color="yellow" variant="light">
          {t(`${P}.noLocations`)}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${P}.noPushes`)}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          <Table withTableBorder fz="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${P}.push.period`)}</Table.Th>
                <Table.Th>{t(`${P}.push.location`)}</Table.Th>
                <Table.Th ta="right">{t(`${P}.push.amount`)}</Table.Th>
                <Table.Th ta="right">{t(`${P}.push.orders`)}</Table.Th>
                <Table.Th>{t(`${P}.push.status`)}</Table.Th>
                <Table.Th ta="right">{t(`${P}.push.attempts`)}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id} data-testid="sales-push-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{period(p)}</Table.Td>
                  <Table.Td>
                    {p.locationName}
                    <Text size="xs" c="dimmed">
                      {p.storeId}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(p.amount, currency, currentLanguage())}
                  </Table.Td>
                  <Table.Td ta="right">{p.orders}</Table.Td>
                  <Table.Td>
                    <Tooltip
                      label={p.sentAt ? formatDateTime(p.sentAt, tz) : t(`${P}.pushStatus.${p.status}`)}
                    >
                      <Badge
                        color={statusColor[p.status]}
                        variant="light"
                        style={{ flexShrink: 0, overflow: 'visible' }}
                        data-testid="sales-push-status"
                      >
                        {t(`${P}.pushStatus.${p.status}`)}
                      </Badge>
                    </Tooltip>
                    {p.lastError && (
                      <Text
                        size="xs"
                        c="red"
                        data-testid="sales-push-error"
                        style={{ wordBreak: 'break-word' }}
                      >
                        {p.lastError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{p.attempts}</Table.Td>
                  <Table.Td>
                    <Tooltip label={t(`${P}.resend`)}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t(`${P}.resend`)}
                        disabled={row.authStatus !== 'authorized'}
                        onClick={() =>
                          resend.mutate({ periodStart: p.periodStart, locationId: p.locationId })
                        }
                        data-testid="sales-push-resend"
                      >
                        <IconRefresh size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function ScheduleForm({ row, extra }: ResourceFormProps<SalesSchedule, Values, Extra>) {
  const { t } = useTranslation();
  return (
    <Stack>
      <TextField<Values> name="name" required maxLength={120} />
      <TextField<Values>
        name="authorizeUrl"
        required
        maxLength={500}
        placeholder="https://pos.example.com/oauth/authorize"
      />
      <TextField<Values>
        name="tokenUrl"
        required
        maxLength={500}
        placeholder="https://pos.example.com/oauth/token"
      />
      <TextField<Values>
        name="apiBaseUrl"
        required
        maxLength={500}
        placeholder="https://api.pos.example.com/v1"
      />
      <Group grow align="start">
        <TextField<Values> name="clientId" required maxLength={200} />
        <SecretField isSet={!!row?.clientSecretSet} />
      </Group>
      <TextField<Values> name="scope" maxLength={500} description={t(`${P}.scopeHelp`)} />
      <Group grow align="start">
        <SelectField<Values>
          name="period"
          data={SALES_PERIODS.map((p) => ({ value: p, label: t(`${P}.periods.${p}`) }))}
          description={t(`${P}.periodHelp`)}
        />
        <DateTimeField<Values> name="startAt" />
      </Group>
      <CheckboxField<Values> name="enabled" />
      {row && <AuthorizationPanel row={row} redirectUri={extra?.redirectUri ?? ''} />}
      {row && <PushHistory row={row} />}
    </Stack>
  );
}

function AuthBadge({ row }: { row: SalesSchedule }) {
  const { t } = useTranslation();
  const color = row.authStatus === 'authorized' ? 'green' : row.authStatus === 'expired' ? 'orange' : 'gray';
  return (
    <Badge color={color} variant="light">
      {t(`${P}.authStatus.${row.authStatus}`)}
    </Badge>
  );
}

function PeriodCell({ row }: { row: SalesSchedule }) {
  const { t } = useTranslation();
  return <>{t(`${P}.periods.${row.period}`)}</>;
}

function PushesCell({ row }: { row: SalesSchedule }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color="green" variant="light">
        {t(`${P}.sentCount`, { count: row.pushes.sent })}
      </Badge>
      {row.pushes.failed > 0 && (
        <Badge color="red" variant="light">
          {t(`${P}.failedCount`, { count: row.pushes.failed })}
        </Badge>
      )}
    </Group>
  );
}

function EnabledCell({ row }: { row: SalesSchedule }) {
  const { t } = useTranslation();
  return <>{row.enabled ? t(`${P}.yes`) : t(`${P}.no`)}</>;
}

const definition: ResourceDefinition<SalesSchedule, Values, Extra> = {
  prefix: P,
  queryKey: salesApiKeys.list(),
  load,
  rowKey: (r) => r.id,
  listSpan: 3,
  columns: [
    { key: 'name' },
    { key: 'period', render: (r) => <PeriodCell row={r} />, collapse: true },
    { key: 'enabled', render: (r) => <EnabledCell row={r} />, width: 90, collapse: true },
    { key: 'authStatus', render: (r) => <AuthBadge row={r} /> },
    { key: 'pushes', render: (r) => <PushesCell row={r} />, collapse: true },
  ],
  schema: FormSchema as unknown as z.ZodType<Values, Values>,
  empty: () => ({
    name: '',
    authorizeUrl: '',
    tokenUrl: '',
    apiBaseUrl: '',
    clientId: '',
    clientSecret: '',
    scope: '',
    period: 'hour',
    startAt: null,
    enabled: true,
  }),
  toValues: (r) => ({
    name: r.name,
    authorizeUrl: r.authorizeUrl,
    tokenUrl: r.tokenUrl,
    apiBaseUrl: r.apiBaseUrl,
    clientId: r.clientId,
    clientSecret: '',
    scope: r.scope,
    period: r.period,
    startAt: r.startAt,
    enabled: r.enabled,
  }),
  save: (v, row) => saveSchedule({ ...v, id: row?.id, updatedAt: row?.updatedAt }),
  remove: (r) => deleteSchedule(r.id),
  reselectAfterSave: (saved, _v, rows) => rows.find((r) => r.id === (saved as { id: number }).id),
  serverFields: { prefix: 'schedule.' },
  matches: (r, text) => r.name.toLowerCase().includes(text),
  Form: ScheduleForm,
};

/** admin/api-sales/schedules (permission api): the event's sales pushed to a platform. */
export default function SalesSchedulesPage() {
  return <ResourceScreen def={definition} />;
}
