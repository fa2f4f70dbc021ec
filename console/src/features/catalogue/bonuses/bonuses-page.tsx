import { Divider, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  BONUS_ALWAYS,
  BONUS_PERCENT_MAX,
  type Bonus,
  type BonusesResult,
  BonusForm,
  formatPercent,
  normalizeBonus,
  WEEKDAYS,
} from '@pulsera/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField, TimeField, WeekdaysField } from '../../../components/date-fields';
import {
  CheckboxField,
  MoneyField,
  MultiSelectField,
  NumberField,
  SelectField,
  Switch01Field,
} from '../../../components/form-fields';
import { ItemsCell } from '../../../components/items-cell';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { dayjs } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type Money, useMoney } from '../../../lib/money';
import { bonusKeys, deleteBonus, listBonuses, rulesKeys, saveBonus } from '../rules-api';
import {
  ArticleQuantities,
  COMMON,
  LastActivity,
  namesOf,
  options,
  TEXTS,
  Tick,
  WeekdaysText,
} from '../rules-shared';

const P = `${TEXTS}.bonuses`;
type Extra = Omit<BonusesResult, 'bonus'>;
const day = (d: string) => dayjs(d).format('DD/MM/YYYY');

function BonusFields({ form, extra, money }: ResourceFormProps<Bonus, BonusForm, Extra> & { money: Money }) {
  const { t } = useTranslation();
  const [always, cashBonus] = useWatch({ control: form.control, name: ['always', 'cashBonus'] });
  return (
    <Stack>
      <SelectField<BonusForm>
        name="idBonusType"
        clearable
        data={(extra?.bonusTypes ?? []).map((b) => ({
          value: String(b.id),
          label: `${b.name} (${t(`${TEXTS}.bonusTypes.types.${b.type}`)})`,
        }))}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MoneyField<BonusForm> name="plus" money={money} />
        <NumberField<BonusForm>
          name="percent"
          min={0}
          max={BONUS_PERCENT_MAX}
          step={1}
          decimalScale={2}
          suffix=" %"
          required
        />
        <MoneyField<BonusForm> name="minRecharge" money={money} />
        <MoneyField<BonusForm> name="maxRecharge" money={money} />
        <NumberField<BonusForm> name="minNumTopUp" min={1} step={1} allowDecimal={false} required />
        <Stack gap={6}>
          <CheckboxField<BonusForm> name="always" />
          {always ? (
            <TextInput label={t(`${P}.fields.maxNumTopUp`)} value={t(`${P}.always`)} disabled readOnly />
          ) : (
            <NumberField<BonusForm> name="maxNumTopUp" min={0} step={1} allowDecimal={false} required />
          )}
        </Stack>
        <DateField<BonusForm> name="dateStart" required />
        <DateField<BonusForm> name="dateEnd" required />
        <TimeField<BonusForm> name="timeStart" required />
        <TimeField<BonusForm> name="timeEnd" required />
      </SimpleGrid>
      <WeekdaysField<BonusForm> name="dayWeek" />
      <Switch01Field<BonusForm> name="applyServicesOnline" />
      <CheckboxField<BonusForm> name="cashBonus" />
      {cashBonus && (
        <MultiSelectField<BonusForm> name="locationsAvailable" data={options(extra?.locations)} />
      )}
      <Divider />
      <ArticleQuantities<BonusForm>
        name="articles"
        articles={extra?.articles ?? []}
        label={t(`${P}.fields.articles`)}
      />
    </Stack>
  );
}

/**
 * admin/cashless/bonus (permission bonficiacionesAutomaticas; 02-catalogue §2 Bonuses, §5): the
 * automatic top-up bonuses. "Always" sends maxNumTopUp -1; the locations are only sent when the
 * cash-bonus checkbox is on, otherwise the bonus applies at every location.
 */
