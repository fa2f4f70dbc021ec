import { Card, Group, Text, Title } from '@mantine/core';
import { formatNumber } from '@pulsera/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { formatMoney, useEventCurrency } from '../../lib/money';
import { DataTable, type DataTableColumn } from '../data-table';
import { DownloadButton, useReportDownload } from './report-download';

export interface ReportColumn<Row> {
  key: string;
  label: string;
  /** The cell's value: also what the spreadsheet gets. Money columns give cents. */
  value: (row: Row) => string | number | null | undefined;
  money?: boolean;
  /** Sum this column in the totals row (money and count columns). */
  total?: boolean;
  render?: (row: Row) => ReactNode;
  width?: number | string;
  /** A number column without a total (e.g. distinct counts): aligned right like the others. */
  numeric?: boolean;
  /** A date column: the instant (ISO) the spreadsheet writes as a date cell (`value` is its text). */
  instant?: (row: Row) => string | null | undefined;
}

/** Server paging: the page shown, and how the download gets every row of the report. */
type ServerPaging<Row> =
  | {
      page?: { page: number; total: number; pageSize: number; onPage: (p: number) => void };
      /**
       * Every row of the report for the download (e.g. the call again with disablePagination=1),
       * not only the page shown: required with server paging.
       */
      downloadRows: () => Promise<Row[]>;
    }
  | { page?: undefined; downloadRows?: () => Promise<Row[]> };

/** The totals row's figures: the server's over every row, else the sums of `rows`. */
export function reportTotals<Row>(
  columns: ReportColumn<Row>[],
  rows: Row[],
  serverTotals?: Partial<Record<string, number>>,
) {
  return new Map(
    columns
      .filter((c) => c.total)
      .map(
        (c) =>
          [c.key, serverTotals?.[c.key] ?? rows.reduce((s, r) => s + (Number(c.value(r)) || 0), 0)] as const,
      ),
  );
}

/**
 * One report table: the rows, an optional totals row, and the spreadsheet download built in the
 * browser (01-console §7: header block with the event and the filters, then an autofilter, and the
 * totals row under it). The totals are the server's (`totals`, e.g. over all pages) when the call
 * answers them, else the sums of the rows; a server-paged table without them shows no totals row
 * while more rows exist than the page holds (a page's sum would pass for the report's).
 */
export function ReportTable<Row>({
  title,
  fileName,
  columns,
  rows,
  filterInfo = [],
  rowKey,
  loading,
  testId,
  toolbar,
  page,
  pageSize,
  downloadRows,
  totals: serverTotals,
  currencyMode = 'display',
}: {
  title: string;
  fileName: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  filterInfo?: [string, string][];
  rowKey: (row: Row, index: number) => string | number;
  loading?: boolean;
  testId?: string;
  toolbar?: ReactNode;
  /**
   * Pages the rows in the browser, this many per page (e.g. the order errors' 30): the totals row
   * and the download still take every row. Ignored when `page` (server paging) is given.
   */
  pageSize?: number;
  /** The server's totals over every row of the report, by column key (columns with `total`). */
  totals?: Partial<Record<string, number>>;
  /** Money in the event's display currency (default), or in its financial currency (billing, tax). */
  currencyMode?: 'display' | 'local' | 'financial';
} & ServerPaging<Row>) {
  const { t } = useTranslation();
  const currency = useEventCurrency(currencyMode);
  const lang = currentLanguage();
  const partial = !!page && page.total > rows.length && !serverTotals;
  const withTotals = columns.some((c) => c.total) && rows.length > 0 && !partial;
  const totals = reportTotals(columns, rows, serverTotals);
  const show = (c: ReportColumn<Row>, v: unknown) =>
    c.money ? formatMoney(Number(v) || 0, currency, lang) : typeof v === 'number' ? formatNumber(v, lang) : v;

  const [clientPage, setClientPage] = useState(1);
  const keyed = rows.map((r, i) => ({ __key: rowKey(r, i), row: r }));
  const lastPage = pageSize ? Math.max(1, Math.ceil(rows.length / pageSize)) : 1;
  const paging =
    page ??
    (pageSize
      ? { page: Math.min(clientPage, lastPage), total: rows.length, pageSize, onPage: setClientPage }
      : undefined);
  const shown =
    pageSize && !page ? keyed.slice((paging!.page - 1) * pageSize, paging!.page * pageSize) : keyed;
  const dtColumns: DataTableColumn<(typeof keyed)[number]>[] = columns.map((c, i) => ({
    accessor: c.key,
    title: c.label,
    width: c.width,
    textAlign: c.money || c.total || c.numeric ? 'right' : 'left',
    // Amounts and counts never break over two lines.
    noWrap: !!(c.money || c.total || c.numeric),
    render: ({ row }) => (c.render ? c.render(row) : (show(c, c.value(row)) as ReactNode)),
    footer: withTotals
      ? i === 0
        ? t('reports.total')
        : c.total
          ? (show(c, totals.get(c.key)) as ReactNode)
          : undefined
      : undefined,
  }));

  const downloadSheet = useReportDownload(currencyMode);
  const download = async () => {
    const all = downloadRows ? await downloadRows() : rows;
    await downloadSheet({
      title,
      fileName,
      columns,
      rows: all,
      filterInfo,
      // Every row is in the sheet: the server's totals, else the sums of what was downloaded.
      totals:
        columns.some((c) => c.total) && all.length > 0 ? reportTotals(columns, all, serverTotals) : undefined,
    });
  };

  return (
    <Card withBorder data-testid={testId}>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        <Group gap="xs">
          {toolbar}
          <DownloadButton
            onClick={download}
            disabled={rows.length === 0}
            testId={testId ? `${testId}-download` : undefined}
          />
        </Group>
      </Group>
      {paging ? (
        <DataTable
          records={shown}
          idAccessor="__key"
          columns={dtColumns}
          fetching={loading}
          minHeight={rows.length ? undefined : 120}
          noRecordsText={t('reports.noData')}
          striped
          page={paging.page}
          totalRecords={paging.total}
          recordsPerPage={paging.pageSize}
          onPageChange={paging.onPage}
        />
      ) : (
        <DataTable
          records={keyed}
          idAccessor="__key"
          columns={dtColumns}
          fetching={loading}
          minHeight={rows.length ? undefined : 120}
          noRecordsText={t('reports.noData')}
          striped
        />
      )}
      {rows.length > 0 && !paging && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('reports.rows', { count: rows.length })}
        </Text>
      )}
    </Card>
  );
}
