/** The payout runs: their file, spreadsheet, sending and cancelling; a run opens its transfers. */
import { ActionIcon, Badge, Card, Group, Stack, Title, Tooltip } from '@mantine/core';
import type { PayoutRun, PayoutRunItem, RunStatus } from '@pulsera/contracts';
import { IconDownload, IconFileSpreadsheet, IconSend, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { confirm, notifySuccess } from '../../../components/dialogs';
import { dayjs, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { downloadXlsx } from '../../../lib/xlsx';
import { cancelRun, downloadRunFile, loadRun, loadRuns, markSent, payoutKeys } from './api';
import { RunModal } from './run-modal';
import { useCents } from './use-cents';

const RUN_STATUS_COLOR: Record<RunStatus, string> = { generated: 'blue', sent: 'teal', cancelled: 'gray' };

export function RunsCard() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const cents = useCents();
  const tz = useSession().event?.zona_horaria;
  const event = useSession().event;
  const runs = useQuery({ queryKey: payoutKeys.runs(), queryFn: loadRuns });
  const [open, setOpen] = useState<number | null>(null);
  const after = async () => {
    await qc.invalidateQueries({ queryKey: payoutKeys.all });
    await qc.invalidateQueries({ queryKey: ['customers'] });
    notifySuccess();
  };
  const sent = useMutation({ mutationFn: (id: number) => markSent(id), onSuccess: after });
  const cancel = useMutation({ mutationFn: (id: number) => cancelRun(id), onSuccess: after });
  const f = (k: string) => t(`payouts.runs.fields.${k}`);

  const askSent = async (r: PayoutRun) => {
    const yes = await confirm({
      title: t('payouts.runs.markSent'),
      text: t('payouts.runs.confirmSent', { count: r.count, total: cents(r.total) }),
      confirm: t('payouts.runs.markSent'),
      cancel: t('common.back'),
    });
    if (yes) sent.mutate(r.id);
  };
  const askCancel = async (r: PayoutRun) => {
    const yes = await confirm({
      title: t('payouts.runs.cancel'),
      text: t('payouts.runs.confirmCancel', { count: r.count }),
      confirm: t('payouts.runs.cancel'),
      cancel: t('common.back'),
      danger: true,
    });
    if (yes) cancel.mutate(r.id);
  };
  const xlsx = async (r: PayoutRun) => {
    const d = await loadRun(r.id);
    const rf = (k: string) => t(`payouts.refund.${k}`);
    await downloadXlsx<PayoutRunItem>({
      fileName: d.messageId,
      title: t('payouts.runs.xlsxTitle'),
      info: [
        [t('payouts.runs.event'), event?.nombre ?? ''],
        [f('messageId'), d.messageId],
        [f('executionDate'), d.executionDate],
        [f('status'), t(`payouts.runStatus.${d.status}`)],
        [f('create_time'), formatDateTime(d.create_time, tz)],
        [f('sentAt'), formatDateTime(d.sentAt, tz)],
      ],
      columns: [
        { header: rf('id'), value: (i) => i.refundId },
        { header: rf('ccOwner'), value: (i) => i.name, width: 28 },
        { header: 'IBAN', value: (i) => i.iban, width: 32 },
        { header: 'BIC', value: (i) => i.bic },
        { header: rf('nSerie'), value: (i) => i.nSerie },
        { header: rf('amount'), value: (i) => i.amount / 100, type: 'money' },
        { header: rf('fee'), value: (i) => i.fee / 100, type: 'money' },
        { header: rf('transfer'), value: (i) => i.transfer / 100, type: 'money' },
        { header: rf('concept'), value: (i) => i.concept, width: 40 },
        { header: rf('endToEndId'), value: (i) => i.endToEndId, width: 28 },
        { header: rf('status'), value: (i) => t(`payouts.status.${i.status}`) },
        { header: rf('rejectReason'), value: (i) => i.rejectReason, width: 28 },
      ],
      rows: d.items,
      totals: [
        t('payouts.runs.totals'),
        null,
        null,
        null,
        null,
        d.items.reduce((s, i) => s + i.amount, 0) / 100,
        d.items.reduce((s, i) => s + i.fee, 0) / 100,
        d.total / 100,
      ],
    });
  };

  return (
    <Card withBorder padding="md" data-testid="payouts-runs">
      <Stack gap="sm">
        <Title order={4}>{t('payouts.runs.title')}</Title>
        <DataTable<PayoutRun>
          withTableBorder
          borderRadius="sm"
          striped
          minHeight={runs.data?.length ? undefined : 120}
          fetching={runs.isFetching}
          records={runs.data ?? []}
          noRecordsText={t('payouts.runs.none')}
          onRowClick={({ record }) => setOpen(record.id)}
          rowStyle={() => ({ cursor: 'pointer' })}
          data-testid="payouts-runs-table"
          columns={[
            { accessor: 'messageId', title: f('messageId'), noWrap: true },
            {
              accessor: 'create_time',
              title: f('create_time'),
              noWrap: true,
              render: (r) => formatDateTime(r.create_time, tz),
            },
            {
              accessor: 'executionDate',
              title: f('executionDate'),
              noWrap: true,
              render: (r) => dayjs(r.executionDate).format('DD/MM/YYYY'),
            },
            { accessor: 'count', title: f('count'), textAlign: 'right' },
            {
              accessor: 'total',
              title: f('total'),
              textAlign: 'right',
              noWrap: true,
              render: (r) => cents(r.total),
            },
            {
              accessor: 'status',
              title: f('status'),
              noWrap: true,
              render: (r) => (
                <Stack gap={2} align="flex-start">
                  <Badge color={RUN_STATUS_COLOR[r.status]} variant="light" data-testid="payouts-run-status">
                    {t(`payouts.runStatus.${r.status}`)}
                  </Badge>
                  {r.rejected > 0 && (
                    <Badge color="red" variant="outline">
                      {t('payouts.runs.rejectedCount', { count: r.rejected })}
                    </Badge>
                  )}
                </Stack>
              ),
            },
            { accessor: 'createdBy', title: f('createdBy'), noWrap: true },
            {
              accessor: 'actions',
              title: '',
              textAlign: 'right',
              render: (r) => (
                <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                  <Tooltip label={t('payouts.runs.downloadXml')}>
                    <ActionIcon
                      variant="default"
                      aria-label={t('payouts.runs.downloadXml')}
                      onClick={() => void downloadRunFile(r)}
                      data-testid="payouts-run-xml"
                    >
                      <IconDownload size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('payouts.runs.downloadXlsx')}>
                    <ActionIcon
                      variant="default"
                      aria-label={t('payouts.runs.downloadXlsx')}
                      onClick={() => void xlsx(r)}
                      data-testid="payouts-run-xlsx"
                    >
                      <IconFileSpreadsheet size={16} />
                    </ActionIcon>
                  </Tooltip>
                  {r.status === 'generated' && (
                    <>
                      <Tooltip label={t('payouts.runs.markSent')}>
                        <ActionIcon
                          color="teal"
                          aria-label={t('payouts.runs.markSent')}
                          onClick={() => void askSent(r)}
                          data-testid="payouts-run-sent"
                        >
                          <IconSend size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('payouts.runs.cancel')}>
                        <ActionIcon
                          color="red"
                          variant="light"
                          aria-label={t('payouts.runs.cancel')}
                          onClick={() => void askCancel(r)}
                          data-testid="payouts-run-cancel"
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Stack>
      {open !== null && <RunModal id={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
