import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Title } from '@mantine/core';
import { currentLanguage } from '../../../lib/i18n';
import { centsToDisplay, formatMoney, useEventCurrency } from '../../../lib/money';

/**
 * A money chart's value axis and tooltip (issue 16): the ticks in a compact form ('6K T'), so they
 * never wrap over two lines ('6,000.00 / T') and fit the axis's width; the tooltip keeps the full
 * amount. Every money chart takes its axis from here.
 */
export function useMoneyAxis() {
  const currency = useEventCurrency();
  const lang = currentLanguage();
  const compact = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
  return {
    valueFormatter: (v: number) => formatMoney(Math.round((v / (currency.rate || 1)) * 100), currency, lang),
    yAxisProps: { width: 64, tickFormatter: (v: number) => `${compact.format(v)} ${currency.symbol}` },
  };
}

/**
 * A bar chart of money figures (cents) by a label, drawn in the event's display currency: the
 * reports' charts where people would rather look than read.
 */
export function MoneyBarChart<Row>({
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
  const currency = useEventCurrency();
  const axis = useMoneyAxis();
  if (!rows.length) return null;
  const data = rows.map((r) => ({
    label: label(r),
    ...Object.fromEntries(series.map((s) => [s.key, centsToDisplay(s.value(r), currency)])),
  }));
  return (
    <Card withBorder data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      <BarChart
        h={260}
        data={data}
        dataKey="label"
        type={stacked ? 'stacked' : 'default'}
        maxBarWidth={72}
        withLegend
        series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
        {...axis}
      />
    </Card>
  );
}
