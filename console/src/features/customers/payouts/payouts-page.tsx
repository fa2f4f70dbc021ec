import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  DEFAULT_CONCEPT,
  groupIban,
  type PayoutAccount,
  PayoutAccountForm,
  type PayoutRefund,
  type PayoutRun,
  type PayoutRunDetail,
  type PayoutRunItem,
  type PayoutSelection,
  type RefundStatus,
  type RunStatus,
} from '@pulsera/contracts';
import { IconDownload, IconFileSpreadsheet, IconSend, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DataTable } from '../../../components/data-table';
import { confirm, notifySuccess } from '../../../components/dialogs';
import { FieldPrefix, TextField } from '../../../components/form-fields';
import { applyServerErrors, cleanForSave, formResolver } from '../../../lib/form';
import { dayjs, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatMoney, useEventCurrency } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { downloadXlsx } from '../../../lib/xlsx';
import {
  cancelRun,
  downloadRunFile,
  generateRun,
  loadAccount,
  loadPreview,
  loadRun,
  loadRuns,
  markSent,
  payoutKeys,
  rejectRefund,
  saveAccount,
} from './api';

const REFUND_STATUS_COLOR: Record<RefundStatus, string> = {
  pending: 'gray',
  inRun: 'blue',
  paid: 'teal',
  rejected: 'red',
};
const RUN_STATUS_COLOR: Record<RunStatus, string> = { generated: 'blue', sent: 'teal', cancelled: 'gray' };

/** Cents of the financial currency (SEPA moves euros), in the user's language. */
function useCents() {
  const financial = useEventCurrency('financial');
  const lang = currentLanguage();
  return (cents: number | null | undefined) => formatMoney(cents, { ...financial, rate: 1 }, lang);
}

/**
 * Refund payouts (issue 15; admin/cashless/payouts): the event's debtor account, a new run chosen by
 * filters with its list, count and sum shown before the file is written, and the runs with their
 * file, spreadsheet, sending, cancelling and the bank's rejections.
 */
export default function PayoutsPage() {
  const { t } = useTranslation();
  const account = useQuery({ queryKey: payoutKeys.account(), queryFn: loadAccount });
  return (
    <Stack gap="md">
      <Title order={2}>{t('payouts.title')}</Title>
      {account.data && <AccountCard account={account.data.account} />}
      <NewRunCard hasAccount={!!account.data?.account} />
      <RunsCard />
    </Stack>
  );
}

type AccountInput = z.input<typeof PayoutAccountForm>;
type AccountOutput = z.output<typeof PayoutAccountForm>;

