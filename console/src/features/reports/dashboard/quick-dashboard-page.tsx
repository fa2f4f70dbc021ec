import { formatNumber, formatPercent, roundPercent } from '@pulsera/contracts';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type {
  DashboardTopArticle,
  DashboardTopLocation,
  DashboardZone,
  QuickDashboardResult,
} from '@pulsera/contracts';
import { IconBroadcast } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyFigureStats, MoneyFiguresHelp } from '../../../components/reports/money-figures';
import { DownloadButton, useReportDownload } from '../../../components/reports/report-download';
import { ReportPage, Stat, useFilterInfo, useReport } from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { useReportFilter } from '../../../components/reports/use-report-filter';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { centsToDisplay, formatMoney, useEventCurrency } from '../../../lib/money';
import { progressColor } from '../../../lib/progress';
import { useSession } from '../../../lib/session';
import { useMoneyAxis } from '../top-ups/money-chart';

const T = 'reports.dashboard';
const FIELDS = ['day'] as const;

/** The wall-clock hour the server labels (`YYYY-MM-DDTHH:MM` in the event's zone), shown short. */
const hourLabel = (hour: string, lang: string) =>
  new Intl.DateTimeFormat(lang, {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(`${hour}:00Z`));

/**
 * admin/reports/quickdashboard (permission quickdashboard; 02-catalogue §7 mainQuickDashboard): the
 * event at a glance — money in, money spent, what is left on wristbands, refunds, people inside,
 * the best locations and articles and a chart by hour. While the event is live it refreshes itself
 * every CONSOLE_REPORT_REFRESH_SECONDS (the answer's refreshSeconds). The day filter narrows the flows; stocks are always those of now.
 */
export default function QuickDashboardPage() {
  const { t } = useTranslation();
  const filters = useReportFilter([...FIELDS]);
  const { event } = useSession();
  const info = useFilterInfo(filters);
  const report = useReport<QuickDashboardResult>('/reports/mainQuickDashboard', filters.query, {
    enabled: filters.ready,
    refetchInterval: (d) => (d?.live ? d.refreshSeconds * 1000 : false),
  });
  const d = report.data;
  const tz = d?.timezone ?? event?.zona_horaria;
  const f = (k: string) => t(`${T}.fields.${k}`);

  return (
    <ReportPage
      title={t(`${T}.title`)}
      filters={filters}
      actions={
        d && (
          <Group gap="xs">
            {d.live && (
              <Badge
                color="green"
                variant="light"
                leftSection={<IconBroadcast size={12} />}
                data-testid="dashboard-live"
              >
                {t(`${T}.live`, { seconds: d.refreshSeconds })}
              </Badge>
            )}
            <Text size="xs" c="dimmed" data-testid="dashboard-updated">
              {t(`${T}.updated`, { at: formatDateTime(d.generatedAt, tz) })}
            </Text>
          </Group>
        )
      }
    >
      <MoneyFigureStats figures={d?.figures} />
      <Section title={t(`${T}.moneyIn`)}>
        <Stat label={f('topUpsCount')} value={d?.topUps.count ?? 0} testId="dashboard-topups-count" />
        <Stat
          label={f('onlineLoaded')}
          value={d?.online.loadedAmount ?? 0}
          money
          testId="dashboard-online-loaded"
        />
        <Stat
          label={f('onlinePaid')}
          value={d?.online.paidAmount ?? 0}
          money
          testId="dashboard-online-paid"
        />
      </Section>
      <Section title={t(`${T}.moneySpent`)}>
        <Stat label={f('sales')} value={d?.sales.amount ?? 0} money testId="dashboard-sales" />
        <Stat label={f('orders')} value={d?.sales.orders ?? 0} testId="dashboard-orders" />
        <Stat label={f('devolutions')} value={d?.sales.devolutions ?? 0} testId="dashboard-devolutions" />
      </Section>
      <Section title={t(`${T}.leftAndRefunded`)}>
        <Stat label={f('cashLeft')} value={d?.balances.cash ?? 0} money testId="dashboard-cash-left" />
        <Stat label={f('giftLeft')} value={d?.balances.gift ?? 0} money testId="dashboard-gift-left" />
        <Stat label={f('wristbands')} value={d?.balances.wristbands ?? 0} testId="dashboard-wristbands" />
        <Stat
          label={f('bankRefunds')}
          value={d?.refunds.bankAmount ?? 0}
          money
          testId="dashboard-bank-refunds"
        />
        <Stat
          label={f('bankPending')}
          value={d?.refunds.bankPendingAmount ?? 0}
          money
          testId="dashboard-bank-pending"
        />
      </Section>
      <MoneyFiguresHelp extra={[t(`${T}.help.balances`), t(`${T}.help.online`)]} />

      <HourChart rows={d?.byHour ?? []} />

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <PaymentsCard data={d} filterInfo={info} />
        <ZonesCard zones={d?.zones ?? []} filterInfo={info} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ReportTable<DashboardTopLocation>
          title={t(`${T}.topLocations`)}
          fileName="dashboard-top-locations"
          testId="dashboard-top-locations"
          filterInfo={info}
          loading={report.isFetching && !d}
          rows={d?.topLocations ?? []}
          rowKey={(r, i) => r.id ?? `none-${i}`}
          columns={[
            { key: 'location', label: f('location'), value: (r) => r.name ?? (r.id ? `#${r.id}` : '—') },
            { key: 'orders', label: f('orders'), value: (r) => r.orders },
            { key: 'amount', label: f('amount'), value: (r) => r.amount, money: true },
          ]}
        />
        <ReportTable<DashboardTopArticle>
          title={t(`${T}.topArticles`)}
          fileName="dashboard-top-articles"
          testId="dashboard-top-articles"
          filterInfo={info}
          loading={report.isFetching && !d}
          rows={d?.topArticles ?? []}
          rowKey={(r) => r.id}
          columns={[
            { key: 'article', label: f('article'), value: (r) => r.name ?? `#${r.id}` },
            { key: 'quantity', label: f('quantity'), value: (r) => r.quantity },
            { key: 'amount', label: f('amount'), value: (r) => r.amount, money: true },
          ]}
        />
      </SimpleGrid>
    </ReportPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={5} c="dimmed">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>{children}</SimpleGrid>
    </Stack>
  );
}

/** Top-ups and sales per hour of the event's clock, as bars in the display currency. */
function HourChart({ rows }: { rows: QuickDashboardResult['byHour'] }) {
  const { t } = useTranslation();
  const currency = useEventCurrency();
  const lang = currentLanguage();
  const moneyAxis = useMoneyAxis();
  return (
    <Card withBorder data-testid="dashboard-chart">
      <Title order={4} mb="sm">
        {t(`${T}.byHour`)}
      </Title>
      {rows.length ? (
        <BarChart
          h={280}
          data={rows.map((r) => ({
            hour: hourLabel(r.hour, lang),
            topUps: centsToDisplay(r.topUps, currency),
            sales: centsToDisplay(r.sales, currency),
          }))}
          dataKey="hour"
          withLegend
          series={[
            { name: 'topUps', label: t(`${T}.fields.topUps`), color: 'teal.6' },
            { name: 'sales', label: t(`${T}.fields.sales`), color: 'indigo.6' },
          ]}
          {...moneyAxis}
        />
      ) : (
        <Text c="dimmed" size="sm">
          {t('reports.noData')}
        </Text>
      )}
    </Card>
  );
}

/** A row of the payments card's spreadsheet: a top-up or sales payment type. */
interface PaymentLine {
  movement: string;
  paymentType: string;
  count: number | null;
  amount: number;
}

/** A card's title with its spreadsheet download. */
function CardHeader({
  title,
  onDownload,
  testId,
}: {
  title: string;
  onDownload?: () => Promise<void>;
  testId: string;
}) {
  return (
    <Group justify="space-between" mb="sm">
      <Title order={4}>{title}</Title>
      <DownloadButton onClick={() => onDownload?.()} disabled={!onDownload} testId={`${testId}-download`} />
    </Group>
  );
}

/** How the money came in (top-ups per payment type) and how sales were paid. */
function PaymentsCard({ data, filterInfo }: { data?: QuickDashboardResult; filterInfo: [string, string][] }) {
  const { t } = useTranslation();
  const currency = useEventCurrency();
  const lang = currentLanguage();
  const money = (c: number) => formatMoney(c, currency, lang);
  const download = useReportDownload();
  const f = (k: string) => t(`${T}.fields.${k}`);
  const lines: PaymentLine[] = [
    ...(data?.topUps.byPaymentType ?? []).map((p) => ({
      movement: f('topUps'),
      paymentType: t(`${T}.topUpPayments.${p.paymentType ?? 'none'}`),
      count: p.count,
      amount: p.amount,
    })),
    ...(data?.sales.byPaymentType ?? []).map((p) => ({
      movement: f('sales'),
      paymentType: t(`${T}.salesPayments.${p.paymentType}`),
      count: null,
      amount: p.amount,
    })),
  ];
  const columns: ReportColumn<PaymentLine>[] = [
    { key: 'movement', label: f('movement'), value: (l) => l.movement },
    { key: 'paymentType', label: f('paymentType'), value: (l) => l.paymentType },
    { key: 'count', label: f('count'), value: (l) => l.count },
    { key: 'amount', label: f('amount'), value: (l) => l.amount, money: true },
  ];
  return (
    <Card withBorder data-testid="dashboard-payments">
      <CardHeader
        title={t(`${T}.payments`)}
        testId="dashboard-payments"
        onDownload={
          lines.length
            ? () =>
                download({
                  title: t(`${T}.payments`),
                  fileName: 'dashboard-payment-types',
                  columns,
                  rows: lines,
                  filterInfo,
                })
            : undefined
        }
      />
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${T}.fields.paymentType`)}</Table.Th>
            <Table.Th ta="right">{t(`${T}.fields.count`)}</Table.Th>
            <Table.Th ta="right">{t(`${T}.fields.amount`)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={3} fw={600}>
              {t(`${T}.fields.topUps`)}
            </Table.Td>
          </Table.Tr>
          {(data?.topUps.byPaymentType ?? []).map((p) => (
            <Table.Tr key={`t-${p.paymentType}`}>
              <Table.Td pl="lg">{t(`${T}.topUpPayments.${p.paymentType ?? 'none'}`)}</Table.Td>
              <Table.Td ta="right">{formatNumber(p.count, lang)}</Table.Td>
              <Table.Td ta="right">{money(p.amount)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td colSpan={3}>
              <Text size="xs" c="dimmed" data-testid="dashboard-topups-note">
                {t(`${T}.topUpPaymentsNote`)}
              </Text>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td colSpan={3} fw={600}>
              {t(`${T}.fields.sales`)}
            </Table.Td>
          </Table.Tr>
          {(data?.sales.byPaymentType ?? []).map((p) => (
            <Table.Tr key={`s-${p.paymentType}`}>
              <Table.Td pl="lg">{t(`${T}.salesPayments.${p.paymentType}`)}</Table.Td>
              <Table.Td />
              <Table.Td ta="right">{money(p.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** A zone's occupancy in percent of its capacity, or null when it has none. */
const occupancy = (z: DashboardZone) => (z.capacity > 0 ? roundPercent((z.inside / z.capacity) * 100) : null);

/** People inside each zone now, against its capacity when it has one. */
function ZonesCard({ zones, filterInfo }: { zones: DashboardZone[]; filterInfo: [string, string][] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const download = useReportDownload();
  const f = (k: string) => t(`${T}.fields.${k}`);
  const columns: ReportColumn<DashboardZone>[] = [
    { key: 'zone', label: f('zone'), value: (z) => z.name ?? `#${z.id}` },
    { key: 'inside', label: f('inside'), value: (z) => z.inside },
    { key: 'capacity', label: f('capacity'), value: (z) => (z.capacity > 0 ? z.capacity : null) },
    { key: 'occupancy', label: f('occupancy'), value: occupancy },
  ];
  return (
    <Card withBorder data-testid="dashboard-zones">
      <CardHeader
        title={t(`${T}.zones`)}
        testId="dashboard-zones"
        onDownload={
          zones.length
            ? () =>
                download({
                  title: t(`${T}.zones`),
                  fileName: 'dashboard-zones',
                  columns,
                  rows: zones,
                  filterInfo,
                })
            : undefined
        }
      />
      {zones.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t(`${T}.noZones`)}
        </Text>
      ) : (
        <Stack gap="sm">
          {zones.map((z) => {
            const pct = occupancy(z);
            return (
              <div key={z.id} data-testid="dashboard-zone">
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={500}>
                    {z.name ?? `#${z.id}`}
                  </Text>
                  <Text size="sm">
                    {pct === null
                      ? t(`${T}.inside`, { n: formatNumber(z.inside, lang) })
                      : t(`${T}.insideOf`, {
                          n: formatNumber(z.inside, lang),
                          capacity: formatNumber(z.capacity, lang),
                          pct: formatPercent(pct, lang),
                        })}
                  </Text>
                </Group>
                {pct !== null && <Progress value={Math.min(100, pct)} color={progressColor(pct)} />}
              </div>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
