import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { CUSTOMER_SEARCH_FIELDS, type CustomerSearchRow } from '@pulsera/contracts';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { type CustomerSearch, customerKeys, searchCustomers } from './api';
import { CustomerView } from './customer-view';

const EMPTY: CustomerSearch = Object.fromEntries(CUSTOMER_SEARCH_FIELDS.map((f) => [f, '']));

/**
 * admin/status/customers (01-console §2 Customer lookup; permission clientes). A search runs only
 * when a field is non-blank, and sends only those; 10 results per page; choosing one opens its tabs.
 * The search stays in the screen (not in the address): it holds personal data such as the IBAN.
 */
export default function CustomersPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState<CustomerSearch>(EMPTY);
  const [query, setQuery] = useState<CustomerSearch | null>(null);
  const [page, setPage] = useState(1);
  const [needsField, setNeedsField] = useState(false);
  const [selected, setSelected] = useState<CustomerSearchRow | null>(null);
  // Opened from another screen (search top-up): the customer to show, passed in the history state
  // (never in the address: it is personal data), until a search of this screen replaces it.
  const opened = useRouterState({
    select: (s) =>
      (s.location.state as { openCustomer?: { customerId: number; rfidId: number | null } }).openCustomer ??
      null,
  });

  const results = useQuery({
    queryKey: customerKeys.search(query ?? {}, page),
    queryFn: () => searchCustomers(query!, page),
    enabled: query !== null,
  });
  const rows = results.data?.rows ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const given = Object.fromEntries(
      Object.entries(form)
        .map(([k, v]) => [k, (v ?? '').trim()])
        .filter(([, v]) => v !== ''),
    ) as CustomerSearch;
    if (!Object.keys(given).length) {
      setNeedsField(true);
      return;
    }
    setNeedsField(false);
    setQuery(given);
    setPage(1);
    setSelected(null);
  };
  const clear = () => {
    setForm(EMPTY);
    setQuery(null);
    setSelected(null);
    setNeedsField(false);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('customers.title')}</Title>
      <Card withBorder padding="md">
        <form onSubmit={submit} noValidate data-testid="customers-search-form">
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {CUSTOMER_SEARCH_FIELDS.map((f) => (
                <TextInput
                  key={f}
                  label={t(`customers.search.fields.${f}`)}
                  value={form[f] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setForm((s) => ({ ...s, [f]: value }));
                  }}
                  maxLength={200}
                  data-testid={`customers-search-${f}`}
                />
              ))}
            </SimpleGrid>
            {needsField && (
              <Alert color="yellow" data-testid="customers-search-needs-field">
                {t('customers.search.needsField')}
              </Alert>
            )}
            <Group>
              <Button
                type="submit"
                leftSection={<IconSearch size={16} />}
                data-testid="customers-search-submit"
              >
                {t('customers.search.submit')}
              </Button>
              <Button variant="default" onClick={clear} data-testid="customers-search-clear">
                {t('customers.search.clear')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      {query && (
        <Stack gap="xs">
          <DataTable<CustomerSearchRow>
            withTableBorder
            borderRadius="sm"
            striped
            highlightOnHover
            minHeight={160}
            fetching={results.isFetching}
            records={rows}
            idAccessor={(r) => `${r.customerId}-${r.idRfid ?? 'none'}`}
            noRecordsText={t('common.noRecords')}
            columns={[
              { accessor: 'customerName', title: t('customers.results.fields.customerName') },
              { accessor: 'customerEmail', title: t('customers.results.fields.customerEmail') },
              { accessor: 'ticket', title: t('customers.results.fields.ticket') },
              { accessor: 'nSerie', title: t('customers.results.fields.nSerie') },
              { accessor: 'codeCheck', title: t('customers.results.fields.codeCheck') },
            ]}
            onRowClick={({ record }) => setSelected(record)}
            rowStyle={(r) =>
              selected && selected.customerId === r.customerId && selected.idRfid === r.idRfid
                ? { backgroundColor: 'var(--mantine-primary-color-light)' }
                : undefined
            }
            data-testid="customers-results"
          />
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} />}
              disabled={page <= 1 || results.isFetching}
              onClick={() => setPage((p) => p - 1)}
              data-testid="customers-page-previous"
            >
              {t('customers.results.previous')}
            </Button>
            <Text size="sm" data-testid="customers-page">
              {t('customers.results.page', { page })}
            </Text>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} />}
              // The server says whether the next page has results (a full page may be the last).
              disabled={!results.data?.hasMore || results.isFetching}
              onClick={() => setPage((p) => p + 1)}
              data-testid="customers-page-next"
            >
              {t('customers.results.next')}
            </Button>
          </Group>
        </Stack>
      )}

      {!selected && !query && opened && (
        <CustomerView
          key={`opened-${opened.customerId}-${opened.rfidId ?? 'none'}`}
          customerId={opened.customerId}
          rfidId={opened.rfidId}
        />
      )}
      {selected && (
        <CustomerView
          key={`${selected.customerId}-${selected.idRfid ?? 'none'}`}
          customerId={selected.customerId}
          rfidId={selected.idRfid}
        />
      )}
    </Stack>
  );
}
