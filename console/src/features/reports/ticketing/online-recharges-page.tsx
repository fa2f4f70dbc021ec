import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Title } from '@mantine/core';
import type { OverviewPreRechargesResult, PreRechargeDay } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { ReportPage, Stat, StatGrid, useReport } from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { dayjs, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { centsToDisplay, useEventCurrency } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { useMoneyAxis } from '../top-ups/money-chart';
import { TICKETING, TK } from './api';
import { TicketingTabs } from './shared';

/**
 * Ticketing, online recharges tab (permission tickets): the pre top-ups — paid online top-ups bought
 * before the event started — per day of purchase, and how many reached a wristband.
 */
export default function OnlineRechargesPage() {
  const { t } = useTranslation();
  const tz = useSession().event?.zona_horaria;
  const currency = useEventCurrency();
  const lang = currentLanguage();
  const moneyAxis = useMoneyAxis();
  const report = useReport<OverviewPreRechargesResult>(TICKETING.overviewPreRecharges, {});
  const f = (k: string) => t(`${TK}.fields.${k}`);
  const total = report.data?.total;
  const days = report.data?.days ?? [];
  const dayLabel = (d: string) => dayjs(d).locale(lang).format('ddd D MMM YYYY');
  const columns: ReportColumn<PreRechargeDay>[] = [
    { key: 'day', label: f('day'), value: (r) => dayLabel(r.day) },
    { key: 'count', label: f('count'), value: (r) => r.count, total: true },
    {
      key: 'amountRecharge',
      label: f('amountRecharge'),
      value: (r) => r.amountRecharge,
      money: true,
      total: true,
    },
    { key: 'amountBonus', label: f('amountBonus'), value: (r) => r.amountBonus, money: true, total: true },
    { key: 'redeemed', label: f('redeemed'), value: (r) => r.redeemed, total: true },
    {
      key: 'amountRedeemed',
      label: f('amountRedeemed'),
      value: (r) => r.amountRedeemed,
      money: true,
      total: true,
    },
    {
      key: 'amountPending',
      label: f('amountPending'),
      value: (r) => r.amountRecharge - r.amountRedeemed,
      money: true,
      total: true,
    },
  ];
  return (
    <ReportPage title={t(`${TK}.preRecharges.title`)} tabs={<TicketingTabs />}>
      <StatGrid>
        <Stat label={f('count')} value={total?.count ?? 0} testId="stat-pre-count" />
        <Stat label={f('amountRecharge')} value={total?.amountRecharge ?? 0} money testId="stat-pre-amount" />
        <Stat label={f('amountBonus')} value={total?.amountBonus ?? 0} money testId="stat-pre-bonus" />
        <Stat label={f('redeemed')} value={total?.redeemed ?? 0} testId="stat-pre-redeemed" />
        <Stat
          label={f('amountPending')}
          value={(total?.amountRecharge ?? 0) - (total?.amountRedeemed ?? 0)}
          money
          testId="stat-pre-pending"
        />
      </StatGrid>
      {days.length > 0 && (
        <Card withBorder data-testid="pre-recharges-chart">
          <Title order={4} mb="sm">
            {t(`${TK}.preRecharges.byDay`)}
          </Title>
          <BarChart
            h={260}
            data={days.map((d) => ({
              label: dayLabel(d.day),
              redeemed: centsToDisplay(d.amountRedeemed, currency),
              pending: centsToDisplay(d.amountRecharge - d.amountRedeemed, currency),
            }))}
            dataKey="label"
            type="stacked"
            withLegend
            series={[
              { name: 'redeemed', label: f('amountRedeemed'), color: 'teal.6' },
              { name: 'pending', label: f('amountPending'), color: 'orange.5' },
            ]}
            {...moneyAxis}
          />
        </Card>
      )}
      <ReportTable
        title={t(`${TK}.preRecharges.byDay`)}
        fileName="pre-top-ups"
        columns={columns}
        rows={days}
        rowKey={(r) => r.day}
        filterInfo={report.data ? [[f('eventStart'), formatDateTime(report.data.eventStart, tz)]] : []}
        loading={report.isFetching}
        testId="pre-recharges-table"
      />
    </ReportPage>
  );
}
