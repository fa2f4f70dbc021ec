import { Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@pulsera/contracts';
import { keepPreviousData, useIsFetching, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, queryString, withoutBlanks } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { formatMoney, useEventCurrency } from '../../lib/money';
import { FilterBar } from './filter-bar';
import type { ReportFilterState } from './use-report-filter';

/** Query keys of the reports: one family, so a refresh of the feed can invalidate them all. */
export const reportKeys = {
  all: ['reports'] as const,
  report: (path: string, query: Record<string, unknown>) => ['reports', path, query] as const,
};

/**
 * Loads one report call with the bar's query. The previous figures stay on screen while new ones
 * load; `refetchInterval` keeps live screens (dashboard, capacity) current: milliseconds, or a
 * function of the last answer (e.g. only while the answer says the event is live).
 */
export function useReport<T>(
  path: string,
  query: Record<string, unknown>,
  opts: {
    enabled?: boolean;
    refetchInterval?: number | false | ((data: T | undefined) => number | false);
  } = {},
) {
  const every = opts.refetchInterval;
  return useQuery({
    queryKey: reportKeys.report(path, query),
    queryFn: () => api.get<T>(`${path}${queryString(withoutBlanks(query))}`),
    enabled: opts.enabled ?? true,
    placeholderData: keepPreviousData,
    refetchInterval:
      typeof every === 'function' ? (q: { state: { data: T | undefined } }) => every(q.state.data) : every,
  });
}

/**
 * Every row of a server-paged report call (the list protocol's disablePagination), for the download
 * of a table that shows one page.
 */
export const reportAllRows = <T,>(path: string, query: Record<string, unknown>) =>
  api.get<T>(
    `${path}${queryString({ ...withoutBlanks(query), disablePagination: 1, page: undefined, paginationLimit: undefined })}`,
  );

/** The filters in force, as label/value pairs for a spreadsheet's header block. */
export function useFilterInfo(state: ReportFilterState): [string, string][] {
  const { t } = useTranslation();
  const { filter, options } = state;
  const tz = options?.event.timezone;
  const info: [string, string][] = [];
  if (filter.dateFilterBound) {
    info.push([
      t('reports.filters.day'),
      `${formatDateTime(filter.dateFilterBound.start, tz)} – ${formatDateTime(filter.dateFilterBound.end, tz)}`,
    ]);
  } else if (filter.dateFilterStart && filter.dateFilterEnd) {
    info.push([t('reports.filters.start'), formatDateTime(filter.dateFilterStart, tz)]);
    info.push([t('reports.filters.end'), formatDateTime(filter.dateFilterEnd, tz)]);
  }
  const named = (label: string, id: number | null, list?: { id: number; name: string }[]) => {
    if (id !== null) info.push([label, list?.find((o) => o.id === id)?.name ?? String(id)]);
  };
  named(t('reports.filters.location'), filter.idLocationFilter, options?.locations);
  named(t('reports.filters.staff'), filter.idStaffFilter, options?.staffs);
  if (filter.isInternFilter !== null) {
    info.push([
      t('reports.filters.intern'),
      t(filter.isInternFilter === 1 ? 'reports.filters.internal' : 'reports.filters.external'),
    ]);
  }
  named(t('reports.filters.article'), filter.idArticleFilter, options?.articles);
  named(t('reports.filters.role'), filter.idRolFilter, options?.roles);
  named(t('reports.filters.device'), filter.idDeviceFilter, options?.devices);
  named(t('reports.filters.kitchen'), filter.idKitchenFilter, options?.kitchens);
  named(t('reports.filters.room'), filter.idRoomFilter, options?.rooms);
  named(t('reports.filters.addon'), filter.idAddonFilter, options?.addons);
  return info;
}

/** A report screen: its title, the tabs of its shell if any, the filter bar, then the figures. */
export function ReportPage({
  title,
  tabs,
  filters,
  actions,
  children,
}: {
  title: string;
  tabs?: ReactNode;
  filters?: ReportFilterState;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // Any report call of the screen on its way: a loader beside the title (the figures shown stay).
  const loading = useIsFetching({ queryKey: reportKeys.all }) > 0;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{title}</Title>
          {loading && <Loader size="sm" aria-label={t('common.loading')} data-testid="report-loading" />}
        </Group>
        {actions}
      </Group>
      {tabs}
      {filters && <FilterBar state={filters} />}
      {children}
    </Stack>
  );
}

/** A headline figure (money in cents or a count). */
export function Stat({
  label,
  value,
  money,
  testId,
  note,
}: {
  label: string;
  value: number;
  money?: boolean;
  testId?: string;
  /** Why this total differs from another screen's, in words (issue 16). */
  note?: string;
}) {
  const currency = useEventCurrency();
  const lang = currentLanguage();
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {money ? formatMoney(value, currency, lang) : formatNumber(value, lang)}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" data-testid={testId ? `${testId}-note` : undefined}>
          {note}
        </Text>
      )}
    </Card>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>{children}</SimpleGrid>;
}