function AccountCard({ account }: { account: PayoutAccount | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useForm<AccountInput, unknown, AccountOutput>({
    resolver: formResolver(PayoutAccountForm),
    mode: 'onTouched',
    defaultValues: account
      ? {
          name: account.name,
          iban: groupIban(account.iban),
          bic: account.bic ?? '',
          conceptTemplate: account.conceptTemplate,
        }
      : { name: '', iban: '', bic: '', conceptTemplate: DEFAULT_CONCEPT },
  });
  const save = useMutation({
    mutationFn: (v: AccountOutput) => saveAccount(cleanForSave(v)),
    onSuccess: async (res) => {
      await qc.invalidateQueries({ queryKey: payoutKeys.account() });
      const a = res.account;
      form.reset({
        name: a.name,
        iban: groupIban(a.iban),
        bic: a.bic ?? '',
        conceptTemplate: a.conceptTemplate,
      });
      notifySuccess();
    },
    onError: (e) => applyServerErrors(e, form.setError),
  });
  return (
    <Card withBorder padding="md" data-testid="payouts-account">
      <FormProvider {...form}>
        <FieldPrefix.Provider value="payouts.account">
          <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={4}>{t('payouts.account.title')}</Title>
                {!account && (
                  <Badge color="orange" variant="light">
                    {t('payouts.account.missing')}
                  </Badge>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }}>
                <TextField<AccountInput> name="name" required />
                <TextField<AccountInput> name="iban" required />
                <TextField<AccountInput> name="bic" />
                <TextField<AccountInput> name="conceptTemplate" required />
              </SimpleGrid>
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  {t('payouts.account.placeholders')}
                </Text>
                <Button type="submit" loading={save.isPending} data-testid="payouts-account-save">
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </FieldPrefix.Provider>
      </FormProvider>
    </Card>
  );
}

interface Filters {
  dateFrom: string | null;
  dateTo: string | null;
  amountMin: number | null;
  amountMax: number | null;
  maxCount: number | null;
  maxTotal: number | null;
}
const NO_FILTERS: Filters = {
  dateFrom: null,
  dateTo: null,
  amountMin: null,
  amountMax: null,
  maxCount: null,
  maxTotal: null,
};
const toCents = (v: number | null) => (v === null ? undefined : Math.round(v * 100));

/** The filters as the API takes them (amounts in cents; empty ones left out). */
function selectionOf(f: Filters): PayoutSelection {
  return cleanForSave({
    dateFrom: f.dateFrom ?? undefined,
    dateTo: f.dateTo ?? undefined,
    amountMin: toCents(f.amountMin),
    amountMax: toCents(f.amountMax),
    maxCount: f.maxCount ?? undefined,
    maxTotal: toCents(f.maxTotal),
  });
}

function NewRunCard({ hasAccount }: { hasAccount: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const cents = useCents();
  const tz = useSession().event?.zona_horaria;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [shown, setShown] = useState<PayoutSelection | null>(null);
  const [executionDate, setExecutionDate] = useState<string>(dayjs().format('YYYY-MM-DD'));
  const preview = useQuery({
    queryKey: payoutKeys.preview(shown ?? {}),
    queryFn: () => loadPreview(shown!),
    enabled: shown !== null,
  });
  const generate = useMutation({
    mutationFn: () => generateRun({ ...shown!, executionDate }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: payoutKeys.all });
      await qc.invalidateQueries({ queryKey: ['customers'] });
      setShown(null);
      notifySuccess(t('payouts.selection.generated'));
    },
  });
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => setFilters((f) => ({ ...f, [k]: v }));
  const f = (k: string) => t(`payouts.selection.fields.${k}`);
  const num = (k: 'amountMin' | 'amountMax' | 'maxTotal' | 'maxCount', money: boolean) => (
    <NumberInput
      label={f(k)}
      min={money ? 0.01 : 1}
      decimalScale={money ? 2 : 0}
      fixedDecimalScale={money}
      allowNegative={false}
      suffix={money ? ' €' : undefined}
      value={filters[k] ?? ''}
      onChange={(v) => set(k, v === '' ? null : Number(v))}
      data-testid={`payouts-filter-${k}`}
    />
  );
  const date = (k: 'dateFrom' | 'dateTo') => (
    <DateInput
      label={f(k)}
      clearable
      valueFormat="DD/MM/YYYY"
      value={filters[k]}
      onChange={(v) => set(k, v ? dayjs(v).format('YYYY-MM-DD') : null)}
      data-testid={`payouts-filter-${k}`}
    />
  );
  const data = preview.data;
  return (
    <Card withBorder padding="md" data-testid="payouts-new-run">
      <Stack gap="sm">
        <Title order={4}>{t('payouts.selection.title')}</Title>
        <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }}>
          {date('dateFrom')}
          {date('dateTo')}
          {num('amountMin', true)}
          {num('amountMax', true)}
          {num('maxCount', false)}
          {num('maxTotal', true)}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setFilters(NO_FILTERS)}>
            {t('payouts.selection.clear')}
          </Button>
          <Button onClick={() => setShown(selectionOf(filters))} data-testid="payouts-preview">
            {t('payouts.selection.preview')}
          </Button>
        </Group>
        {data && data.count === 0 && (
          <Alert color="orange" data-testid="payouts-no-data">
            {t('errors.noDataForSepa')}
          </Alert>
        )}
        {data && data.count > 0 && (
          <>
            <Text fw={600} data-testid="payouts-preview-summary">
              {t('payouts.selection.summary', { count: data.count, total: cents(data.total) })}
            </Text>
            <DataTable<PayoutRefund>
              withTableBorder
              borderRadius="sm"
              striped
              maxHeight={360}
              records={data.rows}
              data-testid="payouts-preview-table"
              columns={[
                { accessor: 'id', title: t('payouts.refund.id'), width: 80 },
                { accessor: 'ccOwner', title: t('payouts.refund.ccOwner') },
                { accessor: 'ccIban', title: 'IBAN', noWrap: true, render: (r) => groupIban(r.ccIban) },
                { accessor: 'ccBic', title: 'BIC' },
                {
                  accessor: 'create_time',
                  title: t('payouts.refund.create_time'),
                  noWrap: true,
                  render: (r) => formatDateTime(r.create_time, tz),
                },
                {
                  accessor: 'amount',
                  title: t('payouts.refund.amount'),
                  textAlign: 'right',
                  render: (r) => cents(r.amount),
                },
                {
                  accessor: 'fee',
                  title: t('payouts.refund.fee'),
                  textAlign: 'right',
                  render: (r) => cents(r.fee),
                },
                {
                  accessor: 'transfer',
                  title: t('payouts.refund.transfer'),
                  textAlign: 'right',
                  render: (r) => <Text fw={600}>{cents(r.transfer)}</Text>,
                },
              ]}
            />
            <Group justify="flex-end" align="flex-end">
              <DateInput
                label={t('payouts.selection.executionDate')}
                valueFormat="DD/MM/YYYY"
                minDate={dayjs().format('YYYY-MM-DD')}
                value={executionDate}
                onChange={(v) => v && setExecutionDate(dayjs(v).format('YYYY-MM-DD'))}
                data-testid="payouts-execution-date"
              />
              <Button
                leftSection={<IconFileSpreadsheet size={16} />}
                disabled={!hasAccount}
                loading={generate.isPending}
                onClick={() => generate.mutate()}
                data-testid="payouts-generate"
              >
                {t('payouts.selection.generate', { count: data.count })}
              </Button>
            </Group>
            {!hasAccount && <Alert color="orange">{t('errors.payoutNoAccount')}</Alert>}
          </>
        )}
      </Stack>
    </Card>
  );
}

function RunsCard() {
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

/** A run's transfers and their outcome; a paid one of a sent run can be marked rejected by the bank. */
function RunModal({ id, onClose }: { id: number; onClose: () => void }) {
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
