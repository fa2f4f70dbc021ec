import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  REFUND_RULE_DEFAULTS,
  type RefundRule,
  RefundRuleForm,
  type RefundsResult,
} from '@pulsera/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, TimeField } from '../../../components/date-fields';
import { MoneyField, MultiSelectField, TextField } from '../../../components/form-fields';
import { ItemsCell } from '../../../components/items-cell';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { dayjs } from '../../../lib/format';
import { type Money, useMoney } from '../../../lib/money';
import { deleteRefund, listRefunds, refundKeys, saveRefund } from '../rules-api';
import { COMMON, LastActivity, options, TEXTS } from '../rules-shared';

const P = `${TEXTS}.refunds`;
type Extra = Omit<RefundsResult, 'refunds'>;
const day = (d: string) => dayjs(d).format('DD/MM/YYYY');

function RefundFields({
  extra,
  money,
}: ResourceFormProps<RefundRule, RefundRuleForm, Extra> & { money: Money }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <TextField<RefundRuleForm> name="name" required maxLength={150} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField<RefundRuleForm> name="dateStart" required />
        <DateField<RefundRuleForm> name="dateEnd" required />
        <TimeField<RefundRuleForm> name="timeStart" required />
        <TimeField<RefundRuleForm> name="timeEnd" required />
      </SimpleGrid>
      <MultiSelectField<RefundRuleForm> name="idLocation" data={options(extra?.locations)} />
      <MultiSelectField<RefundRuleForm> name="idDevice" data={options(extra?.devices)} />
      <Text size="xs" c="dimmed">
        {t(`${COMMON}.allHint`)}
      </Text>
      <MoneyField<RefundRuleForm> name="minAmount" money={money} />
    </Stack>
  );
}

/**
 * admin/cashless/refunds (permission devoluciones; 02-catalogue §2 Refunds): when and where balances
 * may be refunded. Locations and devices left empty mean all (%). The saved rule stays selected.
 */
function useDefinition(t: TFunction, money: Money): ResourceDefinition<RefundRule, RefundRuleForm, Extra> {
  return useMemo(
    () => ({
      prefix: P,
      serverFields: { prefix: 'refund.' },
      queryKey: refundKeys.list(),
      load: async () => {
        const { refunds, ...extra } = await listRefunds();
        return { rows: refunds, extra };
      },
      rowKey: (r) => r.id,
      columns: [
        { key: 'name' },
        { key: 'dateStart', render: (r) => day(r.dateStart) },
        { key: 'dateEnd', render: (r) => day(r.dateEnd) },
        { key: 'timeStart', collapse: true },
        { key: 'timeEnd', collapse: true },
        {
          key: 'locationDisplay',
          render: (r) =>
            r.idLocation.length ? <ItemsCell items={r.locationDisplay.split(', ')} /> : t(`${COMMON}.all`),
        },
        { key: 'date_update', collapse: true, render: (r) => <LastActivity iso={r.date_update} /> },
      ],
      schema: RefundRuleForm,
      empty: () => ({
        name: '',
        idLocation: [],
        idDevice: [],
        dateStart: '',
        dateEnd: '',
        timeStart: REFUND_RULE_DEFAULTS.timeStart,
        timeEnd: REFUND_RULE_DEFAULTS.timeEnd,
        minAmount: REFUND_RULE_DEFAULTS.minAmount,
      }),
      toValues: (r) => ({
        name: r.name,
        idLocation: r.idLocation.map(String),
        idDevice: r.idDevice.map(String),
        dateStart: r.dateStart,
        dateEnd: r.dateEnd,
        timeStart: r.timeStart,
        timeEnd: r.timeEnd,
        minAmount: money.toInput(r.minAmount),
      }),
      save: (v, row) =>
        saveRefund({
          id: row?.id,
          name: v.name,
          idLocation: (v.idLocation ?? []).map(Number),
          idDevice: (v.idDevice ?? []).map(Number),
          dateStart: v.dateStart,
          dateEnd: v.dateEnd,
          timeStart: v.timeStart,
          timeEnd: v.timeEnd,
          minAmount: money.toCents(v.minAmount),
        }),
      remove: (r) => deleteRefund(r.id),
      reselectAfterSave: (saved, _values, rows) => rows.find((r) => r.id === saved),
      matches: (r, text) => `${r.name} ${r.locationDisplay}`.toLowerCase().includes(text),
      Form: (props) => <RefundFields {...props} money={money} />,
    }),
    [t, money],
  );
}

export default function RefundsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  return <ResourceScreen def={useDefinition(t, money)} />;
}
