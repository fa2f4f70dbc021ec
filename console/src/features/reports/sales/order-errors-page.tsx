import {
  ORDER_ERRORS_PAGE_SIZE,
  type OrderError,
  type OrderErrorsPage as OrderErrorsPageResult,
  type OrderErrorsResult,
} from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { ReportPage, useFilterInfo, useReport } from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { usePage } from '../../../components/reports/use-page';
import { useReportFilter } from '../../../components/reports/use-report-filter';
import { api, queryString, withoutBlanks } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { named, ORDER_ERROR_FIELDS, ORDER_ERRORS_CALL } from './api';

const T = 'reports.orderErrors';

/**
 * admin/reports/order-errors (02-catalogue §2 Order errors): the kitchen and metre orders terminals
 * could not place, newest first, 30 per page, paged by the server (a festival day holds thousands);
 * the download takes them all (the call without a page answers the whole list).
 */
export default function OrderErrorsPage() {
  const { t } = useTranslation();
  const filters = useReportFilter(ORDER_ERROR_FIELDS, { locations: 'sale' });
  const info = useFilterInfo(filters);
  const paging = usePage(filters.query);
  const report = useReport<OrderErrorsPageResult>(
    ORDER_ERRORS_CALL,
    { ...filters.query, page: paging.page, paginationLimit: ORDER_ERRORS_PAGE_SIZE },
    { enabled: filters.ready },
  );
  const tz = filters.options?.event.timezone;
  const f = (k: string) => t(`${T}.fields.${k}`);
  const columns: ReportColumn<OrderError>[] = [
    { key: 'id', label: f('id'), value: (r) => r.id, width: 90 },
    {
      key: 'date_create',
      label: f('date_create'),
      value: (r) => formatDateTime(r.date_create, tz),
      instant: (r) => r.date_create,
    },
    { key: 'message', label: f('message'), value: (r) => r.message },
    { key: 'seatName', label: f('seatName'), value: (r) => r.seatName ?? '—' },
    { key: 'roomName', label: f('roomName'), value: (r) => named(r.roomName, r.idRoom) },
    { key: 'staffName', label: f('staffName'), value: (r) => named(r.staffName, r.idStaff) },
  ];
  return (
    <ReportPage title={t(`${T}.title`)} filters={filters}>
      <ReportTable
        title={t(`${T}.table`, { count: report.data?.total ?? 0 })}
        fileName="order-errors"
        columns={columns}
        rows={report.data?.orderErrors ?? []}
        rowKey={(r) => r.id}
        filterInfo={info}
        loading={report.isFetching}
        testId="order-errors-table"
        page={{
          page: paging.page,
          total: report.data?.total ?? 0,
          pageSize: ORDER_ERRORS_PAGE_SIZE,
          onPage: paging.setPage,
        }}
        downloadRows={() =>
          api.get<OrderErrorsResult>(`${ORDER_ERRORS_CALL}${queryString(withoutBlanks(filters.query))}`)
        }
      />
    </ReportPage>
  );
}
