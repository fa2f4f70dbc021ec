import { Alert, Card, ColorSwatch, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { AddonStatsFilters, AddonStatsResult, AddonStatsTable } from '@pulsera/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton, useReportDownload } from '../../../components/reports/report-download';
import type { ReportColumn } from '../../../components/reports/report-table';
import { dayjs, fileSlug, formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { type AddonStatsSource, addonStatsKeys, loadAddonStats } from '../rules-api';
import { TEXTS } from '../rules-shared';

export const STATS = `${TEXTS}.addonStats`;

/** The statistics of the filters given: the add-ons screen's call or the report's. */
export const useAddonStats = (filters: AddonStatsFilters, source: AddonStatsSource) =>
  useQuery({
    queryKey: addonStatsKeys.of(source, filters),
    queryFn: () => loadAddonStats(source, filters),
    placeholderData: keepPreviousData,
  });

type StaffRow = AddonStatsTable['staff'][number];

function StatsTable({ table, filterInfo }: { table: AddonStatsTable; filterInfo: [string, string][] }) {
  const { t } = useTranslation();
  const download = useReportDownload();
  const name = table.name ?? t(`${STATS}.deletedAddon`, { id: table.id });
  const count = (key: 'manuals' | 'sales' | 'validations'): ReportColumn<StaffRow> => ({
    key,
    label: t(`${STATS}.fields.${key}`),
    value: (r) => r[key],
    total: true,
  });
  // The spreadsheet: the same table, its header block and the add-on's totals from the server.
  const columns: ReportColumn<StaffRow>[] = [
    {
      key: 'staffName',
      label: t(`${STATS}.fields.staffName`),
      value: (r) => r.staffName ?? (r.staffId === null ? t(`${STATS}.noStaff`) : `#${r.staffId}`),
    },
    count('manuals'),
    count('sales'),
    count('validations'),
  ];
  const totals = new Map([
    ['manuals', table.manuals],
    ['sales', table.sales],
    ['validations', table.validations],
  ]);
  return (
    <Card withBorder padding="md" data-testid={`addon-stats-table-${table.id}`}>
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          {table.color && <ColorSwatch color={table.color} size={16} />}
          <Title order={4}>{name}</Title>
        </Group>
        <DownloadButton
          onClick={() =>
            download({
              title: `${t(`${STATS}.reportTitle`)} · ${name}`,
              fileName: `addon-${fileSlug(name)}-stats`,
              columns,
              rows: table.staff,
              filterInfo,
              totals,
            })
          }
          testId={`addon-stats-download-${table.id}`}
        />
      </Group>
      <Table striped withTableBorder highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${STATS}.fields.staffName`)}</Table.Th>
            <Table.Th ta="right">{t(`${STATS}.fields.manuals`)}</Table.Th>
            <Table.Th ta="right">{t(`${STATS}.fields.sales`)}</Table.Th>
            <Table.Th ta="right">{t(`${STATS}.fields.validations`)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.staff.map((r) => (
            <Table.Tr key={r.staffId ?? 'none'}>
              <Table.Td>
                {r.staffName ??
                  (r.staffId === null ? (
                    <Text span c="dimmed" size="sm">
                      {t(`${STATS}.noStaff`)}
                    </Text>
                  ) : (
                    `#${r.staffId}`
                  ))}
              </Table.Td>
              <Table.Td ta="right">{r.manuals}</Table.Td>
              <Table.Td ta="right">{r.sales}</Table.Td>
              <Table.Td ta="right">{r.validations}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>{t(`${STATS}.total`)}</Table.Td>
            <Table.Td ta="right">{table.manuals}</Table.Td>
            <Table.Td ta="right">{table.sales}</Table.Td>
            <Table.Td ta="right">{table.validations}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Card>
  );
}

/** The filters of the statistics as label/value pairs for a spreadsheet's header block. */
function useStatsFilterInfo(filters: AddonStatsFilters, choices?: AddonStatsResult['filters']) {
  const { t } = useTranslation();
  const tz = useEventTimezone();
  const info: [string, string][] = [];
  if (filters.dateStart) info.push([t('reports.filters.start'), formatDateTime(filters.dateStart, tz)]);
  if (filters.dateEnd) info.push([t('reports.filters.end'), formatDateTime(filters.dateEnd, tz)]);
  const named = (label: string, id: number | undefined, list?: { id: number; name: string }[]) => {
    if (id !== undefined) info.push([label, list?.find((o) => o.id === id)?.name ?? `#${id}`]);
  };
  named(t('reports.filters.staff'), filters.idStaff, choices?.staffs);
  named(t('reports.filters.addon'), filters.idAddon, choices?.addons);
  return info;
}

