import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Anchor, Badge, Card, Group, Progress, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import {
  CAPACITY_LOG_MINUTES,
  type CapacityLogResult,
  type CapacityZoneResult,
  formatPercent,
  roundPercent,
  type ZoneOccupancy,
} from '@pulsera/contracts';
import { Link, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isoToWall, wallToIso } from '../../../components/date-fields';
import { notifySuccess } from '../../../components/dialogs';
import { FilterBar } from '../../../components/reports/filter-bar';
import { usePathTab } from '../../../components/reports/path-tabs';
import {
  ReportPage,
  Stat,
  StatGrid,
  useFilterInfo,
  useReport,
} from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { useReportFilter } from '../../../components/reports/use-report-filter';
import { useCan, useHasPermission } from '../../../lib/can';
import { DATE_TIME_INPUT_FORMAT, dayjs, formatDateTime, TIME_FORMAT } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { progressColor } from '../../../lib/progress';
import { PATH_TABS, screenPath } from '../../../lib/screen-paths';
import { useSession } from '../../../lib/session';
import { CAPACITY, useCapacityToggle, useSaveCapacityToggle } from './api';

const T = 'reports.capacities';
type Tab = 'zones' | 'realtime' | 'config';
/** The zones tab refreshes itself while it shows "now". */
const LIVE_REFRESH_MS = 30_000;
const LOG_REFRESH_MS = 60_000;
const COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'red.6',
  'cyan.6',
  'lime.7',
  'pink.6',
  'indigo.6',
  'yellow.7',
];

const useTz = () => useSession().event?.zona_horaria ?? 'Europe/Madrid';

/**
 * admin/reports/capacities (01-console §2): zones-access (people in each zone now, entries and exits),
 * real-time (the occupancy logged every few minutes, shown only while the event's capacity log is
 * on) and config (the log toggle and the zones' capacities). Tabs show per permission: capacity for
 * the first two, edicionDeEventos for config (docs/decisions.md, Capacities).
 */
