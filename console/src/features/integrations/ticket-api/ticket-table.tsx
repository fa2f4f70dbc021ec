import { ActionIcon, Badge, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ApiTicket } from '@pulsera/contracts';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { confirmDelete, notifySuccess } from '../../../components/dialogs';
import { dayjs } from '../../../lib/format';
import { deleteListTicket, listKeys, listTickets, ticketApiKeys } from './api';

const PAGE_SIZE = 25;

/** The tickets made by hand, or the converter's mappings: searched, paged, deleted while unused. */
export function TicketTable({
  kind,
  onPick,
}: {
  kind: 'manual' | 'converter';
  /** A row chosen (the converter edits it in its form). */
  onPick?: (ticket: ApiTicket) => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const filter = { page, paginationLimit: PAGE_SIZE, ...(q ? { search: q } : {}) };
  const list = useQuery({
    queryKey: listKeys.tickets(kind, filter),
    queryFn: () => listTickets(kind, filter),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteListTicket(kind, id),
    onSuccess: async () => {
      notifySuccess();
      await qc.invalidateQueries({ queryKey: ticketApiKeys.all });
    },
  });
  const columns: DataTableColumn<ApiTicket>[] = [
    ...(kind === 'converter'
      ? [{ accessor: 'externalCode', title: t('ticketApi.converter.fields.externalCode') }]
      : []),
    { accessor: 'code', title: t('ticketApi.manual.fields.code') },
    { accessor: 'rol', title: t('ticketApi.manual.fields.role') },
    ...(kind === 'manual'
      ? [
          { accessor: 'holder', title: t('ticketApi.manual.fields.holder') },
          { accessor: 'email', title: t('ticketApi.manual.fields.email') },
          { accessor: 'reseller', title: t('ticketApi.manual.fields.reseller') },
        ]
      : []),
    {
      accessor: 'state',
      title: t('ticketApi.tickets.state'),
      width: 150,
      noWrap: true,
      render: (r) =>
        r.cancelled ? (
          <Badge color="gray" variant="light">
            {t('ticketApi.tickets.cancelled')}
          </Badge>
        ) : r.validated ? (
          <Badge color="teal" variant="light">
            {t('ticketApi.tickets.validated')}
          </Badge>
        ) : r.locked ? (
          <Badge color="blue" variant="light">
            {t('ticketApi.tickets.imported')}
          </Badge>
        ) : (
          <Badge color="yellow" variant="light">
            {t(kind === 'converter' ? 'ticketApi.tickets.notImported' : 'ticketApi.tickets.waiting')}
          </Badge>
        ),
    },
    {
      accessor: 'createdAt',
      title: t('ticketApi.tickets.created'),
      noWrap: true,
      render: (r) => dayjs(r.createdAt).format('D MMM YYYY, HH:mm'),
    },
    {
      accessor: 'actions',
      title: '',
      width: 60,
      render: (r) =>
        r.locked ? null : (
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('common.delete')}
              onClick={async (e) => {
                e.stopPropagation();
                if (await confirmDelete()) remove.mutate(r.id);
              }}
              data-testid={`${kind}-delete-${r.code}`}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ),
    },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500}>{t(`ticketApi.tickets.${kind}`)}</Text>
        <TextInput
          w={320}
          leftSection={<IconSearch size={16} />}
          placeholder={t(kind === 'converter' ? 'ticketApi.tickets.searchCodes' : 'ticketApi.tickets.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          data-testid={`${kind}-search`}
        />
      </Group>
      <DataTable
        withTableBorder
        striped
        minHeight={160}
        records={list.data?.tickets ?? []}
        fetching={list.isFetching}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText={t('ticketApi.tickets.none')}
        onRowClick={onPick ? ({ record }) => onPick(record) : undefined}
        columns={columns}
        data-testid={`${kind}-table`}
      />
    </Stack>
  );
}
