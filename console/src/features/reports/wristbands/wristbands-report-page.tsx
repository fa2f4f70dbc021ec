import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Stack, Tabs, Title } from '@mantine/core';
import type {
  BalanceRange,
  WristbandsDay,
  WristbandsOverviewResult,
  WristbandsPerDayResult,
} from '@pulsera/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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
import { type FilterField, useReportFilter } from '../../../components/reports/use-report-filter';
import { dayjs } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type CurrencyView, formatMoney, useEventCurrency } from '../../../lib/money';
import { PATH_TABS } from '../../../lib/screen-paths';
import { MONEY_REPORTS } from '../top-ups/api';
import { MoneyBarChart } from '../top-ups/money-chart';

const T = 'reports.wristbands';
const TABS = ['overview', 'perDay'] as const;

/** A balance range as people read it: '< 0.00', nothing left, '5.00 – 10.00', '≥ 100.00'. */
export function rangeLabel(t: TFunction, r: BalanceRange, c: CurrencyView, lang: string) {
  const m = (cents: number) => formatMoney(cents, c, lang);
  if (r.from === null) return `< ${m(r.to ?? 0)}`;
  if (r.to === null) return `≥ ${m(r.from)}`;
  if (r.from === 0 && r.to === 1) return t(`${T}.nothingLeft`);
  return `${m(r.from)} – ${m(r.to)}`;
}

function OverviewTab() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const currency = useEventCurrency();
  const report = useReport<WristbandsOverviewResult>(MONEY_REPORTS.wristbands, {});
  const d = report.data;
  const f = (k: string) => t(`${T}.fields.${k}`);
  const label = (r: BalanceRange) => rangeLabel(t, r, currency, lang);
  const columns: ReportColumn<BalanceRange>[] = [
    { key: 'range', label: f('range'), value: label },
    { key: 'count', label: f('wristbands'), value: (r) => r.count, total: true },
    { key: 'cash', label: f('cash'), value: (r) => r.cash, money: true, total: true },
    { key: 'gift', label: f('gift'), value: (r) => r.gift, money: true, total: true },
  ];
  return (
    <Stack gap="md">
      <StatGrid>
        <Stat label={f('activated')} value={d?.activated ?? 0} testId="stat-activated" />
        <Stat label={f('withBalance')} value={d?.withBalance ?? 0} testId="stat-withBalance" />
        <Stat label={f('cash')} value={d?.cash ?? 0} money testId="stat-cash" />
        <Stat label={f('gift')} value={d?.gift ?? 0} money testId="stat-gift" />
        <Stat
          label={f('refundsRequestedAmount')}
          value={d?.refundsRequestedAmount ?? 0}
          money
          testId="stat-refunds"
        />
        <Stat label={f('refundsRequested')} value={d?.refundsRequested ?? 0} testId="stat-refunds-count" />
        <Stat label={f('replaced')} value={d?.replaced ?? 0} testId="stat-replaced" />
        <Stat label={f('banned')} value={d?.banned ?? 0} testId="stat-banned" />
        <Stat label={f('bannedTopUps')} value={d?.bannedTopUps ?? 0} testId="stat-bannedTopUps" />
        <Stat label={f('negative')} value={d?.negative ?? 0} testId="stat-negative" />
      </StatGrid>
      <MoneyBarChart
        title={t(`${T}.rangesChart`)}
        rows={d?.ranges.filter((r) => r.count > 0) ?? []}
        label={label}
        stacked
        series={[
          { key: 'cash', label: f('cash'), color: 'blue.6', value: (r) => r.cash },
          { key: 'gift', label: f('gift'), color: 'teal.6', value: (r) => r.gift },
        ]}
        testId="ranges-chart"
      />
      <ReportTable
        title={t(`${T}.ranges`)}
        fileName="wristband-balances"
        columns={columns}
        rows={d?.ranges ?? []}
        rowKey={(r) => String(r.from)}
        loading={report.isFetching}
        testId="wristband-ranges-table"
      />
    </Stack>
  );
}