function useDefinition(t: TFunction, money: Money): ResourceDefinition<Bonus, BonusForm, Extra> {
  return useMemo(
    () => ({
      prefix: P,
      serverFields: { prefix: 'bonus.' },
      queryKey: bonusKeys.list(),
      invalidates: [rulesKeys.all],
      load: async () => {
        const { bonus, ...extra } = await listBonuses();
        return { rows: bonus, extra };
      },
      rowKey: (r) => r.id,
      listSpan: 6,
      columns: [
        { key: 'plus', render: (r) => money.format(r.plus) },
        { key: 'percent', render: (r) => formatPercent(r.percent, currentLanguage()) },
        {
          key: 'recharges',
          render: (r) => `${money.format(r.minRecharge)} – ${money.format(r.maxRecharge)}`,
        },
        { key: 'dateStart', render: (r) => day(r.dateStart) },
        { key: 'dateEnd', render: (r) => day(r.dateEnd) },
        { key: 'hours', collapse: true, render: (r) => `${r.timeStart} – ${r.timeEnd}` },
        { key: 'dayWeek', collapse: true, render: (r) => <WeekdaysText value={r.dayWeek} /> },
        {
          key: 'applyServicesOnline',
          collapse: true,
          render: (r) => <Tick on={r.applyServicesOnline === 1} />,
        },
        {
          key: 'locationsAvailable',
          collapse: true,
          render: (r, extra) =>
            r.locationsAvailable.length ? (
              <ItemsCell items={namesOf(extra?.locations, r.locationsAvailable)} />
            ) : (
              t(`${COMMON}.all`)
            ),
        },
        {
          key: 'articles',
          collapse: true,
          render: (r, extra) => (
            <ItemsCell
              items={r.articles.map((a) => `${namesOf(extra?.articles, [a.idArticle])[0]} × ${a.quantity}`)}
            />
          ),
        },
        { key: 'date_update', collapse: true, render: (r) => <LastActivity iso={r.date_update} /> },
      ],
      schema: BonusForm,
      empty: () => ({
        idBonusType: null,
        plus: 0,
        percent: 0,
        minRecharge: 0,
        maxRecharge: null as unknown as number,
        minNumTopUp: 1,
        always: true,
        maxNumTopUp: null,
        dateStart: '',
        dateEnd: '',
        timeStart: '00:00:00',
        timeEnd: '23:59:59',
        dayWeek: WEEKDAYS,
        applyServicesOnline: 0,
        cashBonus: false,
        locationsAvailable: [],
        articles: [],
      }),
      toValues: (r) => ({
        idBonusType: r.idBonusType === null ? null : String(r.idBonusType),
        plus: money.toInput(r.plus),
        percent: r.percent,
        minRecharge: money.toInput(r.minRecharge),
        maxRecharge: money.toInput(r.maxRecharge),
        minNumTopUp: r.minNumTopUp,
        always: r.maxNumTopUp === BONUS_ALWAYS,
        maxNumTopUp: r.maxNumTopUp === BONUS_ALWAYS ? null : r.maxNumTopUp,
        dateStart: r.dateStart,
        dateEnd: r.dateEnd,
        timeStart: r.timeStart,
        timeEnd: r.timeEnd,
        dayWeek: r.dayWeek,
        applyServicesOnline: r.applyServicesOnline,
        cashBonus: r.locationsAvailable.length > 0,
        locationsAvailable: r.locationsAvailable.map(String),
        articles: r.articles,
      }),
      save: (v, row) =>
        saveBonus(
          normalizeBonus({
            id: row?.id,
            idBonusType: v.idBonusType ? Number(v.idBonusType) : null,
            plus: money.toCents(v.plus),
            percent: v.percent ?? 0,
            minRecharge: money.toCents(v.minRecharge),
            maxRecharge: money.toCents(v.maxRecharge),
            minNumTopUp: v.minNumTopUp,
            maxNumTopUp: v.always ? BONUS_ALWAYS : (v.maxNumTopUp ?? 0),
            dateStart: v.dateStart,
            dateEnd: v.dateEnd,
            timeStart: v.timeStart,
            timeEnd: v.timeEnd,
            dayWeek: v.dayWeek,
            applyServicesOnline: v.applyServicesOnline,
            locationsAvailable: v.cashBonus ? (v.locationsAvailable ?? []).map(Number) : [],
            articles: v.articles ?? [],
          }),
        ),
      remove: (r) => deleteBonus(r.id),
      Form: (props) => <BonusFields {...props} money={money} />,
    }),
    [t, money],
  );
}

export default function BonusesPage() {
  const { t } = useTranslation();
  const money = useMoney();
  return <ResourceScreen def={useDefinition(t, money)} />;
}
