import { Badge, Checkbox, Stack, Switch, Tabs, TextInput } from '@mantine/core';
import { type Flag, FlagForm, type FlagsResult, MAX_FLAGS } from '@pulsera/contracts';
import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChildListEditor, ErrorText, PickerSelect } from '../../../components/child-list-editor';
import { CheckboxField, MoneyInput, TextAreaField, TextField } from '../../../components/form-fields';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { type Money, useMoney } from '../../../lib/money';
import { deleteFlag, flagKeys, listFlags, rulesKeys, saveFlag } from '../rules-api';
import { COMMON, namesOf, options, TEXTS, Tick, useErrorAt } from '../rules-shared';

const P = `${TEXTS}.flags`;
type Extra = Omit<FlagsResult, 'flags'>;

/** Access entries: a zone during a time range; edited here and saved with the flag. */
function AccessTab({ extra }: { extra: Extra | undefined }) {
  const { t } = useTranslation();
  const form = useFormContext<FlagForm>();
  const list = useFieldArray({ control: form.control, name: 'access' });
  const current = useWatch({ control: form.control, name: 'access' }) ?? [];
  const errorAt = useErrorAt();
  const [zone, setZone] = useState<string | null>(null);
  const [range, setRange] = useState<string | null>(null);
  const [multiple, setMultiple] = useState(false);
  return (
    <ChildListEditor
      gap="sm"
      pickers={
        <>
          <PickerSelect
            label={t(`${P}.zone`)}
            data={options(extra?.zones)}
            value={zone}
            onChange={setZone}
            data-testid="flag-access-zone"
          />
          <PickerSelect
            label={t(`${P}.timeRange`)}
            data={options(extra?.timeRanges)}
            value={range}
            onChange={setRange}
            data-testid="flag-access-range"
          />
          <Checkbox
            label={t(`${P}.allowMultipleEntry`)}
            checked={multiple}
            onChange={(e) => setMultiple(e.currentTarget.checked)}
            mb={8}
          />
        </>
      }
      entry={
        zone && range
          ? ({
              idZone: Number(zone),
              idTimeRange: Number(range),
              allowMultipleEntry: multiple ? 1 : 0,
            } as const)
          : null
      }
      onAdded={() => {
        setZone(null);
        setRange(null);
        setMultiple(false);
      }}
      keyOf={(a) => `${a.idZone}:${a.idTimeRange}`}
      list={list}
      items={current}
      columns={[
        {
          head: t(`${P}.zone`),
          cell: (a, i) => (
            <>
              {namesOf(extra?.zones, [a?.idZone ?? 0])[0]}
              <ErrorText text={errorAt(`access.${i}`) ?? errorAt(`access.${i}.idZone`)} />
            </>
          ),
        },
        {
          head: t(`${P}.timeRange`),
          cell: (a, i) => (
            <>
              {namesOf(extra?.timeRanges, [a?.idTimeRange ?? 0])[0]}
              <ErrorText text={errorAt(`access.${i}.idTimeRange`)} />
            </>
          ),
        },
        {
          head: t(`${P}.allowMultipleEntry`),
          cell: (_, i) => (
            <Controller
              name={`access.${i}.allowMultipleEntry`}
              control={form.control}
              render={({ field: f }) => (
                <Switch
                  aria-label={t(`${P}.allowMultipleEntry`)}
                  checked={f.value === 1}
                  onChange={(e) => f.onChange(e.currentTarget.checked ? 1 : 0)}
                  error={errorAt(`access.${i}.allowMultipleEntry`)}
                />
              )}
            />
          ),
        },
      ]}
      addLabel={t(`${COMMON}.add`)}
      emptyText={t(`${COMMON}.noItems`)}
      addTestId="flag-access-add"
    />
  );
}