/**
 * The add-on statistics (02-catalogue §2 Add-ons statistics, §7 Add-on report): one table per add-on
 * with each staff member's manuals, sales and validations and the add-on's totals, each downloadable
 * as xlsx; a no-results message when the filters match no add-on operation. `filters` are ISO
 * instants (UTC) and ids; `filterInfo` names them in the spreadsheet's header block (by default the
 * window and the chosen staff member and add-on).
 */
export function AddonStats({
  filters,
  source = 'report',
  filterInfo,
}: {
  filters: AddonStatsFilters;
  source?: AddonStatsSource;
  filterInfo?: [string, string][];
}) {
  const { t } = useTranslation();
  const stats = useAddonStats(filters, source);
  const ownInfo = useStatsFilterInfo(filters, stats.data?.filters);
  if (!stats.data) return stats.isError ? null : <Loader size="sm" data-testid="addon-stats-loading" />;
  const { reports, addonLogs } = stats.data;
  if (addonLogs === 0)
    return (
      <Alert color="gray" data-testid="addon-stats-empty">
        {t(`${STATS}.noResults`)}
      </Alert>
    );
  return (
    <Stack gap="md" data-testid="addon-stats" style={{ opacity: stats.isPlaceholderData ? 0.6 : 1 }}>
      <Text size="sm" c="dimmed">
        {t(`${STATS}.operations`, { n: addonLogs })}
      </Text>
      {reports.addons.map((a) => (
        <StatsTable key={a.id} table={a} filterInfo={filterInfo ?? ownInfo} />
      ))}
    </Stack>
  );
}

export default AddonStats;

/** Calendar days (YYYY-MM-DD) chosen in the event's time zone. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/** True when both days are chosen and the end is before the start. */
export const rangeInvalid = (r: DayRange) => !!r.from && !!r.to && r.to < r.from;

/**
 * The UTC window of whole days in the event's time zone: from the start of `from` to the start of
 * the day after `to` (the server's `dateEnd` is exclusive).
 */
export function dayWindow(r: DayRange, tz: string): Pick<AddonStatsFilters, 'dateStart' | 'dateEnd'> {
  if (rangeInvalid(r)) return {};
  return {
    ...(r.from ? { dateStart: dayjs.tz(`${r.from} 00:00:00`, tz).toISOString() } : {}),
    ...(r.to ? { dateEnd: dayjs.tz(`${r.to} 00:00:00`, tz).add(1, 'day').toISOString() } : {}),
  };
}

export const useEventTimezone = () => useSession().event?.zona_horaria ?? 'Europe/Madrid';

/** The window of the chosen days; while the end is before the start, the last valid one stays. */
export function useDayWindow(range: DayRange) {
  const tz = useEventTimezone();
  const last = useRef<Pick<AddonStatsFilters, 'dateStart' | 'dateEnd'>>({});
  if (!rangeInvalid(range)) last.current = dayWindow(range, tz);
  return last.current;
}

/** Start and end date inputs (dd/MM/yyyy); an end before the start shows the date-range error. */
export function DayRangeInputs({ value, onChange }: { value: DayRange; onChange: (r: DayRange) => void }) {
  const { t } = useTranslation();
  const day = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : null);
  return (
    <>
      <DateInput
        label={t(`${STATS}.fields.from`)}
        valueFormat="DD/MM/YYYY"
        clearable
        value={value.from}
        onChange={(v) => onChange({ ...value, from: day(v) })}
        data-testid="addon-stats-from"
      />
      <DateInput
        label={t(`${STATS}.fields.to`)}
        valueFormat="DD/MM/YYYY"
        clearable
        value={value.to}
        onChange={(v) => onChange({ ...value, to: day(v) })}
        error={rangeInvalid(value) ? translateMessage(t, 'validation.endAfterStart') : undefined}
        data-testid="addon-stats-to"
      />
    </>
  );
}
