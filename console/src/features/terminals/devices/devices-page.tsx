import { Badge, Checkbox, Group, NumberInput, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { DEVICE_TYPES, DeviceForm, type FleetAnswer, type FleetDevice } from '@pulsera/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateTimeField } from '../../../components/date-fields';
import {
  CheckboxField,
  SelectField,
  Switch01Field,
  TextAreaField,
  TextField,
} from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { showSecretKey } from '../../../components/secret-key-dialog';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { deleteDevice, deviceKeys, type FleetFilters, fleet, saveDevice } from './api';

type Values = z.output<typeof DeviceForm>;

const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

const tz = () => session.get().event?.zona_horaria;

/** Without a "silent for more than" filter, a terminal is flagged silent after this many minutes. */
export const SILENT_FLAG_MINUTES = 30;
/** The fleet list reloads this often while shown (live, without reloading the page). */
export const FLEET_REFRESH_MS = 15_000;

const hours = (minutes: number) =>
  minutes >= 120
    ? i18n.t('devices.fleet.hours', { count: Math.floor(minutes / 60) })
    : i18n.t('devices.fleet.minutes', { count: minutes });

function LastContact({ row, threshold }: { row: FleetDevice; threshold: number }) {
  if (row.silentMinutes === null)
    return (
      <Text size="xs" c="red" fw={700} data-testid="flag-never">
        {i18n.t('devices.fleet.never')}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text size="sm">{formatDateTime(row.lastContact, tz())}</Text>
      {row.silentMinutes > threshold && (
        <Text size="xs" c="red" fw={700} data-testid="flag-silent">
          {i18n.t('devices.fleet.silentFor', { time: hours(row.silentMinutes) })}
        </Text>
      )}
    </Stack>
  );
}

function AppVersion({ row }: { row: FleetDevice }) {
  if (!row.appVersion) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{row.appVersion}</Text>
      {row.appChannel === 'development' && (
        <Tooltip label={i18n.t('devices.fleet.channelDevelopmentHint')}>
          <Badge color="grape" variant="light" data-testid="channel-development">
            {i18n.t('devices.fleet.channelDevelopment')}
          </Badge>
        </Tooltip>
      )}
      {row.outdated === true && (
        <Tooltip label={i18n.t('devices.fleet.latest', { version: row.latestAppVersion })}>
          <Badge color="orange" variant="light" data-testid="flag-outdated">
            {i18n.t('devices.fleet.outdated')}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * admin/status/devices (02-catalogue §3 Device; permission dispositivos_generales): the terminals of
 * the selected event with their fleet health, reloaded every 15 s: last contact (flagged when silent),
 * app version (flagged when older than the latest of its channel), operations today, the operations it
 * says it still holds, the gaps in its sequence numbers and whether it holds the latest banned-wristband
 * list; filtered by the bar above (kept in the address). The device form is the event's side of the
 * registry: the secret key is made by the server (never typed), shown once; a saved device may ask
 * for a new one.
 */
function fleetDefinition(filters: FleetFilters): ResourceDefinition<FleetDevice, Values, FleetAnswer> {
  const threshold = filters.silentMinutes ?? SILENT_FLAG_MINUTES;
  return {
    prefix: 'devices',
    queryKey: deviceKeys.fleet(filters),
    load: async () => {
      const answer = await fleet(filters);
      return { rows: answer.devices, extra: answer };
    },
    refetchInterval: FLEET_REFRESH_MS,
    invalidates: [deviceKeys.all],
    rowKey: (r) => r.id,
    columns: [
      { key: 'n_serie' },
      { key: 'type', collapse: true, render: (r) => i18n.t(`devices.types.${r.type}`) },
      { key: 'lastContact', render: (r) => <LastContact row={r} threshold={threshold} /> },
      { key: 'appVersion', render: (r) => <AppVersion row={r} /> },
      { key: 'operationsToday' },
      { key: 'pendingOperations', collapse: true, render: (r) => r.pendingOperations ?? '—' },
      {
        key: 'missingOperations',
        render: (r) =>
          r.missingOperations > 0 ? (
            <Text size="sm" c="red" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="flag-gap">
              {i18n.t('devices.fleet.missing', { count: r.missingOperations })}
            </Text>
          ) : (
            <Tick on />
          ),
      },
      {
        key: 'banListCurrent',
        render: (r) =>
          r.banListCurrent ? (
            <Tick on />
          ) : (
            <Text size="sm" c="orange.8" fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="flag-banlist">
              {i18n.t('devices.fleet.banListOld')}
            </Text>
          ),
      },
      { key: 'configured', collapse: true, render: (r) => <Tick on={r.configured === 1} /> },
      { key: 'dateInactive', collapse: true, render: (r) => formatDateTime(r.dateInactive, tz()) },
    ],
    schema: DeviceForm as unknown as z.ZodType<Values, Values>,
    empty: () => ({
      n_serie: '',
      model: '',
      description: '',
      notes: '',
      type: 'PDA',
      owner: '',
      dateInactive: null,
      configured: 0,
      regenerateKey: false,
    }),
    toValues: (r) => ({
      n_serie: r.n_serie,
      model: r.model ?? '',
      description: r.description ?? '',
      notes: r.notes ?? '',
      type: r.type,
      owner: r.owner ?? '',
      dateInactive: r.dateInactive,
      configured: r.configured,
      regenerateKey: false,
    }),
    save: async (v, row) => {
      const saved = await saveDevice({ ...v, id: row?.id, regenerateKey: v.regenerateKey ?? false });
      if (saved.secretKey) showSecretKey(saved.secretKey);
      return saved;
    },
    remove: (r) => deleteDevice(r.id),
    matches: (r, text) =>
      `${r.n_serie} ${r.model ?? ''} ${r.description ?? ''} ${r.owner ?? ''}`.toLowerCase().includes(text),
    // The counter follows the search box too: filtered of total.
    aboveList: ({ shown, extra }) => <FleetFilterBar shown={shown.length} answer={extra} />,
    Form: ({ row }) => <DeviceFields saved={!!row} />,
  };
}

/** The fleet filters, kept in the address (so a view can be bookmarked and shared). */
function useFleetFilters(): [FleetFilters, (next: FleetFilters) => void] {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const filters = useMemo<FleetFilters>(() => {
    const silent = Number(search.silent);
    return {
      ...(Number.isInteger(silent) && silent >= 1 && silent <= 100_000 ? { silentMinutes: silent } : {}),
      ...(search.outdated === 1 ? { outdated: 1 } : {}),
      ...(search.gaps === 1 ? { gaps: 1 } : {}),
      ...(search.banList === 1 ? { banListMissing: 1 } : {}),
    } as FleetFilters;
  }, [search.silent, search.outdated, search.gaps, search.banList]);
  const set = (f: FleetFilters) =>
    void navigate({
      search: {
        ...(f.silentMinutes ? { silent: f.silentMinutes } : {}),
        ...(f.outdated ? { outdated: 1 } : {}),
        ...(f.gaps ? { gaps: 1 } : {}),
        ...(f.banListMissing ? { banList: 1 } : {}),
      } as never,
      replace: true,
    });
  return [filters, set];
}

function FleetFilterBar({ shown, answer }: { shown: number; answer: FleetAnswer | undefined }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useFleetFilters();
  const flag = (key: 'outdated' | 'gaps' | 'banListMissing', testId: string) => (
    <Checkbox
      label={t(`devices.fleet.filters.${key}`)}
      checked={filters[key] === 1}
      onChange={(e) => setFilters({ ...filters, [key]: e.currentTarget.checked ? 1 : undefined })}
      data-testid={testId}
    />
  );
  return (
    <Group justify="space-between" align="flex-end" data-testid="fleet-filters">
      <Group align="flex-end" gap="md">
        <NumberInput
          label={t('devices.fleet.filters.silent')}
          placeholder={t('devices.fleet.filters.any')}
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          w={250}
          value={filters.silentMinutes ?? ''}
          onChange={(v) => {
            const n = typeof v === 'number' ? v : Number.NaN;
            setFilters({ ...filters, silentMinutes: Number.isInteger(n) && n >= 1 ? n : undefined });
          }}
          data-testid="fleet-silent"
        />
        {flag('outdated', 'fleet-outdated')}
        {flag('gaps', 'fleet-gaps')}
        {flag('banListMissing', 'fleet-banlist')}
      </Group>
      {answer && (
        <Text size="xs" c="dimmed" data-testid="fleet-count">
          {t('devices.fleet.count', {
            shown,
            count: answer.total,
            time: formatDateTime(answer.now, tz()),
          })}
        </Text>
      )}
    </Group>
  );
}

function DeviceFields({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  const types = DEVICE_TYPES.map((value) => ({ value, label: t(`devices.types.${value}`) }));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField<Values> name="n_serie" required maxLength={64} />
        <SelectField<Values> name="type" data={types} />
        <TextField<Values> name="model" maxLength={100} />
        <TextField<Values> name="owner" maxLength={100} />
      </SimpleGrid>
      <TextField<Values> name="description" maxLength={200} />
      <TextAreaField<Values> name="notes" rows={2} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimeField<Values> name="dateInactive" />
        <Switch01Field<Values> name="configured" />
      </SimpleGrid>
      {saved ? (
        <Stack gap={4}>
          <CheckboxField<Values> name="regenerateKey" />
          <Text size="xs" c="dimmed">
            {t('devices.keyHintEdit')}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="device-key-made">
          {t('devices.keyHintNew')}
        </Text>
      )}
    </Stack>
  );
}

export default function DevicesPage() {
  const [filters] = useFleetFilters();
  const def = useMemo(() => fleetDefinition(filters), [filters]);
  return <ResourceScreen def={def} />;
}