/** Price overrides of an article during a time range, typed in units of the display currency. */
function ArticlesTab({ extra, money }: { extra: Extra | undefined; money: Money }) {
  const { t } = useTranslation();
  const form = useFormContext<FlagForm>();
  const list = useFieldArray({ control: form.control, name: 'articles' });
  const current = useWatch({ control: form.control, name: 'articles' }) ?? [];
  const errorAt = useErrorAt();
  const [range, setRange] = useState<string | null>(null);
  const [article, setArticle] = useState<string | null>(null);
  const [price, setPrice] = useState<number | null>(null);
  return (
    <ChildListEditor
      gap="sm"
      pickers={
        <>
          <PickerSelect
            label={t(`${P}.timeRange`)}
            data={options(extra?.timeRanges)}
            value={range}
            onChange={setRange}
            data-testid="flag-price-range"
          />
          <PickerSelect
            label={t(`${COMMON}.article`)}
            data={options(extra?.articles)}
            value={article}
            onChange={setArticle}
            data-testid="flag-price-article"
          />
          <MoneyInput
            money={money}
            compact
            label={t(`${P}.price`)}
            value={price}
            onChange={setPrice}
            w={140}
            data-testid="flag-price-value"
          />
        </>
      }
      entry={
        range && article && price !== null
          ? { idTimeRange: Number(range), idArticleEvent: Number(article), price }
          : null
      }
      onAdded={() => {
        setArticle(null);
        setPrice(null);
      }}
      keyOf={(a) => `${a.idTimeRange}:${a.idArticleEvent}`}
      repeatedMessage={t('validation.overrideDuplicate')}
      list={list}
      items={current}
      columns={[
        {
          head: t(`${P}.timeRange`),
          cell: (a, i) => (
            <>
              {namesOf(extra?.timeRanges, [a?.idTimeRange ?? 0])[0]}
              <ErrorText text={errorAt(`articles.${i}.idTimeRange`)} />
            </>
          ),
        },
        {
          head: t(`${COMMON}.article`),
          cell: (a, i) => (
            <>
              {namesOf(extra?.articles, [a?.idArticleEvent ?? 0])[0]}
              <ErrorText text={errorAt(`articles.${i}`) ?? errorAt(`articles.${i}.idArticleEvent`)} />
            </>
          ),
        },
        {
          head: t(`${P}.price`),
          width: 160,
          cell: (_, i) => (
            <Controller
              name={`articles.${i}.price`}
              control={form.control}
              render={({ field: f }) => (
                <MoneyInput
                  money={money}
                  compact
                  aria-label={t(`${P}.price`)}
                  value={f.value}
                  onChange={f.onChange}
                  error={errorAt(`articles.${i}.price`)}
                />
              )}
            />
          ),
        },
      ]}
      addLabel={t(`${COMMON}.add`)}
      emptyText={t(`${COMMON}.noItems`)}
      addTestId="flag-price-add"
    />
  );
}

/** Tabs General, Access (with its count) and Articles (02-catalogue §2 Flags). */
function FlagFields({
  form,
  row,
  extra,
  money,
}: ResourceFormProps<Flag, FlagForm, Extra> & { money: Money }) {
  const { t } = useTranslation();
  const access = useWatch({ control: form.control, name: 'access' }) ?? [];
  const errors = form.formState.errors;
  return (
    <Tabs defaultValue="general" keepMounted>
      <Tabs.List>
        <Tabs.Tab value="general" c={errors.name || errors.description ? 'red' : undefined}>
          {t(`${P}.tabs.general`)}
        </Tabs.Tab>
        <Tabs.Tab
          value="access"
          c={errors.access ? 'red' : undefined}
          rightSection={
            <Badge size="sm" variant="light">
              {access.length}
            </Badge>
          }
          data-testid="flag-tab-access"
        >
          {t(`${P}.tabs.access`)}
        </Tabs.Tab>
        <Tabs.Tab value="articles" c={errors.articles ? 'red' : undefined} data-testid="flag-tab-articles">
          {t(`${P}.tabs.articles`)}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="general" pt="md">
        <Stack>
          {row && <TextInput label={t(`${P}.fields.flagNumber`)} value={String(row.flagNumber)} readOnly />}
          <TextField<FlagForm> name="name" required maxLength={150} />
          <TextAreaField<FlagForm> name="description" required />
          <CheckboxField<FlagForm> name="isMinor" />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="access" pt="md">
        <AccessTab extra={extra} />
      </Tabs.Panel>
      <Tabs.Panel value="articles" pt="md">
        <ArticlesTab extra={extra} money={money} />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * admin/events/flag (permission flag; 02-catalogue §2 Flags, §4, §5, §9): at most 16 flags (New is
 * hidden then; the server refuses a 17th too). The flag number is the server's (the lowest free one).
 */
function useDefinition(money: Money): ResourceDefinition<Flag, FlagForm, Extra> {
  return useMemo(
    () => ({
      prefix: P,
      serverFields: { prefix: 'flag.' },
      queryKey: flagKeys.list(),
      invalidates: [rulesKeys.all],
      load: async () => {
        const { flags, ...extra } = await listFlags();
        return { rows: flags, extra };
      },
      rowKey: (r) => r.id,
      canCreate: (rows) => rows.length < MAX_FLAGS,
      listSpan: 5,
      columns: [
        { key: 'flagNumber', width: 90 },
        { key: 'name' },
        { key: 'description', collapse: true },
        { key: 'isMinor', render: (r) => <Tick on={r.isMinor === 1} /> },
      ],
      schema: FlagForm,
      empty: () => ({ name: '', description: '', isMinor: false, access: [], articles: [] }),
      toValues: (r) => ({
        name: r.name,
        description: r.description,
        isMinor: r.isMinor === 1,
        access: r.access,
        articles: r.articles.map((a) => ({ ...a, price: money.toInput(a.price) })),
      }),
      save: (v, row) =>
        saveFlag({
          id: row?.id,
          name: v.name,
          description: v.description,
          isMinor: v.isMinor ? 1 : 0,
          access: v.access ?? [],
          articles: (v.articles ?? []).map((a) => ({ ...a, price: money.toCents(a.price) })),
        }),
      remove: (r) => deleteFlag(r.id),
      matches: (r, text) => `${r.flagNumber} ${r.name} ${r.description}`.toLowerCase().includes(text),
      Form: (props) => <FlagFields {...props} money={money} />,
    }),
    [money],
  );
}

export default function FlagsPage() {
  const money = useMoney();
  return <ResourceScreen def={useDefinition(money)} />;
}
