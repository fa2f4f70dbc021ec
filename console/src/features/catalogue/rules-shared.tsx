import { NumberInput } from '@mantine/core';
import { WEEKDAYS } from '@pulsera/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type ArrayPath,
  Controller,
  type FieldValues,
  type Path,
  useFieldArray,
  useFormContext,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ChildList, ChildListEditor, ErrorText, PickerSelect } from '../../components/child-list-editor';
import { errorMessageAt } from '../../components/form-fields';
import { formatDateTime } from '../../lib/format';
import { translateMessage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** The block of these screens' texts in the locale files. */
export const TEXTS = 'catalogue';
/** Texts these screens share. */
export const COMMON = `${TEXTS}.rules`;

export type Option = { id: number; name: string };
type ArticleQuantity = { idArticle: number; quantity: number };

/** Options of a select from id + name rows (ids as strings, as the selects hold them). */
export const options = (rows: Option[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** Names of the ids (the id itself when unknown). */
export const namesOf = (rows: Option[] | undefined, ids: readonly number[]) =>
  ids.map((id) => rows?.find((r) => r.id === id)?.name ?? `#${id}`);

export const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

export function LastActivity({ iso }: { iso: string }) {
  const { event } = useSession();
  return <>{formatDateTime(iso, event?.zona_horaria)}</>;
}

export function WeekdaysText({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <>
      {WEEKDAYS.split('')
        .filter((d) => value.includes(d))
        .map((d) => t(`weekdays.${d}`))
        .join(' ')}
    </>
  );
}

/**
 * The translated message of the form error at `path` (dotted): its own or its list's root; with
 * `deep`, the first one nested under it too (e.g. a server error on `access.0.idZone` read at
 * `access.0`).
 */
export function useErrorAt() {
  const { t } = useTranslation();
  const { formState } = useFormContext();
  return (path: string, deep = false) => translateMessage(t, errorMessageAt(formState.errors, path, deep));
}

/**
 * An edited list of articles with quantities (add-on gifts, bonus articles): an article added gets
 * quantity 1; one already in the list is not added again (configAlreadyInserted).
 */
export function ArticleQuantities<T extends FieldValues>({
  name,
  articles,
  label,
}: {
  name: ArrayPath<T>;
  articles: Option[];
  label: string;
}) {
  const { t } = useTranslation();
  const form = useFormContext<T>();
  const list = useFieldArray({ control: form.control, name });
  const errorAt = useErrorAt();
  const [chosen, setChosen] = useState<string | null>(null);
  const current = (form.watch(name as unknown as Path<T>) ?? []) as ArticleQuantity[];
  return (
    <ChildListEditor<ArticleQuantity>
      pickers={
        <PickerSelect
          label={label}
          data={options(articles)}
          value={chosen}
          onChange={setChosen}
          style={{ flex: 1 }}
          data-testid={`${name}-article`}
        />
      }
      entry={chosen ? { idArticle: Number(chosen), quantity: 1 } : null}
      onAdded={() => setChosen(null)}
      keyOf={(a) => a.idArticle}
      list={list as unknown as ChildList<ArticleQuantity>}
      items={current}
      columns={[
        {
          head: t(`${COMMON}.article`),
          cell: (a, i) => (
            <>
              {namesOf(articles, [a?.idArticle ?? 0])[0]}
              <ErrorText text={errorAt(`${name}.${i}.idArticle`)} />
            </>
          ),
        },
        {
          head: t(`${COMMON}.quantity`),
          width: 140,
          cell: (_, i) => (
            <Controller
              name={`${name}.${i}.quantity` as Path<T>}
              control={form.control}
              render={({ field: q }) => (
                <NumberInput
                  aria-label={t(`${COMMON}.quantity`)}
                  min={1}
                  step={1}
                  allowDecimal={false}
                  clampBehavior="strict"
                  value={q.value ?? ''}
                  onChange={(v) => q.onChange(v === '' ? null : Number(v))}
                  error={errorAt(`${name}.${i}.quantity`)}
                />
              )}
            />
          ),
        },
      ]}
      addLabel={t(`${COMMON}.add`)}
      emptyText={t(`${COMMON}.noItems`)}
      addTestId={`${name}-add`}
    />
  );
}
