import { Alert, Stack, Tabs, Text } from '@mantine/core';
import {
  DOCUMENTS,
  type DocumentId,
  formatPercent,
  hasPermission,
  type LocationDocumentResult,
  type LocationDocumentRow,
  type PaymentDocumentResult,
  type PaymentDocumentRow,
  type SalesVatResult,
  type SalesVatRow,
  type StaffCashUpResult,
  type StaffCashUpRow,
  type TicketDocumentResult,
  type TicketDocumentRow,
} from '@pulsera/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportPage, useFilterInfo, useReport } from '../../../components/reports/report-page';
import { type ReportColumn, ReportTable } from '../../../components/reports/report-table';
import { type ReportFilterState, useReportFilter } from '../../../components/reports/use-report-filter';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoney, useEventCurrency } from '../../../lib/money';
import { subjectOf, useSession } from '../../../lib/session';

const T = 'reports.documents';
const FIELDS = ['day', 'dates'] as const;
const PAYMENTS = ['S', 'B', 'T', 'O'] as const;

/**
 * admin/reports/documents (any of downloadBilling, tickets, reportsStaff, reportsLocation; the
 * contents are our design, decisions.md "Reports"): what a promoter needs to invoice and settle with
 * the bars and the tax office — sales and VAT per location and day, top-ups and refunds per payment
 * type (downloadBilling), the bars' settlement (reportsLocation), the staff cash-up (reportsStaff)
 * and the tickets per role (tickets). Each is a table downloaded as xlsx, in the event's financial
 * currency (what is invoiced), for the window of the filter bar.
 */
