import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  type ArticleFigures,
  type ArticleSalesResult,
  type ArticleSalesRow,
  hasPermission,
  type LocationSalesResult,
  type LocationSalesRow,
  type MetreSalesResult,
  type MetreSalesRow,
  type MetreStaffRow,
  SALES_TABS,
  type SalesFigures,
  type SalesOverviewResult,
  type SalesTab,
  type StaffAmountsResult,
  type StaffAmountsRow,
  type StaffSalesResult,
  type StaffSalesRow,
} from '@pulsera/contracts';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ReportPage,
  Stat,
  StatGrid,
  useFilterInfo,
  useReport,
} from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { type ReportFilterState, useReportFilter } from '../../../components/reports/use-report-filter';
import { dayjs } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { centsToDisplay, useEventCurrency } from '../../../lib/money';
import { subjectOf, useSession } from '../../../lib/session';
import { useMoneyAxis } from '../top-ups/money-chart';
import { named, PAYMENTS, SALES_CALLS, SALES_FIELDS } from './api';

const T = 'reports.sales';

/** The figures' columns the sales tables share (units and gifts are quantities, amount is money). */
function useFigureColumns<Row extends ArticleFigures & Partial<SalesFigures>>(
  opts: { counts?: boolean } = {},
): ReportColumn<Row>[] {
  const { t } = useTranslation();
  const f = (k: string) => t(`${T}.fields.${k}`);
  const counts: ReportColumn<Row>[] = [
    { key: 'orders', label: f('orders'), value: (r) => r.orders ?? 0, total: true },
    { key: 'devolutions', label: f('devolutions'), value: (r) => r.devolutions ?? 0, total: true },
  ];
  return [
    ...(opts.counts === false ? [] : counts),
    { key: 'quantity', label: f('quantity'), value: (r) => r.quantity, total: true },
    { key: 'gifts', label: f('gifts'), value: (r) => r.gifts, total: true },
    { key: 'amount', label: f('amount'), value: (r) => r.amount, money: true, total: true },
  ];
}

function useInternColumn<Row extends { intern: number | null }>(): ReportColumn<Row> {
  const { t } = useTranslation();
  return {
    key: 'intern',
    label: t(`${T}.fields.intern`),
    value: (r) =>
      r.intern === null ? '—' : t(r.intern === 1 ? 'reports.filters.internal' : 'reports.filters.external'),
  };
}

function TotalStats({
  total,
  prefix,
  counts = true,
}: {
  total?: ArticleFigures & Partial<SalesFigures>;
  prefix: string;
  counts?: boolean;
}) {
  const { t } = useTranslation();
  const f = (k: string) => t(`${T}.fields.${k}`);
  return (
    <StatGrid>
      <Stat label={f('amount')} value={total?.amount ?? 0} money testId={`${prefix}-amount`} />
      {counts && <Stat label={f('orders')} value={total?.orders ?? 0} testId={`${prefix}-orders`} />}
      <Stat label={f('quantity')} value={total?.quantity ?? 0} testId={`${prefix}-quantity`} />
      <Stat label={f('gifts')} value={total?.gifts ?? 0} testId={`${prefix}-gifts`} />
      {counts && (
        <Stat label={f('devolutions')} value={total?.devolutions ?? 0} testId={`${prefix}-devolutions`} />
      )}
    </StatGrid>
  );
}

/** Sales per hour of the event's clock, as bars in the display currency. */
function HourChart({ rows, timezone }: { rows: SalesOverviewResult['byHour']; timezone: string }) {
  const { t } = useTranslation();
  const currency = useEventCurrency();
  const lang = currentLanguage();
  const moneyAxis = useMoneyAxis();
  if (!rows.length) return null;
  const data = rows.map((r) => ({
    hour: dayjs(r.hour).tz(timezone).locale(lang).format('ddd D, HH:mm'),
    amount: centsToDisplay(r.amount, currency),
  }));
  return (
    <Card withBorder data-testid="sales-hour-chart">
      <Title order={4} mb="sm">
        {t(`${T}.byHour`)}
      </Title>
      <BarChart
        h={260}
        data={data}
        dataKey="hour"
        series={[{ name: 'amount', label: t(`${T}.fields.amount`), color: 'teal.6' }]}
        {...moneyAxis}
      />
    </Card>
  );
}

