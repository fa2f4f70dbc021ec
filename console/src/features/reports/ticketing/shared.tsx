import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Title } from '@mantine/core';
import { RouteTabs } from '../../../components/reports/report-tabs';
import { TICKETING_TABS } from './api';

/** The tab row of the ticketing shell, at the top of each tab. */
export const TicketingTabs = () => <RouteTabs tabs={[...TICKETING_TABS]} />;

/** A bar chart of counts by a label (nothing when there are no rows). */
export function CountChart<Row>({
  title,
  rows,
  label,
  series,
  stacked,
  testId,
}: {
  title: string;
  rows: Row[];
  label: (row: Row) => string;
  series: { key: string; label: string; color: string; value: (row: Row) => number }[];
  stacked?: boolean;
  testId?: string;
}) {
  if (!rows.length) return null;
  return (
    <Card withBorder data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      <BarChart
        h={260}
        data={rows.map((r) => ({
          label: label(r),
          ...Object.fromEntries(series.map((s) => [s.key, s.value(r)])),
        }))}
        dataKey="label"
        type={stacked ? 'stacked' : 'default'}
        withLegend
        series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
      />
    </Card>
  );
}

export const PAGE_SIZE = 50;
