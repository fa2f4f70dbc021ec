import { Badge, Button, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { TICKET_ISSUE_KINDS, type TicketIssue, type TicketIssueKind } from '@pulsera/contracts';
import { IconCheck, IconRotateClockwise } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { notifySuccess, notifyWarning } from '../../../components/dialogs';
import { dayjs } from '../../../lib/format';
import { type IssueFilter, listIssues, retryIssue, solveIssue, ticketApiKeys } from './api';

const PAGE_SIZE = 25;

/**
 * admin/api-ticket/issues (permission api): what the imports could not apply, open or solved, by
 * kind; an open one can be retried (re-applied as the import would now) or marked solved.
 */
export default function TicketIssuesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [state, setState] = useState<'open' | 'solved' | 'all'>('open');
  const [kind, setKind] = useState<TicketIssueKind | null>(null);
  const [page, setPage] = useState(1);
  const query: IssueFilter = {
    page,
    paginationLimit: PAGE_SIZE,
    ...(state === 'open' ? { solved: 0 as const } : state === 'solved' ? { solved: 1 as const } : {}),
    ...(kind ? { kind } : {}),
  };
  const list = useQuery({
    queryKey: ticketApiKeys.issues(query),
    queryFn: () => listIssues(query),
    placeholderData: keepPreviousData,
  });
  const done = async () => qc.invalidateQueries({ queryKey: ticketApiKeys.all });
  const retry = useMutation({
    mutationFn: retryIssue,
    onSuccess: async (r) => {
      if (r.solved) notifySuccess(t('ticketApi.issues.retrySolved'));
      else notifyWarning(stillReason(r.issue));
      await done();
    },
  });
  const solve = useMutation({
    mutationFn: solveIssue,
    onSuccess: async () => {
      notifySuccess();
      await done();
    },
  });
  /** Why a retried issue still does not apply, and what to do about it. */
  const stillReason = (i: TicketIssue) =>
    t(`ticketApi.issues.retryStillKinds.${i.kind}`, {
      product: productOf(i),
      schedule: i.schedule,
      code: i.code,
    });
  /** The product by its name on the platform; its ids only while the name is not known. */
  const productOf = (i: TicketIssue) => {
    if (i.product) return i.product;
    const d = i.detail as { item?: number; variation?: number | null };
    return d.variation != null
      ? t('ticketApi.issues.detail.productVariation', { item: d.item, variation: d.variation })
      : t('ticketApi.issues.detail.product', { item: d.item });
  };
  const detail = (i: TicketIssue) => {
    const d = i.detail as Record<string, unknown>;
    if (i.kind === 'unknownProduct') return productOf(i);
    if (d.wristbandId) return t('ticketApi.issues.detail.wristband', { id: d.wristbandId });
    return '';
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('ticketApi.issues.title')}</Title>
      <Group align="flex-end">
        <SegmentedControl
          value={state}
          onChange={(v) => {
            setState(v as typeof state);
            setPage(1);
          }}
          data={[
            { value: 'open', label: t('ticketApi.issues.open') },
            { value: 'solved', label: t('ticketApi.issues.solved') },
            { value: 'all', label: t('ticketApi.issues.all') },
          ]}
          data-testid="issues-state"
        />
        <Select
          label={t('ticketApi.issues.kind')}
          clearable
          value={kind}
          onChange={(v) => {
            setKind(v as TicketIssueKind | null);
            setPage(1);
          }}
          data={TICKET_ISSUE_KINDS.map((k) => ({ value: k, label: t(`ticketApi.issues.kinds.${k}`) }))}
          w={280}
          data-testid="issues-kind"
        />
      </Group>
      <DataTable
        withTableBorder
        striped
        minHeight={160}
        records={list.data?.issues ?? []}
        fetching={list.isFetching}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText={t('ticketApi.issues.none')}
        rowExpansion={undefined}
        columns={[
          {
            accessor: 'kind',
            title: t('ticketApi.issues.kind'),
            render: (i) => (
              <Badge color={i.solved ? 'gray' : 'orange'} variant="light">
                {t(`ticketApi.issues.kinds.${i.kind}`)}
              </Badge>
            ),
          },
          { accessor: 'code', title: t('ticketApi.issues.code') },
          { accessor: 'orderCode', title: t('ticketApi.issues.order') },
          { accessor: 'holder', title: t('ticketApi.issues.holder') },
          { accessor: 'schedule', title: t('ticketApi.issues.schedule') },
          { accessor: 'detail', title: t('ticketApi.issues.detailTitle'), render: detail },
          {
            accessor: 'updatedAt',
            title: t('ticketApi.issues.when'),
            render: (i) => dayjs(i.updatedAt).format('D MMM YYYY, HH:mm'),
          },
          {
            accessor: 'actions',
            title: '',
            render: (i) =>
              i.solved ? (
                <Text size="sm" c="dimmed">
                  {i.solvedBy
                    ? t('ticketApi.issues.solvedBy', {
                        when: dayjs(i.solvedAt).format('D MMM, HH:mm'),
                        who: i.solvedBy,
                      })
                    : t('ticketApi.issues.solvedOn', { when: dayjs(i.solvedAt).format('D MMM, HH:mm') })}
                </Text>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRotateClockwise size={14} />}
                    loading={retry.isPending && retry.variables === i.id}
                    onClick={() => retry.mutate(i.id)}
                    data-testid={`issue-retry-${i.id}`}
                  >
                    {t('ticketApi.issues.retry')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="teal"
                    leftSection={<IconCheck size={14} />}
                    loading={solve.isPending && solve.variables === i.id}
                    onClick={() => solve.mutate(i.id)}
                    data-testid={`issue-solve-${i.id}`}
                  >
                    {t('ticketApi.issues.markSolved')}
                  </Button>
                </Group>
              ),
          },
        ]}
      />
    </Stack>
  );
}