export default function CapacitiesPage() {
  const { t } = useTranslation();
  const capacity = useHasPermission('capacity');
  const editor = useHasPermission('edicionDeEventos');
  const toggle = useCapacityToggle();
  const logOn = toggle.data?.capacityLog === 1;
  const tabs: Tab[] = [
    ...(capacity ? (['zones'] as const) : []),
    ...(capacity && logOn ? (['realtime'] as const) : []),
    ...(editor ? (['config'] as const) : []),
  ];
  // Each tab is a child address (zones-access, real-time, config); the real-time tab waits for the toggle.
  const [current, choose] = usePathTab('capacities', PATH_TABS.capacities, tabs, !toggle.isPending);

  return (
    <ReportPage title={t(`${T}.title`)}>
      <Tabs value={current ?? null} onChange={(v) => v && choose(v as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`capacity-tab-${tab}`}>
              {t(`${T}.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="zones">
          <ZonesAccessTab />
        </Tabs.Panel>
        <Tabs.Panel value="realtime">
          <RealTimeTab />
        </Tabs.Panel>
        <Tabs.Panel value="config">
          <ConfigTab />
        </Tabs.Panel>
      </Tabs>
    </ReportPage>
  );
}

const zoneLabel = (z: ZoneOccupancy, all: ZoneOccupancy[]) => {
  const parent = all.find((p) => p.id === z.idZoneParent);
  return parent ? `${parent.name} › ${z.name}` : z.name;
};
const percent = (z: ZoneOccupancy) => (z.capacity > 0 ? (z.occupancy / z.capacity) * 100 : null);

function ZonesAccessTab() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const tz = useTz();
  const search = useSearch({ strict: false }) as { tab?: string; at?: string };
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const at = search.at;
  const report = useReport<CapacityZoneResult>(CAPACITY.zone, at ? { date: at } : {}, {
    refetchInterval: at ? false : LIVE_REFRESH_MS,
  });
  const zones = report.data?.zones ?? [];
  const f = (k: string) => t(`${T}.fields.${k}`);
  const top = zones.filter((z) => z.idZoneParent === null);
  const inside = top.reduce((s, z) => s + z.occupancy, 0);
  const full = zones.filter((z) => z.capacity > 0 && z.occupancy >= z.capacity).length;
  const info: [string, string][] = [[f('at'), formatDateTime(report.data?.date, tz)]];

  const columns: ReportColumn<ZoneOccupancy>[] = [
    { key: 'zone', label: f('zone'), value: (z) => zoneLabel(z, zones) },
    {
      key: 'capacity',
      label: f('capacity'),
      value: (z) => (z.capacity > 0 ? z.capacity : f('noControl')),
    },
    { key: 'occupancy', label: f('occupancy'), value: (z) => z.occupancy },
    {
      key: 'free',
      label: f('free'),
      value: (z) => (z.capacity > 0 ? Math.max(0, z.capacity - z.occupancy) : ''),
    },
    {
      key: 'percent',
      label: f('percent'),
      value: (z) => {
        const p = percent(z);
        return p === null ? '' : roundPercent(p);
      },
      width: 160,
      render: (z) => {
        const p = percent(z);
        if (p === null) return '';
        return (
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={Math.min(100, p)}
              color={progressColor(p)}
              w={90}
              aria-label={formatPercent(p, lang)}
            />
            <Text size="sm">{formatPercent(p, lang)}</Text>
          </Group>
        );
      },
    },
    { key: 'entries', label: f('entries'), value: (z) => z.entries },
    { key: 'exits', label: f('exits'), value: (z) => z.exits },
    { key: 'deniedFull', label: f('deniedFull'), value: (z) => z.deniedFull },
    {
      key: 'since',
      label: f('since'),
      value: (z) => (z.since ? formatDateTime(z.since, tz) : f('sinceStart')),
    },
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between">
        <DateTimePicker
          label={f('at')}
          placeholder={f('now')}
          valueFormat={DATE_TIME_INPUT_FORMAT}
          timePickerProps={{ format: TIME_FORMAT }}
          clearable
          value={isoToWall(at ?? null, tz)}
          onChange={(v) => {
            const next: Record<string, unknown> = { ...search, at: wallToIso(v, tz) ?? undefined };
            if (!next.at) delete next.at;
            navigate({ to: pathname, search: next, replace: true });
          }}
          w={220}
          data-testid="capacity-at"
        />
        {!at && (
          <Badge color="teal" variant="light" data-testid="capacity-live">
            {t(`${T}.live`, { time: formatDateTime(report.data?.date, tz) })}
          </Badge>
        )}
      </Group>
      <StatGrid>
        <Stat label={f('inside')} value={inside} testId="stat-inside" />
        <Stat label={f('entries')} value={top.reduce((s, z) => s + z.entries, 0)} testId="stat-entries" />
        <Stat label={f('exits')} value={top.reduce((s, z) => s + z.exits, 0)} testId="stat-exits" />
        <Stat label={f('zonesFull')} value={full} testId="stat-full" />
      </StatGrid>
      {zones.length > 0 && (
        <Card withBorder data-testid="capacity-zones-chart">
          <Title order={4} mb="sm">
            {t(`${T}.occupancyByZone`)}
          </Title>
          <BarChart
            h={240}
            data={zones.map((z) => ({
              zone: zoneLabel(z, zones),
              occupancy: z.occupancy,
              free: z.capacity > 0 ? Math.max(0, z.capacity - z.occupancy) : 0,
            }))}
            dataKey="zone"
            type="stacked"
            withLegend
            series={[
              { name: 'occupancy', label: f('occupancy'), color: 'blue.6' },
              { name: 'free', label: f('free'), color: 'gray.3' },
            ]}
          />
        </Card>
      )}
      <ReportTable
        title={t(`${T}.zonesTable`)}
        fileName="capacity-zones"
        columns={columns}
        rows={zones}
        rowKey={(z) => z.id}
        filterInfo={info}
        loading={report.isFetching}
        testId="capacity-zones-table"
      />
    </Stack>
  );
}

interface LogRow {
  date: string;
  [zone: `z${number}`]: number | string;
}

function RealTimeTab() {
  const { t } = useTranslation();
  const tz = useTz();
  const filters = useReportFilter(['day', 'dates']);
  const info = useFilterInfo(filters);
  const report = useReport<CapacityLogResult>(CAPACITY.log, filters.query, {
    enabled: filters.ready,
    refetchInterval: LOG_REFRESH_MS,
  });
  const data = report.data;
  const f = (k: string) => t(`${T}.fields.${k}`);
  const zones = data?.zones ?? [];
  const logged = zones.filter((z) => data?.points.some((p) => p.idZone === z.id));
  const multiDay =
    !!data &&
    dayjs(data.dateStart).tz(tz).format('YYYYMMDD') !== dayjs(data.dateEnd).tz(tz).format('YYYYMMDD');
  const label = (iso: string) =>
    dayjs(iso)
      .tz(tz)
      .locale(currentLanguage())
      .format(multiDay ? 'DD/MM HH:mm' : 'HH:mm');
  const rows: LogRow[] = [];
  for (const p of data?.points ?? []) {
    let row = rows[rows.length - 1];
    if (!row || row.date !== p.date) {
      row = { date: p.date };
      rows.push(row);
    }
    row[`z${p.idZone}`] = p.occupancy;
  }
  const columns: ReportColumn<LogRow>[] = [
    { key: 'date', label: f('time'), value: (r) => formatDateTime(r.date, tz), instant: (r) => r.date },
    ...logged.map((z) => ({
      key: `z${z.id}`,
      label: z.capacity > 0 ? `${z.name} (${z.capacity})` : z.name,
      value: (r: LogRow) => r[`z${z.id}`] ?? '',
    })),
  ];
  return (
    <Stack gap="md">
      <FilterBar state={filters} />
      <Card withBorder data-testid="capacity-log-chart">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t(`${T}.logTitle`)}</Title>
          <Text size="sm" c="dimmed">
            {t(`${T}.every`, { minutes: data?.slotMinutes || CAPACITY_LOG_MINUTES })}
          </Text>
        </Group>
        {rows.length ? (
          <LineChart
            h={300}
            data={rows.map((r) => ({ ...r, time: label(r.date) }))}
            dataKey="time"
            withLegend
            curveType="monotone"
            withDots={rows.length < 40}
            series={logged.map((z, i) => ({
              name: `z${z.id}`,
              label: z.name,
              color: COLORS[i % COLORS.length]!,
            }))}
          />
        ) : (
          <Text c="dimmed" data-testid="capacity-log-empty">
            {t(`${T}.logEmpty`, { minutes: data?.slotMinutes || CAPACITY_LOG_MINUTES })}
          </Text>
        )}
      </Card>
      <ReportTable
        title={t(`${T}.logTable`)}
        fileName="capacity-log"
        columns={columns}
        rows={[...rows].reverse()}
        rowKey={(r) => r.date}
        filterInfo={info}
        loading={report.isFetching}
        testId="capacity-log-table"
      />
    </Stack>
  );
}

function ConfigTab() {
  const { t } = useTranslation();
  const toggle = useCapacityToggle();
  const save = useSaveCapacityToggle();
  const canZones = useCan('zones');
  const report = useReport<CapacityZoneResult>(CAPACITY.zone, {});
  const zones = report.data?.zones ?? [];
  const f = (k: string) => t(`${T}.fields.${k}`);
  const on = toggle.data?.capacityLog === 1;
  const columns: ReportColumn<ZoneOccupancy>[] = [
    { key: 'zone', label: f('zone'), value: (z) => zoneLabel(z, zones) },
    { key: 'capacity', label: f('capacity'), value: (z) => (z.capacity > 0 ? z.capacity : f('noControl')) },
    {
      key: 'noCheckCapacity',
      label: f('noCheckCapacity'),
      value: (z) => (z.capacity > 0 ? z.noCheckCapacity : ''),
    },
    {
      key: 'reset',
      label: f('reset'),
      value: (z) => (z.resetCapacity === 1 ? z.resetHour.slice(0, 5) : f('noReset')),
    },
  ];
  return (
    <Stack gap="md">
      <Card withBorder>
        <Switch
          checked={on}
          disabled={toggle.isLoading || save.isPending}
          onChange={(e) => save.mutate(e.currentTarget.checked ? 1 : 0, { onSuccess: () => notifySuccess() })}
          label={t(`${T}.toggle`)}
          description={t(`${T}.toggleHint`, { minutes: CAPACITY_LOG_MINUTES })}
          data-testid="capacity-log-toggle"
        />
      </Card>
      {zones.length === 0 && !report.isLoading && (
        <Alert color="gray" data-testid="capacity-no-zones">
          {t(`${T}.noZones`)}
        </Alert>
      )}
      <ReportTable
        title={t(`${T}.zonesConfig`)}
        fileName="capacity-zones-config"
        columns={columns}
        rows={zones}
        rowKey={(z) => z.id}
        loading={report.isFetching}
        testId="capacity-config-table"
        toolbar={
          canZones ? (
            <Anchor component={Link} to={screenPath('zones')} size="sm" data-testid="capacity-edit-zones">
              {t(`${T}.editZones`)}
            </Anchor>
          ) : undefined
        }
      />
    </Stack>
  );
}
