import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { centsToDisplay, useEventCurrency } from '../../lib/money';
import { useSession } from '../../lib/session';
import { downloadXlsx } from '../../lib/xlsx';
import type { ReportColumn } from './report-table';

/** One report table as a spreadsheet. */
export interface ReportSheet<Row> {
  title: string;
  fileName: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  /** The filters in force (`useFilterInfo`), for the header block. */
  filterInfo?: [string, string][];
  /** The totals row under the table, by column key (columns with `total`); none without it. */
  totals?: Map<string, number>;
}

/**
 * The download of every report table (01-console §7): a header block with the title, the event, the
 * filters, the currency and the date, then the table with an autofilter, then its totals row. Money
 * columns (cents) become amounts of the event's display currency (or its financial one).
 */
export function useReportDownload(currencyMode: 'display' | 'local' | 'financial' = 'display') {
  const { t } = useTranslation();
  const currency = useEventCurrency(currencyMode);
  const { event } = useSession();
  const money = (v: unknown) => Math.round(centsToDisplay(Number(v) || 0, currency) * 100) / 100;
  return async <Row,>(sheet: ReportSheet<Row>) => {
    const { columns, totals } = sheet;
    await downloadXlsx({
      fileName: sheet.fileName,
      title: sheet.title,
      info: [
        [t('reports.event'), event?.nombre ?? ''],
        ...(sheet.filterInfo ?? []),
        [t('reports.currency'), currency.iso],
        [t('reports.generated'), formatDateTime(new Date().toISOString(), event?.zona_horaria)],
      ],
      timezone: event?.zona_horaria,
      // Typed cells (issue 16): amounts as numbers with 2 decimals, counts as numbers, dates as dates.
      columns: columns.map((c) => ({
        header: c.label,
        type: c.instant ? 'date' : c.money ? 'money' : c.total || c.numeric ? 'number' : undefined,
        value: (r: Row) => {
          if (c.instant) return c.instant(r) ?? '';
          const v = c.value(r);
          return c.money ? money(v) : v;
        },
      })),
      rows: sheet.rows,
      totals: totals
        ? columns.map((c, i) => {
            const v = totals.get(c.key);
            if (c.total && v !== undefined) return c.money ? money(v) : v;
            return i === 0 ? t('reports.total') : '';
          })
        : undefined,
    });
  };
}

/** The download button of a report table. */
export function DownloadButton({
  onClick,
  disabled,
  testId,
}: {
  onClick: () => void | Promise<void>;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconDownload size={14} />}
      onClick={() => void onClick()}
      disabled={disabled}
      data-testid={testId}
    >
      {t('reports.download')}
    </Button>
  );
}
