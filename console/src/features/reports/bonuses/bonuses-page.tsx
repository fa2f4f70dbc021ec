import { Stack, Tabs } from '@mantine/core';
import type {
  AutomaticBonusesResult,
  AutomaticBonusRow,
  BonusStaffRow,
  ManualBonusesResult,
  ManualBonusRow,
} from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { usePathTab } from '../../../components/reports/path-tabs';
import {
  ReportPage,
  Stat,
  StatGrid,
  useFilterInfo,
  useReport,
} from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import {
  type FilterField,
  type ReportFilterState,
  useReportFilter,
} from '../../../components/reports/use-report-filter';
import { useHasPermission } from '../../../lib/can';
import { PATH_TABS } from '../../../lib/screen-paths';
import { MONEY_REPORTS } from '../top-ups/api';
import { named, operationTypeName, paymentTypeName } from '../top-ups/labels';
import { MoneyBarChart } from '../top-ups/money-chart';

const FIELDS: FilterField[] = ['day', 'dates', 'staff'];
const T = 'reports.bonuses';

function AutomaticTab({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const info = useFilterInfo(filters);
  const report = useReport<AutomaticBonusesResult>(MONEY_REPORTS.automaticBonuses, filters.query, {
    enabled: filters.ready,
  });
  const data = report.data;
  const f = (k: string) => t(`${T}.fields.${k}`);
  const columns: ReportColumn<AutomaticBonusRow>[] = [
    { key: 'type', label: f('type'), value: (r) => `${operationTypeName(t, r.type)} (${r.type})` },
    { key: 'paymentType', label: f('paymentType'), value: (r) => paymentTypeName(t, r.paymentType) },
    { key: 'count', label: f('count'), value: (r) => r.count, total: true },
    { key: 'amount', label: f('amount'), value: (r) => r.amount, money: true, total: true },
    { key: 'bonus', label: f('bonus'), value: (r) => r.bonus, money: true, total: true },
  ];
  const staffColumns: ReportColumn<BonusStaffRow>[] = [
    { key: 'staff', label: f('staff'), value: (r) => named(r.staffName, r.idStaff) },
    { key: 'count', label: f('count'), value: (r) => r.count, total: true },
    { key: 'amount', label: f('amount'), value: (r) => r.amount, money: true, total: true },
    { key: 'bonus', label: f('bonus'), value: (r) => r.bonus, money: true, total: true },
  ];
  return (
    <Stack gap="md">
      <StatGrid>
        <Stat label={f('bonus')} value={data?.totals.bonus ?? 0} money testId="stat-auto-bonus" />
        <Stat label={f('count')} value={data?.totals.count ?? 0} testId="stat-auto-count" />
        <Stat label={f('amount')} value={data?.totals.amount ?? 0} money testId="stat-auto-amount" />
      </StatGrid>
      <MoneyBarChart
        title={t(`${T}.chart`)}
        rows={data?.rows ?? []}
        label={(r) => `${r.type} · ${paymentTypeName(t, r.paymentType)}`}
        series={[{ key: 'bonus', label: f('bonus'), color: 'teal.6', value: (r) => r.bonus }]}
        testId="bonuses-chart"
      />
      <ReportTable
        title={t(`${T}.automaticByType`)}
        fileName="automatic-bonuses"
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={(r) => `${r.type}|${r.paymentType ?? ''}`}
        filterInfo={info}
        loading={report.isFetching}
        testId="automatic-bonuses-table"
      />
      <ReportTable
        title={t(`${T}.automaticByStaff`)}
        fileName="automatic-bonuses-by-staff"
        columns={staffColumns}
        rows={data?.byStaff ?? []}
        rowKey={(r) => r.idStaff ?? 'none'}
        filterInfo={info}
        loading={report.isFetching}
        testId="automatic-bonuses-staff-table"
      />
    </Stack>
  );
}

function ManualTab({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const info = useFilterInfo(filters);
  const report = useReport<ManualBonusesResult>(MONEY_REPORTS.manualBonuses, filters.query, {
    enabled: filters.ready,
  });
  const data = report.data;
  const f = (k: string) => t(`${T}.fields.${k}`);
  const columns: ReportColumn<ManualBonusRow>[] = [
    { key: 'staff', label: f('staff'), value: (r) => named(r.staffName, r.idStaff) },
    { key: 'supervisor', label: f('supervisor'), value: (r) => named(r.supervisorName, r.idSupervisor) },
    { key: 'type', label: f('type'), value: (r) => `${operationTypeName(t, r.type)} (${r.type})` },
    { key: 'count', label: f('count'), value: (r) => r.count, total: true },
    { key: 'amount', label: f('cash'), value: (r) => r.amount, money: true, total: true },
    { key: 'bonus', label: f('bonus'), value: (r) => r.bonus, money: true, total: true },
    { key: 'articles', label: f('articles'), value: (r) => r.articles, total: true },
  ];
  return (
    <Stack gap="md">
      <StatGrid>
        <Stat label={f('bonus')} value={data?.totals.bonus ?? 0} money testId="stat-manual-bonus" />
        <Stat label={f('cash')} value={data?.totals.amount ?? 0} money testId="stat-manual-cash" />
        <Stat label={f('count')} value={data?.totals.count ?? 0} testId="stat-manual-count" />
        <Stat label={f('articles')} value={data?.totals.articles ?? 0} testId="stat-manual-articles" />
      </StatGrid>
      <ReportTable
        title={t(`${T}.manualTitle`)}
        fileName="manual-bonuses"
        columns={columns}
        rows={data?.rows ?? []}
        rowKey={(r) => `${r.idStaff ?? ''}|${r.idSupervisor ?? ''}|${r.type}`}
        filterInfo={info}
        loading={report.isFetching}
        testId="manual-bonuses-table"
      />
    </Stack>
  );
}

/**
 * admin/reports/bonuses (permission reportsManualBonuses): the automatic bonuses tab, shown to users
 * who also hold reportsBonus, and the manual tab (decisions.md "Reports: top-ups, bonuses, wristbands").
 * Each tab has its own address (…/bonuses/automatic, …/bonuses/manual), the filters in its search.
 */
type BonusTab = keyof typeof PATH_TABS.bonuses;
export default function BonusesPage() {
  const { t } = useTranslation();
  const filters = useReportFilter(FIELDS, { locations: 'topUp' });
  const automatic = useHasPermission('reportsBonus');
  const tabs: BonusTab[] = [...(automatic ? (['automatic'] as const) : []), 'manual'];
  const [tab, open] = usePathTab('bonuses', PATH_TABS.bonuses, tabs);
  return (
    <ReportPage title={t(`${T}.title`)} filters={filters}>
      <Tabs value={tab ?? null} onChange={(v) => v && open(v as BonusTab)} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`bonuses-tab-${id}`}>
              {t(`${T}.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {automatic && (
          <Tabs.Panel value="automatic">
            <AutomaticTab filters={filters} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="manual">
          <ManualTab filters={filters} />
        </Tabs.Panel>
      </Tabs>
    </ReportPage>
  );
}
