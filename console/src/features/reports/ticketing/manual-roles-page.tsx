import type { ManualRoleRow, ManualRolesResult } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import {
  ReportPage,
  Stat,
  StatGrid,
  useFilterInfo,
  useReport,
} from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { usePage } from '../../../components/reports/use-page';
import { type FilterField, useReportFilter } from '../../../components/reports/use-report-filter';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { allRows, rolName, TICKETING, TK } from './api';
import { CountChart, PAGE_SIZE, TicketingTabs } from './shared';

const FIELDS: FilterField[] = ['day', 'dates', 'location', 'staff', 'role', 'device'];

/**
 * Ticketing, manual roles tab (permission reportsManualRoles): the ticket rols written onto
 * wristbands by hand at the desks, per rol and one by one, filtered by staff, location and rol.
 */
export default function ManualRolesPage() {
  const { t } = useTranslation();
  const tz = useSession().event?.zona_horaria;
  const filters = useReportFilter(FIELDS);
  const info = useFilterInfo(filters);
  const paging = usePage(filters.query);
  const report = useReport<ManualRolesResult>(
    TICKETING.manualRoles,
    { ...filters.query, page: paging.page, paginationLimit: PAGE_SIZE },
    { enabled: filters.ready },
  );
  const f = (k: string) => t(`${TK}.fields.${k}`);
  const byRol = report.data?.byRol ?? [];
  const columns: ReportColumn<ManualRoleRow>[] = [
    { key: 'date', label: f('date'), value: (r) => formatDateTime(r.date, tz), instant: (r) => r.date },
    { key: 'rfid', label: f('rfid'), value: (r) => r.rfid ?? '' },
    { key: 'rol', label: f('rol'), value: (r) => rolName(t, r.idRol, r.rol) },
    { key: 'staff', label: f('staff'), value: (r) => r.staff ?? (r.idStaff ? `#${r.idStaff}` : '') },
    {
      key: 'location',
      label: f('location'),
      value: (r) => r.location ?? (r.idLocation ? `#${r.idLocation}` : ''),
    },
    { key: 'device', label: f('device'), value: (r) => r.device ?? '' },
  ];
  return (
    <ReportPage title={t(`${TK}.manualRoles.title`)} tabs={<TicketingTabs />} filters={filters}>
      <StatGrid>
        <Stat label={f('recordings')} value={report.data?.total ?? 0} testId="stat-recordings" />
        {byRol.map((r) => (
          <Stat key={r.idRol} label={rolName(t, r.idRol, r.rol)} value={r.count} />
        ))}
      </StatGrid>
      <CountChart
        title={t(`${TK}.manualRoles.byRol`)}
        rows={byRol}
        label={(r) => rolName(t, r.idRol, r.rol)}
        series={[{ key: 'count', label: f('recordings'), color: 'indigo.6', value: (r) => r.count }]}
        testId="manual-roles-chart"
      />
      <ReportTable
        title={t(`${TK}.manualRoles.list`)}
        fileName="manual-roles"
        columns={columns}
        rows={report.data?.recordings ?? []}
        rowKey={(r) => r.id}
        filterInfo={info}
        loading={report.isFetching}
        testId="manual-roles-table"
        page={{
          page: paging.page,
          total: report.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          onPage: paging.setPage,
        }}
        downloadRows={async () =>
          (await allRows<ManualRolesResult>(TICKETING.manualRoles, filters.query)).recordings
        }
      />
    </ReportPage>
  );
}
