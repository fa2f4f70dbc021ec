import { Alert, Card, ColorSwatch, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { AddonStatsFilters, AddonStatsTable } from '@pulsera/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { type AddonStatsSource, addonStatsKeys, loadAddonStats } from './api';
import { TEXTS } from './shared';

export const STATS = `${TEXTS}.addonStats`;

/** The statistics of the filters given: the add-ons screen's call or the report's. */
export const useAddonStats = (filters: AddonStatsFilters, source: AddonStatsSource) =>
  useQuery({
    queryKey: addonStatsKeys.of(source, filters),
    queryFn: () => loadAddonStats(source, filters),
    placeholderData: keepPreviousData,
  });

function StatsTable({ table }: { table: AddonStatsTable }) {
  const { t } = useTranslation();
  const name = table.name ?? t(`${STATS}.deletedAddon`, { id: table.id });
  return (
    <Card withBorder padding="md" data-testid={`addon-stats-table-${table.id}`}>
      <Group gap="xs" mb="sm">
        {table.color && <ColorSwatch color={table.color} size={16} />}
        <Title order={4}>{name}</Title>
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

/**
 * The add-on statistics (02-catalogue §2 Add-ons statistics, §7 Add-on report): one table per add-on
 * with each staff member's manuals, sales and validations and the add-on's totals; a no-results
 * message when the filters match no add-on operation. `filters` are ISO instants (UTC) and ids.
 */
export function AddonStats({
  filters,
  source = 'report',
}: {
  filters: AddonStatsFilters;
  source?: AddonStatsSource;
}) {
  const { t } = useTranslation();
  const stats = useAddonStats(filters, source);
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
        <StatsTable key={a.id} table={a} />
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
