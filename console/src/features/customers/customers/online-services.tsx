import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  type CustomerDetail,
  type CustomerRefund,
  groupIban,
  type OnlineTopUp,
  REFUND_AMOUNT,
  REFUND_FEE,
  RefundForm,
} from '@pulsera/contracts';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DataTable } from '../../../components/data-table';
import { confirm, confirmExit, notifySuccess } from '../../../components/dialogs';
import { modals } from '../../../components/dialogs-host';
import { FieldPrefix, NumberField, TextField } from '../../../components/form-fields';
import { useHasPermission } from '../../../lib/can';
import { applyServerErrors, cleanForSave, formResolver } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { formatMoney, useEventCurrency } from '../../../lib/money';
import { isAdminSession, useSession } from '../../../lib/session';
import { payoutKeys } from '../payouts/api';
import { createRefund, customerKeys, editRefund, loadServicesOnline, markTopUpRefunded } from './api';
import { RefundHistory } from './refund-history';
import { Facts, Tick, useEventTz } from './shared';

const STATUS_COLOR: Record<number, string> = { 0: 'gray', 1: 'teal', 2: 'red', [-1]: 'violet' };
/** A bank refund's payout state (issue 15). */
const PAYOUT_COLOR: Record<CustomerRefund['status'], string> = {
  pending: 'gray',
  inRun: 'blue',
  paid: 'teal',
  rejected: 'red',
};

/** 'Operation successfully ended' as a dialog (01-console §4: a refund's success shows a dialog). */
function showSuccessDialog() {
  const id = modals.open({
    title: <Text fw={700}>{i18n.t('dialogs.success')}</Text>,
    centered: true,
    children: (
      <Group justify="flex-end">
        <Button onClick={() => modals.close(id)} data-testid="customers-success-ok">
          {i18n.t('common.ok')}
        </Button>
      </Group>
    ),
  });
}

/**
 * The Online services tab: the customer's online top-ups (an admin may mark one refunded, after a
 * confirmation, once) and their refund (at most one; a new one only with a wristband; editing needs
 * refundsEdit).
 */
