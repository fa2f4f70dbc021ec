import { Select } from '@mantine/core';
import type {
  OverviewTicketsResult,
  TicketCodeRow,
  TicketCodesResult,
  TicketRoleOverview,
  TicketsByStaffResult,
  TicketsByStaffRow,
  TicketValidationRow,
  TicketValidationsResult,
} from '@pulsera/contracts';
import { useState } from 'react';
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

/** The validation columns shared by the tickets tab's list and the search tab. */
export function useValidationColumns(): ReportColumn<TicketValidationRow>[] {
  const { t } = useTranslation();
  const tz = useSession().event?.zona_horaria;
  const f = (k: string) => t(`${TK}.fields.${k}`);
  return [
    { key: 'date', label: f('date'), value: (v) => formatDateTime(v.date, tz), instant: (v) => v.date },
    { key: 'code', label: f('code'), value: (v) => v.code },
    { key: 'rol', label: f('rol'), value: (v) => rolName(t, v.idRol, v.rol) },
    { key: 'repeated', label: f('repeated'), value: (v) => (v.repeated ? t(`${TK}.yes`) : '') },
    { key: 'staff', label: f('staff'), value: (v) => v.staff ?? (v.idStaff ? `#${v.idStaff}` : '') },
    {
      key: 'location',
      label: f('location'),
      value: (v) => v.location ?? (v.idLocation ? `#${v.idLocation}` : ''),
    },
    { key: 'device', label: f('device'), value: (v) => v.device ?? '' },
    { key: 'rfid', label: f('rfid'), value: (v) => v.rfid ?? '' },
    { key: 'customer', label: f('customer'), value: (v) => v.customer ?? '' },
  ];
}

/**
 * Ticketing, tickets tab (permission tickets): tickets sold, validated and still to come per ticket
 * rol (as they stood at the end of the chosen window), validations per staff member and gate, the
 * validations themselves, and the ticket codes by rol and state.
 */
