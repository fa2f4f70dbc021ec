import { Group, Pagination } from '@mantine/core';
import { formatNumber, PAGINATION_WINDOW } from '@pulsera/contracts';
import {
  type DataTablePaginationRenderContext,
  type DataTableProps,
  DataTable as MantineDataTable,
} from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import './data-table.css';

/**
 * The pages a paginated table offers (01-console §9: a window of 20 pages): `size` consecutive pages
 * around the current one, shifted to stay within 1 … totalPages; all of them when there are fewer.
 */
export function pageWindow(page: number, totalPages: number, size = PAGINATION_WINDOW): number[] {
  if (totalPages < 1) return [];
  const n = Math.min(size, totalPages);
  const first = Math.min(Math.max(1, page - Math.floor((n - 1) / 2)), totalPages - n + 1);
  return Array.from({ length: n }, (_, i) => first + i);
}

const CONTROL_LABELS = {
  first: 'table.firstPage',
  previous: 'table.previousPage',
  next: 'table.nextPage',
  last: 'table.lastPage',
} as const;

/**
 * The footer of a paginated table: "1 – 10 of 1,000" in the reader's language and number format
 * ("1 – 10 de 1.000"), and the window of pages with first/previous/next/last, named in that language.
 */
function WindowedPagination({ state, actions, Controls }: DataTablePaginationRenderContext) {
  const { t } = useTranslation();
  const pages = pageWindow(state.page, state.totalPages);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" w="100%">
      <Controls.Text />
      <Pagination.Root
        total={state.totalPages}
        value={state.page}
        onChange={actions.setPage}
        size={state.paginationSize}
        disabled={state.fetching}
      >
        <Group gap={4} wrap="wrap" data-testid="table-pagination">
          <Pagination.First aria-label={t(CONTROL_LABELS.first)} />
          <Pagination.Previous aria-label={t(CONTROL_LABELS.previous)} />
          {pages.map((p) => (
            <Pagination.Control
              key={p}
              active={p === state.page}
              onClick={() => actions.setPage(p)}
              aria-label={t('table.page', { page: formatNumber(p, currentLanguage()) })}
              aria-current={p === state.page ? 'page' : undefined}
            >
              {p}
            </Pagination.Control>
          ))}
          <Pagination.Next aria-label={t(CONTROL_LABELS.next)} />
          <Pagination.Last aria-label={t(CONTROL_LABELS.last)} />
        </Group>
      </Pagination.Root>
    </Group>
  );
}

/** More columns than this and a table is set in a smaller type with narrower cell padding. */
export const DENSE_FROM_COLUMNS = 9;

/**
 * The console's data table: mantine-datatable with the console's pagination (a window of 20 pages),
 * and headers and badges that are never cut (data-table.css: titles wrap between words, a column's
 * width is where it starts). Every table of the console uses this one, never mantine-datatable directly.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const paged = (props as { page?: number }).page !== undefined;
  const lang = currentLanguage();
  const extra = paged
    ? {
        renderPagination: (ctx: DataTablePaginationRenderContext) => <WindowedPagination {...ctx} />,
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
          t('table.pageRange', {
            from: formatNumber(from, lang),
            to: formatNumber(to, lang),
            total: formatNumber(totalRecords, lang),
          }),
      }
    : {};
  const className = [props.className, 'pulsera-table'].filter(Boolean).join(' ');
  // A wide table (a cash-up, a bar's documents) is set denser so its columns fit the screen.
  const dense = (props.columns?.length ?? 0) > DENSE_FROM_COLUMNS;
  const density = dense ? { fz: 'xs', horizontalSpacing: 6 } : {};
  return (
    <MantineDataTable<T>
      noRecordsText={t('common.noRecords')}
      {...density}
      {...props}
      {...(extra as object)}
      className={className}
    />
  );
}

export type { DataTableColumn, DataTableProps } from 'mantine-datatable';
