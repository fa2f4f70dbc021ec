/**
 * A new payout run: the filters, the preview of the refunds chosen (count, sum, list) and generating
 * its file.
 */
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { groupIban, type PayoutRefund, type PayoutRunDetail, type PayoutSelection } from '@pulsera/contracts';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { notifySuccess } from '../../../components/dialogs';
import { cleanForSave } from '../../../lib/form';
import { dayjs, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { generateRun, loadPreview, payoutKeys } from './api';
import { SkippedAlert } from './skipped-alert';
import { useCents } from './use-cents';

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

export function NewRunCard({ hasAccount }: { hasAccount: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const cents = useCents();
  const tz = useSession().event?.zona_horaria;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [shown, setShown] = useState<PayoutSelection | null>(null);
  const [executionDate, setExecutionDate] = useState<string>(dayjs().format('YYYY-MM-DD'));
  const [generated, setGenerated] = useState<PayoutRunDetail | null>(null);
  // "Show refunds" always asks the server (issue 27): refunds change on other screens (a corrected
  // IBAN, a cancelled run) and a cached answer would say nothing matches.
  const preview = useQuery({
    queryKey: payoutKeys.preview(shown ?? {}),
    queryFn: () => loadPreview(shown!),
    enabled: shown !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const show = () => {
    const sel = selectionOf(filters);
    setGenerated(null);
    if (shown !== null && JSON.stringify(sel) === JSON.stringify(shown)) void preview.refetch();
    else setShown(sel);
  };
  const generate = useMutation({
    mutationFn: () => generateRun({ ...shown!, executionDate }),
    onSuccess: async (run) => {
      // The preview is over once its run exists: no notice about an empty selection follows.
      setShown(null);
      setGenerated(run);
      qc.removeQueries({ queryKey: [...payoutKeys.all, 'preview'] });
      await qc.invalidateQueries({ queryKey: payoutKeys.all });
      await qc.invalidateQueries({ queryKey: ['customers'] });
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
  // Only the answer to what was asked, once it is in (not a previous answer while it refreshes).
  const data = shown !== null && !preview.isFetching ? preview.data : undefined;
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
          <Button onClick={show} loading={preview.isFetching} data-testid="payouts-preview">
            {t('payouts.selection.preview')}
          </Button>
        </Group>
        {generated && (
          <>
            <Alert color="teal" data-testid="payouts-generated">
              {t('payouts.selection.generatedRun', { run: generated.messageId, count: generated.count })}
            </Alert>
            <SkippedAlert skipped={generated.skipped} />
          </>
        )}
        {data && data.count === 0 && (
          <Alert color="gray" data-testid="payouts-no-data">
            {t('payouts.selection.noneMatch')}
          </Alert>
        )}
        {data && <SkippedAlert skipped={data.skipped} />}
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