export default function TicketsPage() {
  const { t } = useTranslation();
  const tz = useSession().event?.zona_horaria;
  const filters = useReportFilter(FIELDS);
  const info = useFilterInfo(filters);
  const q = filters.query;
  const f = (k: string) => t(`${TK}.fields.${k}`);
  const overview = useReport<OverviewTicketsResult>(
    TICKETING.overviewTickets,
    { datetime: q.dateEnd },
    { enabled: filters.ready },
  );
  const byStaff = useReport<TicketsByStaffResult>(TICKETING.byStaff, q, { enabled: filters.ready });
  const vPage = usePage(q);
  const vQuery = { ...q, page: vPage.page, paginationLimit: PAGE_SIZE };
  const validations = useReport<TicketValidationsResult>(TICKETING.validations, vQuery, {
    enabled: filters.ready,
  });
  const [codeRol, setCodeRol] = useState<string | null>(null);
  const [codeState, setCodeState] = useState<string | null>(null);
  const codesFilter = { idRol: codeRol ?? undefined, validated: codeState ?? undefined };
  const cPage = usePage(codesFilter);
  const codes = useReport<TicketCodesResult>(TICKETING.codes, {
    ...codesFilter,
    page: cPage.page,
    paginationLimit: PAGE_SIZE,
  });
  const validationColumns = useValidationColumns();

  const total = overview.data?.total;
  const roles = overview.data?.roles ?? [];
  const count = (key: keyof Omit<TicketRoleOverview, 'idRol' | 'rol'>): ReportColumn<TicketRoleOverview> => ({
    key,
    label: f(key),
    value: (r) => r[key],
    total: true,
  });
  const roleColumns: ReportColumn<TicketRoleOverview>[] = [
    { key: 'rol', label: f('rol'), value: (r) => rolName(t, r.idRol, r.rol) },
    count('sold'),
    count('validated'),
    count('pending'),
    count('cancelled'),
    count('validations'),
    count('repeated'),
  ];
  const staffColumns: ReportColumn<TicketsByStaffRow>[] = [
    { key: 'staff', label: f('staff'), value: (r) => r.staff ?? (r.idStaff ? `#${r.idStaff}` : '') },
    {
      key: 'location',
      label: f('location'),
      value: (r) => r.location ?? (r.idLocation ? `#${r.idLocation}` : ''),
    },
    { key: 'validations', label: f('validations'), value: (r) => r.validations, total: true },
    { key: 'repeated', label: f('repeated'), value: (r) => r.repeated, total: true },
    { key: 'tickets', label: f('tickets'), value: (r) => r.tickets, total: true },
  ];
  const codeColumns: ReportColumn<TicketCodeRow>[] = [
    { key: 'code', label: f('code'), value: (r) => r.code },
    { key: 'rol', label: f('rol'), value: (r) => rolName(t, r.idRol, r.rol) },
    {
      key: 'state',
      label: f('state'),
      value: (r) => (r.validated ? t(`${TK}.validated`) : t(`${TK}.notValidated`)),
    },
    {
      key: 'dateValidation',
      label: f('dateValidation'),
      value: (r) => formatDateTime(r.dateValidation, tz),
      instant: (r) => r.dateValidation,
    },
    { key: 'customer', label: f('customer'), value: (r) => r.customer ?? '' },
  ];
  const rolOptions = (filters.options?.roles ?? []).map((o) => ({ value: String(o.id), label: o.name }));

  return (
    <ReportPage title={t(`${TK}.tickets.title`)} tabs={<TicketingTabs />} filters={filters}>
      <StatGrid>
        <Stat label={f('sold')} value={total?.sold ?? 0} testId="stat-sold" />
        <Stat label={f('validated')} value={total?.validated ?? 0} testId="stat-validated" />
        <Stat label={f('pending')} value={total?.pending ?? 0} testId="stat-pending" />
        <Stat label={f('cancelled')} value={total?.cancelled ?? 0} testId="stat-cancelled" />
        <Stat label={f('repeated')} value={total?.repeated ?? 0} testId="stat-repeated" />
      </StatGrid>
      <CountChart
        title={t(`${TK}.tickets.byRol`)}
        rows={roles}
        label={(r) => rolName(t, r.idRol, r.rol)}
        stacked
        series={[
          { key: 'validated', label: f('validated'), color: 'teal.6', value: (r) => r.validated },
          { key: 'pending', label: f('pending'), color: 'gray.5', value: (r) => r.pending },
        ]}
        testId="tickets-chart"
      />
      <ReportTable
        title={t(`${TK}.tickets.byRol`)}
        fileName="tickets-by-role"
        columns={roleColumns}
        rows={roles}
        rowKey={(r) => r.idRol ?? 'none'}
        filterInfo={overview.data ? [[f('at'), formatDateTime(overview.data.datetime, tz)]] : []}
        loading={overview.isFetching}
        testId="tickets-rol-table"
      />
      <ReportTable
        title={t(`${TK}.tickets.byStaff`)}
        fileName="validations-by-staff"
        columns={staffColumns}
        rows={byStaff.data?.rows ?? []}
        rowKey={(r) => `${r.idStaff}|${r.idLocation}`}
        filterInfo={info}
        loading={byStaff.isFetching}
        testId="tickets-staff-table"
      />
      <ReportTable
        title={t(`${TK}.tickets.validations`)}
        fileName="ticket-validations"
        columns={validationColumns}
        rows={validations.data?.validations ?? []}
        rowKey={(v) => v.id}
        filterInfo={info}
        loading={validations.isFetching}
        testId="tickets-validations-table"
        page={{
          page: vPage.page,
          total: validations.data?.total ?? 0,
          pageSize: PAGE_SIZE,
          onPage: vPage.setPage,
        }}
        downloadRows={async () =>
          (await allRows<TicketValidationsResult>(TICKETING.validations, q)).validations
        }
      />
      <ReportTable
        title={t(`${TK}.tickets.codes`)}
        fileName="ticket-codes"
        columns={codeColumns}
        rows={codes.data?.tickets ?? []}
        rowKey={(r) => r.id}
        loading={codes.isFetching}
        testId="tickets-codes-table"
        toolbar={
          <>
            <Select
              size="xs"
              placeholder={f('rol')}
              data={rolOptions}
              value={codeRol}
              onChange={setCodeRol}
              clearable
              w={160}
              aria-label={f('rol')}
            />
            <Select
              size="xs"
              placeholder={f('state')}
              data={[
                { value: '1', label: t(`${TK}.validated`) },
                { value: '0', label: t(`${TK}.notValidated`) },
              ]}
              value={codeState}
              onChange={setCodeState}
              clearable
              w={160}
              aria-label={f('state')}
            />
          </>
        }
        page={{ page: cPage.page, total: codes.data?.total ?? 0, pageSize: PAGE_SIZE, onPage: cPage.setPage }}
        downloadRows={async () => (await allRows<TicketCodesResult>(TICKETING.codes, codesFilter)).tickets}
      />
    </ReportPage>
  );
}