export function OnlineServicesTab({ d }: { d: CustomerDetail }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tz = useEventTz();
  const admin = isAdminSession(useSession());
  const canEdit = useHasPermission('refundsEdit');
  const currency = useEventCurrency();
  const financial = useEventCurrency('financial');
  const lang = currentLanguage();
  const [editing, setEditing] = useState<'new' | CustomerRefund | null>(null);
  const online = useQuery({
    queryKey: customerKeys.online(d.customerId),
    queryFn: () => loadServicesOnline(d.customerId, d.rfidId),
  });
  const mark = useMutation({
    mutationFn: (r: OnlineTopUp) => markTopUpRefunded(r.id),
    onSuccess: async () => {
      notifySuccess();
      await qc.invalidateQueries({ queryKey: customerKeys.online(d.customerId) });
    },
  });
  const askMark = async (r: OnlineTopUp) => {
    const yes = await confirm({
      title: t('customers.online.markTitle'),
      text: t('customers.online.markText'),
      confirm: t('customers.online.markConfirm'),
      cancel: t('dialogs.back'),
      danger: true,
    });
    if (yes) mark.mutate(r);
  };
  const f = (k: string) => t(`customers.online.fields.${k}`);
  const rf = (k: string) => t(`customers.refund.fields.${k}`);
  const refund = online.data?.refund ?? null;
  const units = (amount: number) => formatMoney(Math.round(amount * 100), financial, lang);

  return (
    <Stack>
      <Title order={5}>{t('customers.online.topUps')}</Title>
      <DataTable<OnlineTopUp>
        withTableBorder
        borderRadius="sm"
        striped
        minHeight={online.data?.topUps.length ? undefined : 120}
        fetching={online.isFetching}
        records={online.data?.topUps ?? []}
        noRecordsText={t('common.noRecords')}
        columns={[
          // As narrow as its title, so that all the table's columns fit at 1280 px.
          { accessor: 'valid', title: f('valid'), width: 50, render: (r) => <Tick on={r.valid === 1} /> },
          // The dates wrap between the day and the time, so the table fits at 1280 px.
          {
            accessor: 'dateRechargeOnline',
            title: f('dateRechargeOnline'),
            render: (r) => formatDateTime(r.dateRechargeOnline, tz),
          },
          {
            accessor: 'amountTotal',
            title: f('amountTotal'),
            textAlign: 'right',
            noWrap: true,
            render: (r) => formatMoney(r.amountTotal, currency, lang),
          },
          {
            accessor: 'articles',
            title: f('articles'),
            textAlign: 'right',
            render: (r) => r.articles.reduce((n, a) => n + a.quantity, 0),
          },
          { accessor: 'idRecharge', title: f('idRecharge') },
          { accessor: 'location', title: f('location') },
          {
            accessor: 'dateRechargeRfid',
            title: f('dateRechargeRfid'),
            render: (r) => formatDateTime(r.dateRechargeRfid, tz),
          },
          { accessor: 'module', title: f('module') },
          {
            // The card that paid, as the payment provider told it (brand and masked number).
            // Wraps between the brand and the digits: the table stays within 1280 px.
            accessor: 'data',
            title: f('data'),
            render: (r) => (r.data ? [r.data.brand, r.data.number].filter(Boolean).join(' ') : null),
          },
          {
            // The purchase's type as the online-services web recorded it (its concept), with the
            // payment gateway's transaction type on hover (decisions.md "Customers").
            accessor: 'type',
            title: f('type'),
            render: (r) => {
              const tx = r.idTransactionType
                ? t('customers.online.transactionType', { code: r.idTransactionType })
                : null;
              const text = r.concept ?? tx;
              if (!text) return null;
              return (
                <Text
                  span
                  size="sm"
                  title={r.concept && tx ? tx : undefined}
                  data-testid="customers-topup-type"
                >
                  {text}
                </Text>
              );
            },
          },
          {
            accessor: 'payed',
            title: f('payed'),
            noWrap: true,
            render: (r) => {
              const badge = (
                <Badge
                  color={STATUS_COLOR[r.payed] ?? 'gray'}
                  variant="light"
                  // The whole status, never cut ("NO…"): the badge is as wide as its text.
                  styles={{ root: { overflow: 'visible', maxWidth: 'none' }, label: { overflow: 'visible' } }}
                  data-testid="customers-topup-status"
                >
                  {t(`customers.online.status.${r.payed}`)}
                </Badge>
              );
              return r.notes ? <Tooltip label={r.notes}>{badge}</Tooltip> : badge;
            },
          },
          ...(admin
            ? [
                {
                  accessor: 'actions',
                  title: '',
                  textAlign: 'right' as const,
                  // Any top-up not yet marked refunded (payed -1) can be (01-console §4); the server
                  // refuses a second mark.
                  render: (r: OnlineTopUp) =>
                    r.payed !== -1 && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="violet"
                        loading={mark.isPending && mark.variables?.id === r.id}
                        onClick={(e) => {
                          e.stopPropagation();
                          void askMark(r);
                        }}
                        data-testid="customers-topup-mark-refunded"
                      >
                        {t('customers.online.markRefunded')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
        data-testid="customers-online-topups"
      />

      <Group justify="space-between">
        <Title order={5}>{t('customers.online.refund')}</Title>
        {online.data && !refund && d.rfidId && (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing('new')}
            data-testid="customers-refund-new"
          >
            {t('customers.refund.new')}
          </Button>
        )}
        {refund && canEdit && (refund.status === 'pending' || refund.status === 'rejected') && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} />}
            onClick={() => setEditing(refund)}
            data-testid="customers-refund-edit"
          >
            {t('customers.refund.edit')}
          </Button>
        )}
      </Group>
      {refund ? (
        <div data-testid="customers-refund">
          <Facts
            rows={[
              [rf('amount'), units(refund.amount), 'customers-refund-amount'],
              [rf('fee'), units(refund.fee)],
              [rf('ccOwner'), refund.ccOwner],
              [rf('ccIban'), groupIban(refund.ccIban), 'customers-refund-iban'],
              [rf('ccBic'), refund.ccBic],
              [rf('ccEmail'), refund.ccEmail],
              [rf('nSerie'), refund.nSerie],
              [rf('create_time'), formatDateTime(refund.create_time, tz)],
              [
                rf('status'),
                <Badge key="s" color={PAYOUT_COLOR[refund.status]} variant="light">
                  {t(`payouts.status.${refund.status}`)}
                </Badge>,
                'customers-refund-status',
              ],
              // One state (issue 27): its run and date only while they describe it; the rest is history.
              ...(refund.runId !== null && refund.status !== 'pending'
                ? ([[rf('runId'), `#${refund.runId}`, 'customers-refund-run']] as [string, string, string][])
                : []),
              ...(refund.paidAt && refund.status === 'paid'
                ? ([[rf('paidAt'), formatDateTime(refund.paidAt, tz)]] as [string, string][])
                : []),
              ...(refund.rejectReason && refund.status === 'rejected'
                ? ([[rf('rejectReason'), refund.rejectReason, 'customers-refund-rejected']] as [
                    string,
                    string,
                    string,
                  ][])
                : []),
            ]}
          />
          <RefundHistory history={refund.history ?? []} tz={tz} />
        </div>
      ) : (
        online.data && (
          <Alert color="gray" data-testid="customers-no-refund">
            {d.rfidId ? t('customers.online.noRefund') : t('customers.notAssociatedRfid')}
          </Alert>
        )
      )}
      {editing && (
        <RefundModal d={d} refund={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

type RefundInput = z.input<typeof RefundForm>;
type RefundOutput = z.output<typeof RefundForm>;

/** The refund form (01-console §5): new ones prefilled from the customer with amount 0. */
function RefundModal({
  d,
  refund,
  onClose,
}: {
  d: CustomerDetail;
  refund: CustomerRefund | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const financial = useEventCurrency('financial');
  const lang = currentLanguage();
  const form = useForm<RefundInput, unknown, RefundOutput>({
    resolver: formResolver(RefundForm),
    mode: 'onTouched',
    defaultValues: refund
      ? {
          amount: refund.amount,
          fee: refund.fee,
          ccOwner: refund.ccOwner,
          ccIban: refund.ccIban,
          ccBic: refund.ccBic ?? '',
          ccEmail: refund.ccEmail ?? '',
        }
      : { amount: 0, fee: 0, ccOwner: d.name ?? '', ccIban: '', ccBic: '', ccEmail: d.email ?? '' },
  });
  const iban = useWatch({ control: form.control, name: 'ccIban' });
  const save = useMutation({
    mutationFn: (v: RefundOutput) =>
      refund
        ? editRefund(
            cleanForSave({
              id: refund.id,
              amount: v.amount,
              fee: v.fee,
              ccOwner: v.ccOwner,
              ccIban: v.ccIban,
              ccBic: v.ccBic,
            }),
          )
        : createRefund(
            cleanForSave({
              ...v,
              customerId: d.customerId,
              rfidId: d.rfidId ?? undefined,
              nSerie: d.n_serie ?? undefined,
            }),
          ),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: customerKeys.customer(d.customerId) });
      // A new or corrected refund changes what a payout run would take (issue 27).
      await qc.invalidateQueries({ queryKey: payoutKeys.all });
      onClose();
      showSuccessDialog();
    },
    onError: (e) => applyServerErrors(e, form.setError, 'refund.'),
  });
  const close = async () => {
    if (form.formState.isDirty && !(await confirmExit())) return;
    onClose();
  };
  const upper = (e: React.FormEvent<HTMLInputElement>) => {
    e.currentTarget.value = e.currentTarget.value.toUpperCase();
  };
  const symbol = ` ${financial.symbol}`;

  return (
    <Modal
      opened
      onClose={() => void close()}
      title={<Text fw={700}>{refund ? t('customers.refund.edit') : t('customers.refund.new')}</Text>}
      size="lg"
      centered
    >
      <FormProvider {...form}>
        <FieldPrefix.Provider value="customers.refund">
          <form
            onSubmit={form.handleSubmit((v) => save.mutate(v))}
            noValidate
            data-testid="customers-refund-form"
          >
            <Stack>
              <Text size="sm" c="dimmed">
                {t('customers.refund.refundable', { amount: formatMoney(d.refundableCash, financial, lang) })}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberField<RefundInput>
                  name="amount"
                  required
                  min={0}
                  max={REFUND_AMOUNT.max}
                  step={0.01}
                  decimalScale={2}
                  suffix={symbol}
                />
                <NumberField<RefundInput>
                  name="fee"
                  min={REFUND_FEE.min}
                  max={REFUND_FEE.max}
                  step={0.01}
                  decimalScale={2}
                  suffix={symbol}
                />
              </SimpleGrid>
              <TextField<RefundInput> name="ccOwner" required maxLength={100} />
              <TextField<RefundInput>
                name="ccIban"
                required
                maxLength={50}
                onInput={upper}
                description={groupIban(iban)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextField<RefundInput> name="ccBic" maxLength={40} onInput={upper} />
                <TextField<RefundInput> name="ccEmail" type="email" maxLength={200} disabled={!!refund} />
              </SimpleGrid>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => void close()}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={save.isPending} data-testid="customers-refund-save">
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </FieldPrefix.Provider>
      </FormProvider>
    </Modal>
  );
}