function OverviewTab({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const info = useFilterInfo(filters);
  const report = useReport<SalesOverviewResult>(SALES_CALLS.overview, filters.query, {
    enabled: filters.ready,
  });
  const data = report.data;
  const tz = filters.options?.event.timezone ?? 'Europe/Madrid';
  const lang = currentLanguage();
  const payments = PAYMENTS.map((p) => ({ type: p, amount: data?.payments[p] ?? 0 }));
  return (
    <Stack gap="md">
      <TotalStats total={data?.total} prefix="sales-overview" />
      <StatGrid>
        {payments.map((p) => (
          <Stat
            key={p.type}
            label={t(`${T}.payments.${p.type}`)}
            value={p.amount}
            money
            testId={`sales-overview-pay-${p.type}`}
          />
        ))}
      </StatGrid>
      <HourChart rows={data?.byHour ?? []} timezone={tz} />
      <ReportTable
        title={t(`${T}.byHour`)}
        fileName="sales-by-hour"
        columns={[
          {
            key: 'hour',
            label: t(`${T}.fields.hour`),
            value: (r) => dayjs(r.hour).tz(tz).locale(lang).format('D MMM YYYY, HH:mm'),
          },
          { key: 'orders', label: t(`${T}.fields.orders`), value: (r) => r.orders, total: true },
          { key: 'amount', label: t(`${T}.fields.amount`), value: (r) => r.amount, money: true, total: true },
        ]}
        rows={data?.byHour ?? []}
        rowKey={(r) => r.hour}
        filterInfo={info}
        loading={report.isFetching}
        testId="sales-hour-table"
      />
    </Stack>
  );
}

function StaffTab({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const info = useFilterInfo(filters);
  const report = useReport<StaffSalesResult>(SALES_CALLS.staff, filters.query, { enabled: filters.ready });
  const figures = useFigureColumns<StaffSalesRow>();
  const intern = useInternColumn<StaffSalesRow>();
  const columns: ReportColumn<StaffSalesRow>[] = [
    { key: 'staff', label: t(`${T}.fields.staff`), value: (r) => named(r.name, r.idStaff) },
    intern,
    ...figures,
  ];
  return (
    <Stack gap="md">
      <TotalStats total={report.data?.total} prefix="sales-staff" />
      <ReportTable
        title={t(`${T}.tabs.staff`)}
        fileName="sales-by-staff"
        columns={columns}
        rows={report.data?.rows ?? []}
        rowKey={(r) => r.idStaff ?? 'none'}
        filterInfo={info}
        loading={report.isFetching}
        testId="sales-staff-table"
      />
    </Stack>
  );
}

function LocationTab({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const info = useFilterInfo(filters);
  const report = useReport<LocationSalesResult>(SALES_CALLS.location, filters.query, {
    enabled: filters.ready,
  });
  const figures = useFigureColumns<LocationSalesRow>();
  const columns: ReportColumn<LocationSalesRow>[] = [
    { key: 'location', label: t(`${T}.fields.location`), value: (r) => named(r.name, r.idLocation) },
    ...figures,
  ];
  return (
    <Stack gap="md">
      <TotalStats total={report.data?.total} prefix="sales-location" />
      <ReportTable
        title={t(`${T}.tabs.location`)}
        fileName="sales-by-location"
        columns={columns}
        rows={report.data?.rows ?? []}
        rowKey={(r) => r.idLocation ?? 'none'}
        filterInfo={info}
        loading={report.isFetching}
        testId="sales-location-table"
      />
    </Stack>
  );
}

function ArticleTab({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const info = useFilterInfo(filters);
  const report = useReport<ArticleSalesResult>(SALES_CALLS.article, filters.query, {
    enabled: filters.ready,
  });
  const figures = useFigureColumns<ArticleSalesRow>({ counts: false });
  const columns: ReportColumn<ArticleSalesRow>[] = [
    { key: 'article', label: t(`${T}.fields.article`), value: (r) => named(r.name, r.idArticle) },
    ...figures,
  ];
  return (
    <Stack gap="md">
      <TotalStats total={report.data?.total} prefix="sales-article" counts={false} />
      <ReportTable
        title={t(`${T}.tabs.article`)}
        fileName="sales-by-article"
        columns={columns}
        rows={report.data?.rows ?? []}
        rowKey={(r) => r.idArticle}
        filterInfo={info}
        loading={report.isFetching}
        testId="sales-article-table"
      />
    </Stack>
  );
}

function StaffAmountsTab({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const info = useFilterInfo(filters);
  const report = useReport<StaffAmountsResult>(SALES_CALLS.staffAmounts, filters.query, {
    enabled: filters.ready,
  });
  const intern = useInternColumn<StaffAmountsRow>();
  const total = report.data?.total;
  const columns: ReportColumn<StaffAmountsRow>[] = [
    { key: 'staff', label: t(`${T}.fields.staff`), value: (r) => named(r.name, r.idStaff) },
    intern,
    { key: 'orders', label: t(`${T}.fields.orders`), value: (r) => r.orders, total: true },
    { key: 'devolutions', label: t(`${T}.fields.devolutions`), value: (r) => r.devolutions, total: true },
    ...PAYMENTS.map(
      (p): ReportColumn<StaffAmountsRow> => ({
        key: p,
        label: t(`${T}.payments.${p}`),
        value: (r) => r[p],
        money: true,
        total: true,
      }),
    ),
    { key: 'total', label: t(`${T}.fields.total`), value: (r) => r.total, money: true, total: true },
  ];
  return (
    <Stack gap="md">
      <StatGrid>
        <Stat label={t(`${T}.fields.total`)} value={total?.total ?? 0} money testId="sales-amounts-total" />
        {PAYMENTS.map((p) => (
          <Stat
            key={p}
            label={t(`${T}.payments.${p}`)}
            value={total?.[p] ?? 0}
            money
            testId={`sales-amounts-${p}`}
          />
        ))}
      </StatGrid>
      <Text size="sm" c="dimmed">
        {t(`${T}.staffAmountsHint`)}
      </Text>
      <ReportTable
        title={t(`${T}.tabs.staffAmounts`)}
        fileName="staff-amounts"
        columns={columns}
        rows={report.data?.rows ?? []}
        rowKey={(r) => r.idStaff ?? 'none'}
        filterInfo={info}
        loading={report.isFetching}
        testId="sales-amounts-table"
      />
    </Stack>
  );
}

function MetreTab({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const info = useFilterInfo(filters);
  const report = useReport<MetreSalesResult>(SALES_CALLS.metre, filters.query, { enabled: filters.ready });
  const figures = useFigureColumns<MetreSalesRow>();
  const staffFigures = useFigureColumns<MetreStaffRow>();
  const columns: ReportColumn<MetreSalesRow>[] = [
    { key: 'kitchen', label: t(`${T}.fields.kitchen`), value: (r) => named(r.kitchen, r.idKitchen) },
    { key: 'room', label: t(`${T}.fields.room`), value: (r) => named(r.room, r.idRoom) },
    ...figures,
  ];
  const staffColumns: ReportColumn<MetreStaffRow>[] = [
    { key: 'metre', label: t(`${T}.fields.metre`), value: (r) => named(r.name, r.idStaff) },
    ...staffFigures,
  ];
  return (
    <Stack gap="md">
      <TotalStats total={report.data?.total} prefix="sales-metre" />
      <ReportTable
        title={t(`${T}.metreByPlace`)}
        fileName="metre-sales"
        columns={columns}
        rows={report.data?.rows ?? []}
        rowKey={(r) => `${r.idKitchen ?? ''}|${r.idRoom ?? ''}`}
        filterInfo={info}
        loading={report.isFetching}
        testId="sales-metre-table"
      />
      <ReportTable
        title={t(`${T}.metreByStaff`)}
        fileName="metre-sales-by-metre"
        columns={staffColumns}
        rows={report.data?.staff ?? []}
        rowKey={(r) => r.idStaff ?? 'none'}
        filterInfo={info}
        loading={report.isFetching}
        testId="sales-metre-staff-table"
      />
    </Stack>
  );
}

const PANELS: Record<SalesTab, ComponentType<{ filters: ReportFilterState }>> = {
  overview: OverviewTab,
  staff: StaffTab,
  location: LocationTab,
  article: ArticleTab,
  staffAmounts: StaffAmountsTab,
  metre: MetreTab,
};

/**
 * admin/reports/sales (any of infoventas, reportsStaff, reportsLocation, reportsArticle, workday,
 * metreSalesReport): one tab per permission the user holds (decisions.md "Sales report"); the chosen
 * tab lives in the URL with the filters, and each tab offers its own filters.
 */
export default function SalesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const subject = subjectOf(session);
  const tabs = SALES_TABS.filter((x) => hasPermission(subject, x.permission)).map((x) => x.id);
  const search = location.search as Record<string, unknown>;
  const tab = (
    typeof search.tab === 'string' && (tabs as string[]).includes(search.tab) ? search.tab : tabs[0]
  ) as SalesTab | undefined;
  const filters = useReportFilter(SALES_FIELDS[tab ?? 'overview'], {
    locations: 'sale',
    ...(tab === 'metre' ? { trust: 'M' } : {}),
  });
  const open = (v: string) => {
    const next: Record<string, unknown> = { ...(filters.search as Record<string, unknown>), tab: v };
    navigate({ to: location.pathname, search: next, replace: true });
  };
  const Panel = tab ? PANELS[tab] : null;
  return (
    <ReportPage
      title={t(`${T}.title`)}
      tabs={
        <Tabs value={tab ?? null} onChange={(v) => v && open(v)}>
          <Tabs.List>
            {tabs.map((id) => (
              <Tabs.Tab key={id} value={id} data-testid={`sales-tab-${id}`}>
                {t(`${T}.tabs.${id}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      }
      filters={filters}
    >
      {Panel && <Panel key={tab} filters={filters} />}
    </ReportPage>
  );
}
