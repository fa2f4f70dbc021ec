/** A payout run's transfers and their outcome, and marking one rejected by the bank. */
import { Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { groupIban, type PayoutRunDetail, type PayoutRunItem, type RefundStatus } from '@pulsera/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { notifySuccess } from '../../../components/dialogs';
import { loadRun, payoutKeys, rejectRefund } from './api';
import { SkippedAlert } from './skipped-alert';
import { useCents } from './use-cents';

const REFUND_STATUS_COLOR: Record<RefundStatus, string> = {
  pending: 'gray',
  inRun: 'blue',
  paid: 'teal',
  rejected: 'red',
};

/** A run's transfers and their outcome; a paid one of a sent run can be marked rejected by the bank. */
export function RunModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const cents = useCents();
  const run = useQuery({ queryKey: payoutKeys.run(id), queryFn: () => loadRun(id) });
  const [rejecting, setRejecting] = useState<PayoutRunItem | null>(null);
  const d = run.data;
  const rf = (k: string) => t(`payouts.refund.${k}`);
  return (
    <Modal
      opened
      onClose={onClose}
      size="90%"
      centered
      title={<Text fw={700}>{d ? `${d.messageId} · ${t(`payouts.runStatus.${d.status}`)}` : ''}</Text>}
    >
      {d && <SkippedAlert skipped={d.skipped ?? []} />}
      {d && (
        <DataTable<PayoutRunItem>
          withTableBorder
          borderRadius="sm"
          striped
          records={d.items}
          idAccessor="refundId"
          data-testid="payouts-run-items"
          columns={[
            { accessor: 'refundId', title: rf('id'), width: 80 },
            { accessor: 'name', title: rf('ccOwner') },
            { accessor: 'iban', title: 'IBAN', noWrap: true, render: (i) => groupIban(i.iban) },
            {
              accessor: 'transfer',
              title: rf('transfer'),
              textAlign: 'right',
              render: (i) => cents(i.transfer),
            },
            { accessor: 'concept', title: rf('concept') },
            {
              accessor: 'status',
              title: rf('status'),
              render: (i) => (
                <Stack gap={2}>
                  <Badge color={REFUND_STATUS_COLOR[i.status]} variant="light">
                    {t(`payouts.status.${i.status}`)}
                  </Badge>
                  {i.rejectReason && (
                    <Text size="xs" c="dimmed">
                      {i.rejectReason}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'actions',
              title: '',
              textAlign: 'right',
              render: (i) =>
                d.status === 'sent' &&
                i.status === 'paid' && (
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    onClick={() => setRejecting(i)}
                    data-testid="payouts-item-reject"
                  >
                    {t('payouts.runs.reject')}
                  </Button>
                ),
            },
          ]}
        />
      )}
      {rejecting && d && <RejectModal run={d} item={rejecting} onClose={() => setRejecting(null)} />}
    </Modal>
  );
}

function RejectModal({
  run,
  item,
  onClose,
}: {
  run: PayoutRunDetail;
  item: PayoutRunItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reject = useMutation({
    mutationFn: () => rejectRefund(run.id, { refundId: item.refundId, reason: reason.trim() }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: payoutKeys.all });
      await qc.invalidateQueries({ queryKey: ['customers'] });
      notifySuccess();
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} centered title={<Text fw={700}>{t('payouts.runs.rejectTitle')}</Text>}>
      <Stack>
        <Text size="sm">
          {item.name} · {groupIban(item.iban)}
        </Text>
        <TextInput
          label={t('payouts.refund.rejectReason')}
          required
          maxLength={200}
          value={reason}
          error={error}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="payouts-reject-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.back')}
          </Button>
          <Button
            color="red"
            loading={reject.isPending}
            onClick={() => {
              if (!reason.trim()) return setError(t('validation.required'));
              reject.mutate();
            }}
            data-testid="payouts-reject-confirm"
          >
            {t('payouts.runs.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
