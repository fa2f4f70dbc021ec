import { Alert, Badge, Button, Card, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import type { AccessRecordRow, CustomerDetail, WristbandChange } from '@pulsera/contracts';
import {
  IconAlertTriangle,
  IconDoorEnter,
  IconDownload,
  IconFlag,
  IconId,
  IconListDetails,
  IconWorldWww,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ItemsCell } from '../../../components/items-cell';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { centsToDisplay, formatMoney, useEventCurrency } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { downloadXlsx } from '../../../lib/xlsx';
import { customerKeys, loadAccess, loadChanges, loadCustomer, loadExtract, loadFlags } from './api';
import {
  accessCodeName,
  type ExtractLine,
  extractArticles,
  extractDevice,
  extractLines,
  extractOperationType,
  extractRef,
  extractStaff,
} from './labels';
import { OnlineServicesTab } from './online-services';
import { Facts, NoWristband, Tick, useEventTz } from './shared';

/** A customer chosen in the results: the five tabs of 01-console §2. Tabs load when opened. */
export function CustomerView({ customerId, rfidId }: { customerId: number; rfidId: number | null }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: customerKeys.detail(customerId, rfidId),
    queryFn: () => loadCustomer(customerId, rfidId),
  });
  const d = detail.data;
  if (!d) return detail.isLoading ? <Loader size="sm" /> : null;
  const tab = (value: string, icon: ReactNode) => (
    <Tabs.Tab value={value} leftSection={icon} data-testid={`customers-tab-${value}`}>
      {t(`customers.tabs.${value}`)}
    </Tabs.Tab>
  );
  const panel = (value: string, content: ReactNode) => (
    <Tabs.Panel value={value} pt="md" data-testid={`customers-panel-${value}`}>
      {content}
    </Tabs.Panel>
  );
  return (
    <Card withBorder padding="md" data-testid="customers-detail">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{d.name || t('customers.anonymous')}</Title>
          {d.n_serie && <Badge variant="light">{d.n_serie}</Badge>}
        </Group>
        <Tabs defaultValue="general" keepMounted={false}>
          <Tabs.List>
            {tab('general', <IconId size={16} />)}
            {tab('features', <IconFlag size={16} />)}
            {tab('online', <IconWorldWww size={16} />)}
            {tab('summary', <IconListDetails size={16} />)}
            {tab('access', <IconDoorEnter size={16} />)}
          </Tabs.List>
          {panel('general', <GeneralTab d={d} />)}
          {panel('features', d.rfidId ? <FeaturesTab rfidId={d.rfidId} /> : <NoWristband />)}
          {panel('online', <OnlineServicesTab d={d} />)}
          {panel('summary', d.rfidId ? <SummaryTab d={d} rfidId={d.rfidId} /> : <NoWristband />)}
          {panel('access', d.rfidId ? <AccessTab rfidId={d.rfidId} /> : <NoWristband />)}
        </Tabs>
      </Stack>
    </Card>
  );
}

function GeneralTab({ d }: { d: CustomerDetail }) {
  const { t } = useTranslation();
  const tz = useEventTz();
  const currency = useEventCurrency();
  const lang = currentLanguage();
  const f = (k: string) => t(`customers.general.fields.${k}`);
  return (
    <Stack>
      {!d.dateValidation && (
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />} data-testid="customers-not-validated">
          {t('customers.clientNotValidatedYet')}
        </Alert>
      )}
      {d.registered !== 1 && (
        <Alert color="blue" data-testid="customers-not-registered">
          {t('customers.clientNotRegisteredOnWeb')}
        </Alert>
      )}
      {!d.rfidId && <NoWristband />}
      <Facts
        rows={[
          [f('name'), d.name, 'customers-general-name'],
          [f('email'), d.email],
          [f('codePrint'), d.codePrint, 'customers-general-ticket'],
          [f('localizer'), d.localizer],
          [
            f('n_serie'),
            d.n_serie && (
              <Group gap="xs">
                <Text span size="sm">
                  {d.n_serie}
                </Text>
                {d.active === 0 && (
                  <Badge color="gray" variant="light">
                    {t('customers.general.replaced')}
                  </Badge>
                )}
              </Group>
            ),
            'customers-general-rfid',
          ],
          [f('codeCheck'), d.codeCheck],
          [f('cash'), formatMoney(d.cash, currency, lang), 'customers-general-cash'],
          [f('gift'), formatMoney(d.gift, currency, lang), 'customers-general-gift'],
          [f('dateValidation'), formatDateTime(d.dateValidation, tz)],
          // Registration on the online-services web is its own fact with its own date (the first
          // online top-up); the record's creation is not a registration (issue 16 item 9).
          [
            f('onlineServices'),
            d.registered !== 1
              ? t('customers.general.online.notRegistered')
              : d.dateOnlineRegistration
                ? t('customers.general.online.registeredOn', {
                    date: formatDateTime(d.dateOnlineRegistration, tz),
                  })
                : t('customers.general.online.registeredNoDate'),
            'customers-general-online',
          ],
          [f('date_insert'), formatDateTime(d.date_insert, tz), 'customers-general-created'],
          [f('dateInactive'), formatDateTime(d.dateInactive, tz)],
        ]}
      />
    </Stack>
  );
}

