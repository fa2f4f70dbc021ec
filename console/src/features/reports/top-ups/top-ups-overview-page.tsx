import type { TopUpsOverviewResult, TopUpsOverviewRow, TopUpsPaymentRow } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { MoneyFigureStats, MoneyFiguresHelp } from '../../../components/reports/money-figures';
import {
  ReportPage,
  Stat,
  StatGrid,
  useFilterInfo,
  useReport,
} from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { RouteTabs } from '../../../components/reports/report-tabs';
import { type FilterField, useReportFilter } from '../../../components/reports/use-report-filter';
import { MONEY_REPORTS, TOP_UP_TABS } from './api';
import { operationTypeName, paymentTypeName } from './labels';
import { MoneyBarChart } from './money-chart';

const FIELDS: FilterField[] = ['day', 'dates', 'location', 'staff', 'device'];
const T = 'reports.topUps';

/**
 * Recharge reports, overview tab (permission reportsRecharges): what the balance operations put on
 * and took off the wristbands by operation type and payment type — amount, bonus, fee, money and
 * count — with the headline figures and the split by payment type.
 */
export default function TopUpsOverviewPage() {
  const { t } = useTranslation();
  const filters = useReportFilter(FIELDS, { locations: 'topUp' });
  const info = useFilterInfo(filters);
  const report = useReport<TopUpsOverviewResult>(MONEY_REPORTS.overview, filters.query, {
    enabled: filters.ready,
  });
  const data = report.data;
  const f = (k: string) => t(`${T}.fields.${k}`);
  const money = (key: 'amount' | 'bonus' | 'fee' | 'money') => ({
    key,
    label: f(key),
    value: (r: { [k in typeof key]: number }) => r[key],
    money: true,
    total: true,
  });
  const columns: ReportColumn<TopUpsOverviewRow>[] = [
    { key: 'type', label: f('type'), value: (r) => `${operationTypeName(t, r.type)} (${r.type})` },
    { key: 'paymentType', label: f('paymentType'), value: (r) => paymentTypeName(t, r.paymentType) },
    { key: 'count', label: f('count'), value: (r) => r.count, total: true },
    money('amount'),
    money('bonus'),
    money('fee'),
    money('money'),
  ];
  const paymentColumns: ReportColumn<TopUpsPaymentRow>[] = [
    { key: 'paymentType', label: f('paymentType'), value: (r) => paymentTypeName(t, r.paymentType) },
    { key: 'count', label: f('count'), value: (r) => r.count, total: true },
    money('amount'),
    money('bonus'),
    money('fee'),
    money('money'),
  ];
  const totals = data?.totals;
  return (
    <ReportPage title={t(`${T}.title`)} tabs={<RouteTabs tabs={[...TOP_UP_TABS]} />} filters={filters}>
      <MoneyFigureStats figures={data?.figures} />
      <StatGrid>
        <Stat label={f('moneyIn')} value={totals?.moneyIn ?? 0} money testId="stat-moneyIn" />
        <Stat label={f('moneyOut')} value={totals?.moneyOut ?? 0} money testId="stat-moneyOut" />
        <Stat label={f('count')} value={totals?.count ?? 0} testId="stat-count" />
      </StatGrid>
      <MoneyFiguresHelp extra={[t(`${T}.help.moneyIn`), t(`${T}.help.moneyOut`)]} />
      <MoneyBarChart
        title={t(`${T}.byPaymentType`)}
        rows={data?.byPaymentType ?? []}
        label={(r) => paymentTypeName(t, r.paymentType)}
        series={[
          { key: 'amount', label: f('amount'), color: 'blue.6', value: (r) => r.amount },
          { key: 'bonus', label: f('bonus'), color: 'teal.6', value: (r) => r.bonus },
          { key: 'fee', label: f('fee'), color: 'orange.6', value: (r) => r.fee },
        ]}
        testId="topups-chart"
      />
      <ReportTable
        title={t(`${T}.byOperation`)}
        fileName="top-ups-overview"
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={(r) => `${r.type}|${r.paymentType ?? ''}`}
        filterInfo={info}
        loading={report.isFetching}
        testId="topups-overview-table"
      />
      <ReportTable
        title={t(`${T}.byPaymentType`)}
        fileName="top-ups-by-payment-type"
        columns={paymentColumns}
        rows={data?.byPaymentType ?? []}
        rowKey={(r) => r.paymentType ?? ''}
        filterInfo={info}
        loading={report.isFetching}
        testId="topups-payment-table"
      />
    </ReportPage>
  );
}
