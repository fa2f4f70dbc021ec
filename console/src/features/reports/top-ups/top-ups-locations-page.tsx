import type { TopUpsLocationResult, TopUpsLocationRow } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { ReportPage, useFilterInfo, useReport } from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { RouteTabs } from '../../../components/reports/report-tabs';
import { type FilterField, useReportFilter } from '../../../components/reports/use-report-filter';
import { MONEY_REPORTS, TOP_UP_TABS } from './api';
import { named } from './labels';
import { MoneyBarChart } from './money-chart';

const FIELDS: FilterField[] = ['day', 'dates', 'location', 'staff'];
const T = 'reports.topUps.locations';

/**
 * Recharge reports, by location (permission reportsTopUpsLocation; GET /reports/mainRechargesLocation
 * with date, location and staff): the top-ups of each location split by payment type.
 */
export default function TopUpsLocationsPage() {
  const { t } = useTranslation();
  const filters = useReportFilter(FIELDS, { locations: 'topUp' });
  const info = useFilterInfo(filters);
  const report = useReport<TopUpsLocationResult>(MONEY_REPORTS.locations, filters.query, {
    enabled: filters.ready,
  });
  const rows = report.data?.rows ?? [];
  const f = (k: string) => t(`${T}.fields.${k}`);
  const money = (key: keyof TopUpsLocationRow & string): ReportColumn<TopUpsLocationRow> => ({
    key,
    label: f(key),
    value: (r) => r[key] as number,
    money: true,
    total: true,
  });
  const columns: ReportColumn<TopUpsLocationRow>[] = [
    { key: 'location', label: f('location'), value: (r) => named(r.locationName, r.idLocation) },
    { key: 'count', label: f('count'), value: (r) => r.count, total: true },
    money('cash'),
    money('card'),
    money('other'),
    money('amount'),
    money('bonus'),
    money('fee'),
    money('money'),
  ];
  return (
    <ReportPage
      title={t('reports.topUps.title')}
      tabs={<RouteTabs tabs={[...TOP_UP_TABS]} />}
      filters={filters}
    >
      <MoneyBarChart
        title={t(`${T}.chart`)}
        rows={rows}
        label={(r) => named(r.locationName, r.idLocation)}
        stacked
        series={[
          { key: 'cash', label: f('cash'), color: 'blue.6', value: (r) => r.cash },
          { key: 'card', label: f('card'), color: 'violet.6', value: (r) => r.card },
          { key: 'other', label: f('other'), color: 'gray.6', value: (r) => r.other },
        ]}
        testId="locations-chart"
      />
      <ReportTable
        title={t(`${T}.title`)}
        fileName="top-ups-by-location"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.idLocation ?? 'none'}
        filterInfo={info}
        loading={report.isFetching}
        testId="topups-locations-table"
      />
    </ReportPage>
  );
}