function FeaturesTab({ rfidId }: { rfidId: number }) {
  const { t } = useTranslation();
  const tz = useEventTz();
  const flags = useQuery({ queryKey: customerKeys.flags(rfidId), queryFn: () => loadFlags(rfidId) });
  const changes = useQuery({ queryKey: customerKeys.changes(rfidId), queryFn: () => loadChanges(rfidId) });
  const f = (k: string) => t(`customers.features.fields.${k}`);
  return (
    <Stack>
      <Title order={5}>{t('customers.features.flags')}</Title>
      <DataTable
        withTableBorder
        borderRadius="sm"
        minHeight={flags.data?.flags.length ? undefined : 120}
        fetching={flags.isFetching}
        records={flags.data?.flags ?? []}
        noRecordsText={t('customers.features.noFlags')}
        columns={[
          { accessor: 'active', title: f('active'), width: 120, render: (r) => <Tick on={r.active} /> },
          { accessor: 'flagNumber', title: '#', width: 60 },
          { accessor: 'name', title: f('flag') },
          { accessor: 'description', title: f('description') },
        ]}
        data-testid="customers-flags"
      />
      <Title order={5}>{t('customers.features.changes')}</Title>
      <DataTable<WristbandChange>
        withTableBorder
        borderRadius="sm"
        minHeight={changes.data?.length ? undefined : 120}
        fetching={changes.isFetching}
        records={changes.data ?? []}
        idAccessor={(r) => `${r.sourceRfid}-${r.endRfid}-${r.date}`}
        noRecordsText={t('common.noRecords')}
        columns={[
          { accessor: 'sourceRfid', title: f('sourceRfid') },
          { accessor: 'endRfid', title: f('endRfid') },
          { accessor: 'date', title: f('date'), render: (r) => formatDateTime(r.date, tz) },
        ]}
        data-testid="customers-wristband-changes"
      />
    </Stack>
  );
}

