/**
 * The Ticketing tab's editors of the rol form: its time ranges, the validation and pre-top-up locations,
 * and the articles it comes with.
 */
import { NumberInput, Stack } from '@mantine/core';
import type { RolForm } from '@pulsera/contracts';
import { useState } from 'react';
import { Controller, useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChildListEditor, ErrorText, idList, PickerSelect } from '../../../components/child-list-editor';
import { CheckboxField, MultiSelectField, useFieldErrors } from '../../../components/form-fields';
import { day, type Extra, nameOf, type Option, optionsOf, P } from './rol-options';

/** The time ranges the rol can be validated in; one already there is refused (configAlreadyInserted). */
export function TimeRangesEditor({ ranges }: { ranges: Extra['timeRanges'] }) {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const { field } = useController({ control: form.control, name: 'idsTimeRange' });
  const value = (field.value ?? []) as number[];
  const errorAt = useFieldErrors();
  const [chosen, setChosen] = useState<string | null>(null);
  const range = (id: number) => ranges.find((r) => r.id === id);
  return (
    <ChildListEditor<number>
      title={t(`${P}.fields.idsTimeRange`)}
      pickers={
        <PickerSelect
          label={t(`${P}.timeRange`)}
          data={optionsOf(ranges)}
          value={chosen}
          onChange={setChosen}
          style={{ flex: 1 }}
          data-testid="rol-range-select"
        />
      }
      entry={chosen ? Number(chosen) : null}
      onAdded={() => setChosen(null)}
      keyOf={(id) => id}
      list={idList(value, field.onChange)}
      items={value}
      columns={[
        {
          head: t(`${P}.timeRange`),
          cell: (id = 0, i) => (
            <>
              {range(id)?.name ?? `#${id}`}
              <ErrorText text={errorAt(`idsTimeRange.${i}`)} />
            </>
          ),
        },
        {
          head: t(`${P}.dates`),
          cell: (id = 0) => {
            const r = range(id);
            return r ? `${day(r.dateStart)} – ${day(r.dateEnd)}` : '';
          },
        },
      ]}
      addLabel={t(`${P}.add`)}
      emptyText={t(`${P}.noItems`)}
      addTestId="rol-range-add"
      tableTestId="rol-ranges"
    />
  );
}

/** The articles the rol comes with: one added gets quantity 1; one already there is refused. */
export function ArticlesEditor({ articles }: { articles: Option[] }) {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const list = useFieldArray({ control: form.control, name: 'articles' });
  const current = useWatch({ control: form.control, name: 'articles' }) ?? [];
  const errorAt = useFieldErrors();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <ChildListEditor
      title={t(`${P}.fields.articles`)}
      pickers={
        <PickerSelect
          label={t(`${P}.article`)}
          data={optionsOf(articles)}
          value={chosen}
          onChange={setChosen}
          style={{ flex: 1 }}
          data-testid="rol-article-select"
        />
      }
      entry={chosen ? { idArticle: Number(chosen), quantity: 1 } : null}
      onAdded={() => setChosen(null)}
      keyOf={(a) => a.idArticle}
      list={list}
      items={current}
      columns={[
        {
          head: t(`${P}.article`),
          cell: (a, i) => (
            <>
              {nameOf(articles, a?.idArticle ?? 0)}
              <ErrorText text={errorAt(`articles.${i}.idArticle`)} />
            </>
          ),
        },
        {
          head: t(`${P}.quantity`),
          cell: (_, i) => (
            <Controller
              name={`articles.${i}.quantity`}
              control={form.control}
              render={({ field }) => (
                <NumberInput
                  aria-label={t(`${P}.quantity`)}
                  min={1}
                  step={1}
                  allowDecimal={false}
                  clampBehavior="strict"
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(v === '' ? null : Number(v))}
                  error={errorAt(`articles.${i}.quantity`)}
                  w={120}
                />
              )}
            />
          ),
        },
      ]}
      addLabel={t(`${P}.add`)}
      emptyText={t(`${P}.noItems`)}
      addTestId="rol-article-add"
      tableTestId="rol-articles"
    />
  );
}

/** Validation or pre-top-up locations: every location, or the chosen ones. */
export function LocationsChoice({
  all,
  list,
  locations,
}: {
  all: 'allLocations' | 'allPreTopUpLocations';
  list: 'locationsAvailable' | 'preTopUpLocationsAvailable';
  locations: Option[];
}) {
  const form = useFormContext<RolForm>();
  const isAll = useWatch({ control: form.control, name: all });
  return (
    <Stack gap={6}>
      <CheckboxField<RolForm> name={all} />
      {!isAll && <MultiSelectField<RolForm> name={list} data={optionsOf(locations)} />}
    </Stack>
  );
}