/** The per-day tab's filters: a festival day or any window (whole festival days are counted). */
const PER_DAY_FIELDS: FilterField[] = ['day', 'dates'];

function PerDayTab() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const filters = useReportFilter(PER_DAY_FIELDS);
  const info = useFilterInfo(filters);
  const report = useReport<WristbandsPerDayResult>(MONEY_REPORTS.wristbandsPerDay, filters.query, {
    enabled: filters.ready,
  });
  const days = report.data?.days ?? [];
  const f = (k: string) => t(`${T}.fields.${k}`);
  const dayName = (d: WristbandsDay) => dayjs(d.day).locale(lang).format('ddd D MMM YYYY');
  const columns: ReportColumn<WristbandsDay>[] = [
    { key: 'day', label: f('day'), value: dayName },
    { key: 'newWristbands', label: f('newWristbands'), value: (r) => r.newWristbands, total: true },
    {
      key: 'activeWristbands',
      label: f('activeWristbands'),
      value: (r) => r.activeWristbands,
      numeric: true,
    },
    { key: 'topUps', label: f('topUps'), value: (r) => r.topUps, total: true },
    { key: 'topUpAmount', label: f('topUpAmount'), value: (r) => r.topUpAmount, money: true, total: true },
    { key: 'topUpBonus', label: f('topUpBonus'), value: (r) => r.topUpBonus, money: true, total: true },
  ];
  const offset = report.data?.offset ?? 0;
  return (
    <Stack gap="md">
      <FilterBar state={filters} />
      {days.length > 0 && (
        <Card withBorder data-testid="per-day-chart">
          <Title order={4} mb="sm">
            {t(`${T}.perDayChart`)}
          </Title>
          <BarChart
            h={260}
            data={days.map((d) => ({
              label: dayName(d),
              newWristbands: d.newWristbands,
              activeWristbands: d.activeWristbands,
              topUps: d.topUps,
            }))}
            dataKey="label"
            withLegend
            maxBarWidth={48}
            series={[
              { name: 'newWristbands', label: f('newWristbands'), color: 'blue.6' },
              { name: 'activeWristbands', label: f('activeWristbands'), color: 'teal.6' },
              { name: 'topUps', label: f('topUps'), color: 'orange.6' },
            ]}
          />
        </Card>
      )}
      <ReportTable
        title={t(`${T}.perDayTitle`, { offset })}
        fileName="wristbands-per-day"
        columns={columns}
        rows={days}
        rowKey={(r) => r.day}
        filterInfo={[
          ...info,
          [t(`${T}.cutOff`), t(`${T}.cutOffValue`, { offset, tz: report.data?.timezone ?? '' })],
        ]}
        loading={report.isFetching}
        testId="wristbands-per-day-table"
      />
    </Stack>
  );
}

/**
 * admin/reports/wristbands (permission wristbandsPerDay): the wristbands and the balances left on
 * them now, and the per-day tab (new and active wristbands and top-ups per festival day, with the
 * event's offset as the day's cut-off) with the filter bar's day or window. Each tab has its own
 * address (…/wristbands/overview, …/wristbands/per-day), the filters in its search.
 */
export default function WristbandsReportPage() {
  const { t } = useTranslation();
  const [tab, open] = usePathTab('wristbands', PATH_TABS.wristbands, TABS);
  return (
    <ReportPage title={t(`${T}.title`)}>
      <Tabs value={tab ?? null} onChange={(v) => v && open(v as (typeof TABS)[number])} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={`wristbands-tab-${id}`}>
              {t(`${T}.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <OverviewTab />
        </Tabs.Panel>
        <Tabs.Panel value="perDay">
          <PerDayTab />
        </Tabs.Panel>
      </Tabs>
    </ReportPage>
  );
}