function SummaryTab({ d, rfidId }: { d: CustomerDetail; rfidId: number }) {
  const { t } = useTranslation();
  const tz = useEventTz();
  const { event } = useSession();
  const currency = useEventCurrency();
  const lang = currentLanguage();
  const extract = useQuery({ queryKey: customerKeys.extract(rfidId), queryFn: () => loadExtract(rfidId) });
  const lines = extractLines(extract.data);
  const f = (k: string) => t(`customers.extract.fields.${k}`);
  const money = (cents: number | null) => formatMoney(cents, currency, lang);
  const operation = (l: ExtractLine) => t(`customers.extract.operations.${l.row.operation}`);

  const download = () =>
    downloadXlsx<ExtractLine>({
      fileName: `extract-${d.n_serie ?? rfidId}`,
      timezone: tz,
      title: t('customers.extract.title'),
      info: [
        [t('customers.extract.event'), event?.nombre ?? ''],
        [t('customers.general.fields.name'), d.name ?? ''],
        [t('customers.general.fields.n_serie'), d.n_serie ?? ''],
        [t('customers.extract.currency'), currency.iso],
        [t('common.date'), formatDateTime(new Date().toISOString(), tz)],
      ],
      columns: [
        { header: f('date'), value: (l) => l.row.date, type: 'date', width: 22 },
        { header: f('operation'), value: operation },
        { header: f('operationType'), value: (l) => extractOperationType(t, l), width: 32 },
        { header: f('articles'), value: (l) => extractArticles(l).join(', '), width: 32 },
        { header: f('amount'), value: (l) => centsToDisplay(l.row.amount, currency), type: 'money' },
        {
          header: f('accumulated'),
          value: (l) => centsToDisplay(l.row.accumulate, currency),
          type: 'money',
        },
        { header: f('location'), value: (l) => l.row.location ?? '', width: 20 },
        { header: f('ref'), value: (l) => extractRef(t, l), width: 18 },
        { header: f('staff'), value: extractStaff, width: 20 },
        { header: f('device'), value: extractDevice, width: 24 },
      ],
      rows: lines,
    });

  return (
    <Stack>
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => void download()}
          disabled={!extract.data}
          data-testid="customers-extract-download"
        >
          {t('common.download')}
        </Button>
      </Group>
      <DataTable<ExtractLine>
        withTableBorder
        borderRadius="sm"
        striped
        minHeight={lines.length ? undefined : 120}
        fetching={extract.isFetching}
        records={lines}
        idAccessor={(l) => `${l.row.idType}-${l.row.idUnique}`}
        noRecordsText={t('common.noRecords')}
        columns={[
          { accessor: 'date', title: f('date'), noWrap: true, render: (l) => formatDateTime(l.row.date, tz) },
          { accessor: 'operation', title: f('operation'), render: operation },
          { accessor: 'operationType', title: f('operationType'), render: (l) => extractOperationType(t, l) },
          {
            accessor: 'articles',
            title: f('articles'),
            render: (l) => <ItemsCell items={extractArticles(l)} />,
          },
          {
            accessor: 'amount',
            title: f('amount'),
            textAlign: 'right',
            noWrap: true,
            render: (l) => (
              <Text span size="sm" c={l.row.amount < 0 ? 'red' : undefined}>
                {money(l.row.amount)}
              </Text>
            ),
          },
          {
            accessor: 'accumulated',
            title: f('accumulated'),
            textAlign: 'right',
            noWrap: true,
            render: (l) => money(l.row.accumulate),
          },
          { accessor: 'location', title: f('location'), render: (l) => l.row.location },
          { accessor: 'ref', title: f('ref'), render: (l) => extractRef(t, l) },
          { accessor: 'staff', title: f('staff'), render: extractStaff },
          { accessor: 'device', title: f('device'), render: extractDevice },
        ]}
        data-testid="customers-extract"
      />
    </Stack>
  );
}

const accessColor = (code: string) => (code === 'S' ? 'teal' : code === 'W' ? 'yellow' : 'red');

function AccessTab({ rfidId }: { rfidId: number }) {
  const { t } = useTranslation();
  const tz = useEventTz();
  const access = useQuery({ queryKey: customerKeys.access(rfidId), queryFn: () => loadAccess(rfidId) });
  const f = (k: string) => t(`customers.access.fields.${k}`);
  return (
    <DataTable<AccessRecordRow>
      withTableBorder
      borderRadius="sm"
      striped
      minHeight={access.data?.length ? undefined : 120}
      fetching={access.isFetching}
      records={access.data ?? []}
      noRecordsText={t('common.noRecords')}
      columns={[
        {
          accessor: 'dateLocal',
          title: f('dateLocal'),
          noWrap: true,
          render: (r) => formatDateTime(r.dateLocal, tz),
        },
        {
          accessor: 'acceso',
          title: f('acceso'),
          noWrap: true,
          render: (r) => (
            <Badge color={accessColor(r.acceso)} variant="light" tt="none" title={r.acceso}>
              {`${r.acceso} · ${accessCodeName(t, r.acceso)}`}
            </Badge>
          ),
        },
        { accessor: 'zoneFrom', title: f('zoneFrom') },
        { accessor: 'zoneTo', title: f('zoneTo') },
        { accessor: 'gate', title: f('gate') },
        { accessor: 'lastZone', title: f('lastZone') },
        { accessor: 'rol', title: f('rol') },
        { accessor: 'staff', title: f('staff') },
        {
          accessor: 'device',
          title: f('device'),
          render: (r) => [r.deviceDescription, r.deviceModel].filter(Boolean).join(' · '),
        },
      ]}
      data-testid="customers-access"
    />
  );
}
