import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Group, Select, Title } from '@mantine/core';
import { TIME_VALIDATION_MINUTES, type TimeValidationResult } from '@pulsera/contracts';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ReportPage, useFilterInfo, useReport } from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { type FilterField, useReportFilter } from '../../../components/reports/use-report-filter';
import { dayjs, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { TICKETING, TK } from './api';
import { TicketingTabs } from './shared';

const FIELDS: FilterField[] = ['day', 'dates', 'location', 'staff', 'role', 'device'];
const DEFAULT_MINUTES = 15;
type Bucket = TimeValidationResult['buckets'][number];

/**
 * Ticketing, validation time tab (permission tickets): ticket validations per bucket of N minutes
 * (local time), as a chart — when the gates were busy — with the filter bar and a table.
 */
export default function TimePage() {
  const { t } = useTranslation();
  const tz = useSession().event?.zona_horaria ?? 'Europe/Madrid';
  const filters = useReportFilter(FIELDS);
  const info = useFilterInfo(filters);
  const search = useSearch({ strict: false }) as { minutes?: string | number };
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const minutes = (TIME_VALIDATION_MINUTES as readonly number[]).includes(Number(search.minutes))
    ? Number(search.minutes)
    : DEFAULT_MINUTES;
  const report = useReport<TimeValidationResult>(
    TICKETING.timeValidation,
    { ...filters.query, minutes },
    { enabled: filters.ready },
  );
  const f = (k: string) => t(`${TK}.fields.${k}`);
  const buckets = report.data?.buckets ?? [];
  const multiDay =
    buckets.length > 0 &&
    dayjs(buckets[0]!.date).tz(tz).format('YYYYMMDD') !==
      dayjs(buckets[buckets.length - 1]!.date)
        .tz(tz)
        .format('YYYYMMDD');
  const label = (iso: string) =>
    dayjs(iso)
      .tz(tz)
      .locale(currentLanguage())
      .format(multiDay ? 'DD/MM HH:mm' : 'HH:mm');
  const columns: ReportColumn<Bucket>[] = [
    { key: 'date', label: f('from'), value: (b) => formatDateTime(b.date, tz), instant: (b) => b.date },
    { key: 'validations', label: f('validations'), value: (b) => b.validations, total: true },
    { key: 'repeated', label: f('repeated'), value: (b) => b.repeated, total: true },
  ];
  const setMinutes = (v: string | null) => {
    const next: Record<string, unknown> = { ...search, minutes: v ? Number(v) : undefined };
    navigate({ to: pathname, search: next, replace: true });
  };
  return (
    <ReportPage title={t(`${TK}.time.title`)} tabs={<TicketingTabs />} filters={filters}>
      <Group>
        <Select
          label={f('minutes')}
          data={TIME_VALIDATION_MINUTES.map((m) => ({
            value: String(m),
            label: t(`${TK}.minutes`, { count: m }),
          }))}
          value={String(minutes)}
          onChange={setMinutes}
          allowDeselect={false}
          w={160}
          data-testid="time-minutes"
        />
      </Group>
      {buckets.length > 0 && (
        <Card withBorder data-testid="time-chart">
          <Title order={4} mb="sm">
            {t(`${TK}.time.chart`, { count: minutes })}
          </Title>
          <BarChart
            h={300}
            data={buckets.map((b) => ({
              label: label(b.date),
              first: b.validations - b.repeated,
              repeated: b.repeated,
            }))}
            dataKey="label"
            type="stacked"
            withLegend
            series={[
              { name: 'first', label: f('firstValidations'), color: 'blue.6' },
              { name: 'repeated', label: f('repeated'), color: 'orange.5' },
            ]}
          />
        </Card>
      )}
      <ReportTable
        title={t(`${TK}.time.table`)}
        fileName="validation-time"
        columns={columns}
        rows={buckets}
        rowKey={(b) => b.date}
        filterInfo={[...info, [f('minutes'), String(minutes)]]}
        loading={report.isFetching}
        testId="time-table"
      />
    </ReportPage>
  );
}
