import { Text } from '@mantine/core';
import type { CashboxesResult, CashboxRow } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
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
import { formatDateTime } from '../../../lib/format';
import { MONEY_REPORTS, TOP_UP_TABS } from './api';
import { named } from './labels';

const FIELDS: FilterField[] = ['day', 'dates', 'location', 'staff', 'device'];
const T = 'reports.topUps.cashboxes';

const cashNet = (r: CashboxRow) => r.cashIn - r.cashOut;

/**
 * Recharge reports, cashboxes tab (permission cajas): the cash-up of each staff member at each
 * device — cash taken and paid back (what the drawer must hold), card and other payments, fees.
 */
export default function TopUpsCashboxesPage() {
  const { t } = useTranslation();
  const filters = useReportFilter(FIELDS, { locations: 'topUp' });
  const info = useFilterInfo(filters);
  const report = useReport<CashboxesResult>(MONEY_REPORTS.cashboxes, filters.query, {
    enabled: filters.ready,
  });
  const rows = report.data?.rows ?? [];
  const tz = filters.options?.event.timezone;
  const f = (k: string) => t(`${T}.fields.${k}`);
  const money = (key: string, value: (r: CashboxRow) => number): ReportColumn<CashboxRow> => ({
    key,
    label: f(key),
    value,
    money: true,
    total: true,
  });
  const columns: ReportColumn<CashboxRow>[] = [
    // No staff member: operations a terminal recorded with no one signed in (self-service kiosks'
    // refunds and top-ups), said in words rather than a dash.
    {
      key: 'staff',
      label: f('staff'),
      value: (r) => (r.idStaff === null ? t(`${T}.noStaff`) : named(r.staffName, r.idStaff)),
    },
    {
      key: 'device',
      label: f('device'),
      value: (r) => (r.idDevice === null ? t(`${T}.noDevice`) : named(r.deviceName, r.idDevice)),
      width: 180,
    },
    { key: 'count', label: f('count'), value: (r) => r.count, total: true },
    money('cashIn', (r) => r.cashIn),
    money('cashOut', (r) => r.cashOut),
    money('cashNet', cashNet),
    money('card', (r) => r.cardIn - r.cardOut),
    money('other', (r) => r.otherIn - r.otherOut),
    money('fee', (r) => r.fee),
    {
      key: 'first',
      label: f('first'),
      value: (r) => formatDateTime(r.first, tz),
      instant: (r) => r.first,
    },
    {
      key: 'last',
      label: f('last'),
      value: (r) => formatDateTime(r.last, tz),
      instant: (r) => r.last,
    },
  ];
  const sum = (fn: (r: CashboxRow) => number) => rows.reduce((s, r) => s + fn(r), 0);
  return (
    <ReportPage
      title={t('reports.topUps.title')}
      tabs={<RouteTabs tabs={[...TOP_UP_TABS]} />}
      filters={filters}
    >
      <StatGrid>
        <Stat label={f('cashNet')} value={sum(cashNet)} money testId="stat-cashNet" />
        <Stat
          label={f('card')}
          value={sum((r) => r.cardIn - r.cardOut)}
          money
          testId="stat-card"
          note={t(`${T}.cardNote`)}
        />
        <Stat label={f('other')} value={sum((r) => r.otherIn - r.otherOut)} money testId="stat-other" />
        <Stat label={f('fee')} value={sum((r) => r.fee)} money testId="stat-cashbox-fee" />
        <Stat label={f('boxes')} value={rows.length} testId="stat-boxes" />
      </StatGrid>
      {rows.some((r) => r.idStaff === null) && (
        <Text size="sm" c="dimmed" data-testid="cashboxes-no-staff-note">
          {t(`${T}.noStaffNote`)}
        </Text>
      )}
      <ReportTable
        title={t(`${T}.title`)}
        fileName="cashboxes"
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.idStaff ?? ''}|${r.idDevice ?? ''}`}
        filterInfo={info}
        loading={report.isFetching}
        testId="cashboxes-table"
      />
    </ReportPage>
  );
}
