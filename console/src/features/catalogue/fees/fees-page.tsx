import { SimpleGrid, Stack, Text } from '@mantine/core';
import { FEE_MIN, type Fee, FeeForm, type FeesResult } from '@pulsera/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-fields';
import { MoneyField, MultiSelectField, NumberField, TextField } from '../../../components/form-fields';
import { ItemsCell } from '../../../components/items-cell';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { formatDateTime } from '../../../lib/format';
import { type Money, useMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { deleteFee, feeKeys, listFees, saveFee } from '../rules-api';
import { COMMON, LastActivity, namesOf, options, TEXTS } from '../rules-shared';

const P = `${TEXTS}.fees`;
type Extra = Omit<FeesResult, 'fees'>;

function FeeFields({ extra, money }: ResourceFormProps<Fee, FeeForm, Extra> & { money: Money }) {
  const { t } = useTranslation();
  // §9 "Fee minimums are 1": one cent for amounts, the first top-up for counts.
  return (
    <Stack>
      <TextField<FeeForm> name="name" required maxLength={150} />
      <MoneyField<FeeForm> name="fee" money={money} minCents={FEE_MIN} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField<FeeForm> name="nRechargeIni" min={FEE_MIN} step={1} allowDecimal={false} required />
        <NumberField<FeeForm> name="nRechargeEnd" min={FEE_MIN} step={1} allowDecimal={false} required />
        <MoneyField<FeeForm> name="minRecharge" money={money} minCents={FEE_MIN} />
        <MoneyField<FeeForm> name="maxRecharge" money={money} minCents={FEE_MIN} />
        <DateTimeField<FeeForm> name="dateStart" required />
        <DateTimeField<FeeForm> name="dateEnd" required />
      </SimpleGrid>
      <MultiSelectField<FeeForm> name="idLocations" data={options(extra?.locations)} />
      <MultiSelectField<FeeForm> name="idDevices" data={options(extra?.devices)} />
      <Text size="xs" c="dimmed">
        {t(`${COMMON}.allHint`)}
      </Text>
    </Stack>
  );
}

function Dates({ fee }: { fee: Fee }) {
  const { event } = useSession();
  const tz = event?.zona_horaria;
  return <>{`${formatDateTime(fee.dateStart, tz)} – ${formatDateTime(fee.dateEnd, tz)}`}</>;
}

/**
 * admin/cashless/fee (permission gastosDeGestion; 02-catalogue §2 Fees): the management fee charged on
 * top-ups numbered nRechargeIni to nRechargeEnd whose amount lies between minRecharge and maxRecharge.
 */
function useDefinition(t: TFunction, money: Money): ResourceDefinition<Fee, FeeForm, Extra> {
  return useMemo(
    () => ({
      prefix: P,
      serverFields: { prefix: 'fee.' },
      queryKey: feeKeys.list(),
      load: async () => {
        const { fees, ...extra } = await listFees();
        return { rows: fees, extra };
      },
      rowKey: (r) => r.id,
      columns: [
        { key: 'name' },
        { key: 'fee', render: (r) => money.format(r.fee) },
        { key: 'dates', render: (r) => <Dates fee={r} /> },
        { key: 'recharges', collapse: true, render: (r) => `${r.nRechargeIni} – ${r.nRechargeEnd}` },
        {
          key: 'amounts',
          collapse: true,
          render: (r) => `${money.format(r.minRecharge)} – ${money.format(r.maxRecharge)}`,
        },
        {
          key: 'idLocations',
          render: (r, extra) =>
            r.idLocations.length ? (
              <ItemsCell items={namesOf(extra?.locations, r.idLocations)} />
            ) : (
              t(`${COMMON}.all`)
            ),
        },
        { key: 'date_update', collapse: true, render: (r) => <LastActivity iso={r.date_update} /> },
      ],
      schema: FeeForm,
      empty: () => ({
        name: '',
        fee: null as unknown as number,
        nRechargeIni: FEE_MIN,
        nRechargeEnd: FEE_MIN,
        minRecharge: null as unknown as number,
        maxRecharge: null as unknown as number,
        dateStart: '',
        dateEnd: '',
        idLocations: [],
        idDevices: [],
      }),
      toValues: (r) => ({
        name: r.name,
        fee: money.toInput(r.fee),
        nRechargeIni: r.nRechargeIni,
        nRechargeEnd: r.nRechargeEnd,
        minRecharge: money.toInput(r.minRecharge),
        maxRecharge: money.toInput(r.maxRecharge),
        dateStart: r.dateStart,
        dateEnd: r.dateEnd,
        idLocations: r.idLocations.map(String),
        idDevices: r.idDevices.map(String),
      }),
      save: (v, row) =>
        saveFee({
          id: row?.id,
          name: v.name,
          fee: money.toCents(v.fee),
          nRechargeIni: v.nRechargeIni,
          nRechargeEnd: v.nRechargeEnd,
          minRecharge: money.toCents(v.minRecharge),
          maxRecharge: money.toCents(v.maxRecharge),
          dateStart: v.dateStart,
          dateEnd: v.dateEnd,
          idLocations: (v.idLocations ?? []).map(Number),
          idDevices: (v.idDevices ?? []).map(Number),
        }),
      remove: (r) => deleteFee(r.id),
      matches: (r, text) => r.name.toLowerCase().includes(text),
      Form: (props) => <FeeFields {...props} money={money} />,
    }),
    [t, money],
  );
}

export default function FeesPage() {
  const { t } = useTranslation();
  const money = useMoney();
  return <ResourceScreen def={useDefinition(t, money)} />;
}