export default function DocumentsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const filters = useReportFilter([...FIELDS]);
  const mine = DOCUMENTS.filter((d) => hasPermission(subjectOf(session), d.permission));
  const [tab, setTab] = useState<DocumentId | null>(mine[0]?.id ?? null);
  const active = mine.some((d) => d.id === tab) ? tab : (mine[0]?.id ?? null);

  return (
    <ReportPage title={t(`${T}.title`)} filters={filters}>
      <Alert variant="light" icon={<IconInfoCircle size={16} />}>
        {t(`${T}.intro`)}
      </Alert>
      <Tabs value={active} onChange={(v) => setTab(v as DocumentId)} keepMounted={false}>
        <Tabs.List>
          {mine.map((d) => (
            <Tabs.Tab key={d.id} value={d.id} data-testid={`document-tab-${d.id}`}>
              {t(`${T}.${d.id}.title`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {mine.map((d) => (
          <Tabs.Panel key={d.id} value={d.id} pt="md">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t(`${T}.${d.id}.description`)}
              </Text>
              <DocumentView id={d.id} filters={filters} />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </ReportPage>
  );
}

function DocumentView({ id, filters }: { id: DocumentId; filters: ReportFilterState }) {
  switch (id) {
    case 'salesVat':
      return <SalesVat filters={filters} />;
    case 'payments':
      return <Payments filters={filters} />;
    case 'locations':
      return <Locations filters={filters} />;
    case 'staffCashUp':
      return <StaffCashUp filters={filters} />;
    case 'tickets':
      return <Tickets filters={filters} />;
  }
}

const pathOf = (id: DocumentId) => `/reports/documents/${DOCUMENTS.find((d) => d.id === id)!.path}`;

/** A document's call with the bar's query, its header block and the translated column labels. */
function useDocument<T>(id: DocumentId, filters: ReportFilterState) {
  const { t } = useTranslation();
  const { event } = useSession();
  const report = useReport<T>(pathOf(id), filters.query, { enabled: filters.ready });
  const info = useFilterInfo(filters);
  const f = (k: string) => t(`${T}.fields.${k}`);
  const slug = (event?.nombre ?? 'event').replace(/[^\p{L}\p{N}]+/gu, '-');
  return {
    report,
    info,
    f,
    title: t(`${T}.${id}.title`),
    fileName: `${t(`${T}.${id}.file`)}-${slug}`,
    loading: report.isFetching,
  };
}

function paymentColumns<Row extends Record<(typeof PAYMENTS)[number], number>>(
  f: (k: string) => string,
): ReportColumn<Row>[] {
  return PAYMENTS.map((p) => ({
    key: p,
    label: f(`pay${p}`),
    value: (r: Row) => r[p],
    money: true,
    total: true,
  }));
}

function SalesVat({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const d = useDocument<SalesVatResult>('salesVat', filters);
  const res = d.report.data;
  const vat = res?.vatRate ?? null;
  const info: [string, string][] = [
    ...d.info,
    [d.f('fiscalName'), res?.fiscalName ?? '—'],
    [d.f('nif'), res?.nif ?? '—'],
    [d.f('vatRate'), vat === null ? t(`${T}.noVat`) : formatPercent(vat, currentLanguage())],
  ];
  return (
    <Stack gap="sm">
      {res && vat === null && (
        <Alert color="yellow" variant="light" data-testid="document-no-vat">
          {t(`${T}.noVat`)}
        </Alert>
      )}
      <ReportTable<SalesVatRow>
        title={d.title}
        fileName={d.fileName}
        testId="document-salesVat"
        currencyMode="financial"
        filterInfo={info}
        loading={d.loading}
        rows={res?.rows ?? []}
        rowKey={(r) => `${r.day}|${r.idLocation}`}
        columns={[
          { key: 'day', label: d.f('day'), value: (r) => r.day },
          {
            key: 'location',
            label: d.f('location'),
            value: (r) => r.location ?? (r.idLocation ? `#${r.idLocation}` : '—'),
          },
          { key: 'orders', label: d.f('orders'), value: (r) => r.orders, total: true },
          { key: 'devolutions', label: d.f('devolutions'), value: (r) => r.devolutions, total: true },
          { key: 'gross', label: d.f('gross'), value: (r) => r.gross, money: true, total: true },
          { key: 'net', label: d.f('net'), value: (r) => r.net, money: true, total: true },
          { key: 'vat', label: d.f('vat'), value: (r) => r.vat, money: true, total: true },
          ...paymentColumns<SalesVatRow>(d.f),
        ]}
      />
    </Stack>
  );
}

function Payments({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const d = useDocument<PaymentDocumentResult>('payments', filters);
  return (
    <ReportTable<PaymentDocumentRow>
      title={d.title}
      fileName={d.fileName}
      testId="document-payments"
      currencyMode="financial"
      filterInfo={d.info}
      loading={d.loading}
      rows={d.report.data?.rows ?? []}
      rowKey={(r) => `${r.day}|${r.kind}|${r.paymentType}`}
      columns={[
        { key: 'day', label: d.f('day'), value: (r) => r.day },
        { key: 'kind', label: d.f('kind'), value: (r) => t(`${T}.kinds.${r.kind}`) },
        {
          key: 'paymentType',
          label: d.f('paymentType'),
          value: (r) =>
            t(`${T}.topUpPayments.${r.paymentType ?? 'none'}`, { defaultValue: r.paymentType ?? '' }),
        },
        { key: 'count', label: d.f('count'), value: (r) => r.count, total: true },
        { key: 'amount', label: d.f('cashBalance'), value: (r) => r.amount, money: true, total: true },
        { key: 'bonus', label: d.f('giftBalance'), value: (r) => r.bonus, money: true, total: true },
        { key: 'money', label: d.f('money'), value: (r) => r.money, money: true, total: true },
        { key: 'fee', label: d.f('fee'), value: (r) => r.fee, money: true, total: true },
      ]}
    />
  );
}

function Locations({ filters }: { filters: ReportFilterState }) {
  const d = useDocument<LocationDocumentResult>('locations', filters);
  return (
    <ReportTable<LocationDocumentRow>
      title={d.title}
      fileName={d.fileName}
      testId="document-locations"
      currencyMode="financial"
      filterInfo={d.info}
      loading={d.loading}
      rows={d.report.data?.rows ?? []}
      rowKey={(r, i) => r.idLocation ?? `none-${i}`}
      columns={[
        {
          key: 'location',
          label: d.f('location'),
          value: (r) => r.location ?? (r.idLocation ? `#${r.idLocation}` : '—'),
        },
        { key: 'orders', label: d.f('orders'), value: (r) => r.orders, total: true },
        { key: 'devolutions', label: d.f('devolutions'), value: (r) => r.devolutions, total: true },
        { key: 'quantity', label: d.f('quantity'), value: (r) => r.quantity, total: true },
        { key: 'gifts', label: d.f('gifts'), value: (r) => r.gifts, total: true },
        { key: 'amount', label: d.f('gross'), value: (r) => r.amount, money: true, total: true },
        ...paymentColumns<LocationDocumentRow>(d.f),
      ]}
    />
  );
}

function StaffCashUp({ filters }: { filters: ReportFilterState }) {
  const { t } = useTranslation();
  const d = useDocument<StaffCashUpResult>('staffCashUp', filters);
  const m = (key: keyof StaffCashUpRow & string): ReportColumn<StaffCashUpRow> => ({
    key,
    label: d.f(key),
    value: (r) => r[key] as number,
    money: true,
    total: true,
  });
  // The count of a staff member who never closed their cash desk in the window is no figure, not 0.
  const notClosed = t(`${T}.staffCashUp.notClosed`);
  const financial = useEventCurrency('financial');
  const closing = (key: 'counted' | 'difference'): ReportColumn<StaffCashUpRow> => ({
    ...m(key),
    render: (r) =>
      r[key] === null ? (
        <Text span size="sm" c="dimmed">
          {notClosed}
        </Text>
      ) : (
        formatMoney(r[key], financial, currentLanguage())
      ),
  });
  const rows = d.report.data?.rows ?? [];
  // Operations a terminal recorded with no staff member signed in (kiosks' refunds and top-ups):
  // named and explained in words, as the top-ups' cashboxes do, never a row of dashes.
  const noStaff = t('reports.topUps.cashboxes.noStaff');
  const who: ReportColumn<StaffCashUpRow>[] = [
    {
      key: 'staff',
      label: d.f('staff'),
      value: (r) => r.staff ?? (r.idStaff ? `#${r.idStaff}` : noStaff),
    },
    {
      key: 'intern',
      label: d.f('intern'),
      value: (r) =>
        r.intern === null ? '' : t(r.intern === 1 ? 'reports.filters.internal' : 'reports.filters.external'),
    },
  ];
  const common = {
    currencyMode: 'financial' as const,
    filterInfo: d.info,
    loading: d.loading,
    rows,
    rowKey: (r: StaffCashUpRow, i: number) => r.idStaff ?? `none-${i}`,
  };
  // Two tables of one document, so that each fits the screen whole (issue 16): the till (money
  // taken and paid out, the cash to hand in) and the sales each staff member served.
  return (
    <>
      <ReportTable<StaffCashUpRow>
        {...common}
        title={d.title}
        fileName={d.fileName}
        testId="document-staffCashUp"
        columns={[
          ...who,
          { key: 'operations', label: d.f('operations'), value: (r) => r.operations, total: true },
          m('cashIn'),
          m('cashOut'),
          m('cashToHandIn'),
          closing('counted'),
          closing('difference'),
          m('cardIn'),
          m('cardOut'),
          m('otherIn'),
          m('otherOut'),
          m('fee'),
        ]}
      />
      <ReportTable<StaffCashUpRow>
        {...common}
        title={t(`${T}.staffCashUp.salesTitle`)}
        fileName={d.fileName.replace(t(`${T}.staffCashUp.file`), t(`${T}.staffCashUp.salesFile`))}
        testId="document-staffCashUp-sales"
        columns={[
          ...who,
          { key: 'salesOrders', label: d.f('salesOrders'), value: (r) => r.salesOrders, total: true },
          m('salesAmount'),
          m('salesS'),
          m('salesB'),
          m('salesT'),
          m('salesO'),
        ]}
      />
      {/* Its card total differs from the quick dashboard's: say why, in words (issue 16 item 8). */}
      <Text size="xs" c="dimmed" data-testid="staff-cash-up-card-note">
        {t(`${T}.staffCashUp.cardNote`, { column: d.f('cardIn') })}
      </Text>
      {rows.some((r) => r.idStaff === null) && (
        <Text size="xs" c="dimmed" data-testid="staff-cash-up-no-staff-note">
          {t('reports.topUps.cashboxes.noStaffNote')}
        </Text>
      )}
    </>
  );
}

function Tickets({ filters }: { filters: ReportFilterState }) {
  const d = useDocument<TicketDocumentResult>('tickets', filters);
  return (
    <ReportTable<TicketDocumentRow>
      title={d.title}
      fileName={d.fileName}
      testId="document-tickets"
      filterInfo={d.info}
      loading={d.loading}
      rows={d.report.data?.rows ?? []}
      rowKey={(r, i) => r.idRol ?? `none-${i}`}
      columns={[
        { key: 'rol', label: d.f('rol'), value: (r) => r.rol ?? (r.idRol ? `#${r.idRol}` : '—') },
        { key: 'sold', label: d.f('sold'), value: (r) => r.sold, total: true },
        { key: 'cancelled', label: d.f('cancelled'), value: (r) => r.cancelled, total: true },
        { key: 'validated', label: d.f('validated'), value: (r) => r.validated, total: true },
        { key: 'validations', label: d.f('validations'), value: (r) => r.validations, total: true },
        { key: 'repeated', label: d.f('repeated'), value: (r) => r.repeated, total: true },
      ]}
    />
  );
}
