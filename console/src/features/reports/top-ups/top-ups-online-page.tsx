import { Group, SegmentedControl, Text } from '@mantine/core';
import {
  ONLINE_GROUP_BY,
  type OnlineGroupBy,
  type OnlineTimeUnit,
  type OnlineTopUpsResult,
  TABLE_PAGE_SIZE,
} from '@pulsera/contracts';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ReportPage,
  reportAllRows,
  Stat,
  StatGrid,
  useFilterInfo,
  useReport,
} from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { RouteTabs } from '../../../components/reports/report-tabs';
import { type FilterField, useReportFilter } from '../../../components/reports/use-report-filter';
import { currentLanguage } from '../../../lib/i18n';
import { MONEY_REPORTS, TOP_UP_TABS } from './api';
import { timeUnitLabel } from './labels';
import { MoneyBarChart } from './money-chart';

const FIELDS: FilterField[] = ['day', 'dates'];
const T = 'reports.topUps.online';

/**
 * Recharge reports, online tab (permission onlineTopUpsReport; GET /reports/online-top-ups): the
 * purchases of the online-services web grouped by hour or day in the event's time zone; each unit
 * arrives as a UTC instant and is shown on the event's clock.
 */
export default function TopUpsOnlinePage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const filters = useReportFilter(FIELDS, { locations: 'topUp' });
  const info = useFilterInfo(filters);
  const navigate = useNavigate();
  const location = useLocation();
  const search = filters.search as Record<string, unknown>;
  const groupBy: OnlineGroupBy = search.groupBy === 'hour' ? 'hour' : 'day';
  const { dateStart, dateEnd } = filters.query;
  // Back to the first page whenever the window or the grouping changes.
  const pageKey = `${dateStart}|${dateEnd}|${groupBy}`;
  const [paged, setPaged] = useState({ key: pageKey, page: 1 });
  const page = paged.key === pageKey ? paged.page : 1;
  const setPage = (p: number) => setPaged({ key: pageKey, page: p });
  const query = useMemo(
    () => ({ dateFrom: dateStart, dateTo: dateEnd, groupBy, page, paginationLimit: TABLE_PAGE_SIZE }),
    [dateStart, dateEnd, groupBy, page],
  );
  const report = useReport<OnlineTopUpsResult>(MONEY_REPORTS.online, query, { enabled: filters.ready });
  const data = report.data;
  const tz = data?.timezone ?? filters.options?.event.timezone ?? 'Europe/Madrid';
  const unit = (r: OnlineTimeUnit) => timeUnitLabel(r.timeUnitUtc, tz, data?.groupBy ?? groupBy, lang);
  const f = (k: string) => t(`${T}.fields.${k}`);
  // The totals row shows the server's totals, which cover every page.
  const onePage = (data?.total ?? 0) <= TABLE_PAGE_SIZE;
  const money = (key: 'amountTotal' | 'amountRecharge' | 'amountBonus' | 'refundedAmount') => ({
    key,
    label: f(key),
    value: (r: OnlineTimeUnit) => r[key],
    money: true,
    total: true,
  });
  const count = (key: 'count' | 'loaded' | 'refunded') => ({
    key,
    label: f(key),
    value: (r: OnlineTimeUnit) => r[key],
    total: true,
  });
  const columns: ReportColumn<OnlineTimeUnit>[] = [
    { key: 'timeUnit', label: f(groupBy === 'hour' ? 'hour' : 'day'), value: unit, width: 180 },
    count('count'),
    money('amountTotal'),
    money('amountRecharge'),
    money('amountBonus'),
    count('loaded'),
    count('refunded'),
    money('refundedAmount'),
  ];
  const totals = data?.totals;
  const setGroupBy = (v: string) => {
    const next: Record<string, unknown> = { ...search, groupBy: v };
    navigate({ to: location.pathname, search: next, replace: true });
  };
  return (
    <ReportPage
      title={t('reports.topUps.title')}
      tabs={<RouteTabs tabs={[...TOP_UP_TABS]} />}
      filters={filters}
      actions={
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t(`${T}.groupBy`)}
          </Text>
          <SegmentedControl
            value={groupBy}
            onChange={setGroupBy}
            data={ONLINE_GROUP_BY.map((g) => ({ value: g, label: t(`${T}.by.${g}`) }))}
            data-testid="online-group-by"
          />
        </Group>
      }
    >
      <StatGrid>
        <Stat label={f('count')} value={totals?.count ?? 0} testId="stat-online-count" />
        <Stat label={f('amountTotal')} value={totals?.amountTotal ?? 0} money testId="stat-online-total" />
        <Stat label={f('amountBonus')} value={totals?.amountBonus ?? 0} money testId="stat-online-bonus" />
        <Stat label={f('loaded')} value={totals?.loaded ?? 0} testId="stat-online-loaded" />
        <Stat
          label={f('refundedAmount')}
          value={totals?.refundedAmount ?? 0}
          money
          testId="stat-online-refunded"
        />
      </StatGrid>
      <MoneyBarChart
        title={t(`${T}.chart`)}
        rows={data?.reportsTimeRange ?? []}
        label={unit}
        series={[
          {
            key: 'amountRecharge',
            label: f('amountRecharge'),
            color: 'blue.6',
            value: (r) => r.amountRecharge,
          },
          { key: 'amountBonus', label: f('amountBonus'), color: 'teal.6', value: (r) => r.amountBonus },
        ]}
        stacked
        testId="online-chart"
      />
      <ReportTable
        title={t(`${T}.title`, { tz })}
        fileName={`online-top-ups-by-${groupBy}`}
        columns={columns}
        rows={data?.reportsTimeRange ?? []}
        rowKey={(r) => r.timeUnitUtc}
        filterInfo={[...info, [t(`${T}.groupBy`), t(`${T}.by.${groupBy}`)], [t(`${T}.timezone`), tz]]}
        loading={report.isFetching}
        testId="online-table"
        totals={totals}
        page={
          onePage ? undefined : { page, total: data?.total ?? 0, pageSize: TABLE_PAGE_SIZE, onPage: setPage }
        }
        // The download takes every unit of the window, not only the page shown.
        downloadRows={async () =>
          (await reportAllRows<OnlineTopUpsResult>(MONEY_REPORTS.online, query)).reportsTimeRange
        }
      />
    </ReportPage>
  );
}
