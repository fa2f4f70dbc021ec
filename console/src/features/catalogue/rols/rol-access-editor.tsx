/** The Access tab of the rol form: zones during time ranges, with their number of entries. */
import { NumberInput } from '@mantine/core';
import { type RolForm, UNLIMITED_ACCESS } from '@pulsera/contracts';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChildListEditor, ErrorText, PickerSelect } from '../../../components/child-list-editor';
import { useFieldErrors } from '../../../components/form-fields';
import { type Extra, nameOf, optionsOf, P } from './rol-options';

/** Entries: empty is unlimited (-1), otherwise at least 1. */
function EntriesInput({
  value,
  onChange,
  error,
  testId,
  label,
}: {
  value: number;
  onChange: (v: number) => void;
  error?: string;
  testId?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={label}
      aria-label={t(`${P}.nAccess`)}
      placeholder={t(`${P}.unlimited`)}
      min={1}
      step={1}
      allowDecimal={false}
      clampBehavior="strict"
      value={value === UNLIMITED_ACCESS ? '' : value}
      onChange={(v) => onChange(v === '' ? UNLIMITED_ACCESS : Number(v))}
      error={error}
      w={140}
      data-testid={testId}
    />
  );
}

/** Access: a zone during a time range, n times; a pair already there is refused (configAlreadyInserted). */
export function AccessEditor({ extra }: { extra: Extra | undefined }) {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const list = useFieldArray({ control: form.control, name: 'rolesAccess' });
  const current = useWatch({ control: form.control, name: 'rolesAccess' }) ?? [];
  const errorAt = useFieldErrors();
  const [zone, setZone] = useState<string | null>(null);
  const [range, setRange] = useState<string | null>(null);
  const [entries, setEntries] = useState<number>(UNLIMITED_ACCESS);
  return (
    <ChildListEditor
      pickers={
        <>
          <PickerSelect
            label={t(`${P}.zone`)}
            data={optionsOf(extra?.zones)}
            value={zone}
            onChange={setZone}
            data-testid="rol-access-zone"
          />
          <PickerSelect
            label={t(`${P}.timeRange`)}
            data={optionsOf(extra?.timeRanges)}
            value={range}
            onChange={setRange}
            data-testid="rol-access-range"
          />
          <EntriesInput
            label={t(`${P}.nAccess`)}
            value={entries}
            onChange={setEntries}
            testId="rol-access-entries"
          />
        </>
      }
      entry={zone && range ? { idZone: Number(zone), idTimeRange: Number(range), nAccess: entries } : null}
      onAdded={() => {
        setZone(null);
        setRange(null);
        setEntries(UNLIMITED_ACCESS);
      }}
      keyOf={(a) => `${a.idZone}:${a.idTimeRange}`}
      list={list}
      items={current}
      columns={[
        {
          head: t(`${P}.zone`),
          cell: (a, i) => (
            <>
              {nameOf(extra?.zones, a?.idZone ?? 0)}
              <ErrorText text={errorAt(`rolesAccess.${i}`)} />
            </>
          ),
        },
        { head: t(`${P}.timeRange`), cell: (a) => nameOf(extra?.timeRanges, a?.idTimeRange ?? 0) },
        {
          head: t(`${P}.nAccess`),
          cell: (_, i) => (
            <Controller
              name={`rolesAccess.${i}.nAccess`}
              control={form.control}
              render={({ field }) => (
                <EntriesInput
                  value={field.value}
                  onChange={field.onChange}
                  error={errorAt(`rolesAccess.${i}.nAccess`)}
                />
              )}
            />
          ),
        },
      ]}
      addLabel={t(`${P}.add`)}
      emptyText={t(`${P}.noItems`)}
      addTestId="rol-access-add"
      tableTestId="rol-access"
    />
  );
}
