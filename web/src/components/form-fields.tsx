import {
  Checkbox,
  MultiSelect,
  NumberInput,
  type NumberInputProps,
  Select,
  Switch,
  Textarea,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { createContext, useContext } from 'react';
import { Controller, type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/i18n';

/** Fields label themselves from `<prefix>.fields.<name>` (ARCHITECTURE.md convention 8). */
export const FieldPrefix = createContext('');

function useField(name: string, label?: string) {
  const { t } = useTranslation();
  const prefix = useContext(FieldPrefix);
  const form = useFormContext();
  const err = name
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], form.formState.errors) as
    | { message?: string }
    | undefined;
  return {
    form,
    label: label ?? t(`${prefix}.fields.${name}`),
    error: translateMessage(t, err?.message),
  };
}

type Base<T extends FieldValues> = { name: Path<T>; label?: string; required?: boolean; disabled?: boolean };

export function TextField<T extends FieldValues>({
  name,
  label,
  ...rest
}: Base<T> & Omit<TextInputProps, 'name' | 'label' | 'error'>) {
  const f = useField(name, label);
  return (
    <TextInput
      {...rest}
      {...f.form.register(name)}
      label={f.label}
      error={f.error}
      data-testid={`field-${name}`}
    />
  );
}

export function TextAreaField<T extends FieldValues>({ name, label, ...rest }: Base<T> & { rows?: number }) {
  const f = useField(name, label);
  return (
    <Textarea
      {...rest}
      autosize
      minRows={rest.rows ?? 2}
      {...f.form.register(name)}
      label={f.label}
      error={f.error}
    />
  );
}

/** A number input that never goes below its minimum (the currency input of 02-catalogue §2). */
export function NumberField<T extends FieldValues>({
  name,
  label,
  ...rest
}: Base<T> & Omit<NumberInputProps, 'name' | 'label' | 'error' | 'value' | 'onChange'>) {
  const f = useField(name, label);
  return (
    <Controller
      name={name}
      control={f.form.control}
      render={({ field }) => (
        <NumberInput
          {...rest}
          clampBehavior="strict"
          label={f.label}
          error={f.error}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v === '' ? null : Number(v))}
          onBlur={field.onBlur}
          data-testid={`field-${name}`}
        />
      )}
    />
  );
}

/** A 0/1 toggle. */
export function Switch01Field<T extends FieldValues>({ name, label, disabled }: Base<T>) {
  const f = useField(name, label);
  return (
    <Controller
      name={name}
      control={f.form.control}
      render={({ field }) => (
        <Switch
          label={f.label}
          disabled={disabled}
          checked={field.value === 1}
          onChange={(e) => field.onChange(e.currentTarget.checked ? 1 : 0)}
          error={f.error}
          data-testid={`field-${name}`}
        />
      )}
    />
  );
}

export function CheckboxField<T extends FieldValues>({ name, label, disabled }: Base<T>) {
  const f = useField(name, label);
  return (
    <Controller
      name={name}
      control={f.form.control}
      render={({ field }) => (
        <Checkbox
          label={f.label}
          disabled={disabled}
          checked={!!field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          error={f.error}
        />
      )}
    />
  );
}

export function SelectField<T extends FieldValues>({
  name,
  label,
  data,
  clearable,
  disabled,
  numeric,
  description,
}: Base<T> & {
  data: { value: string; label: string }[];
  clearable?: boolean;
  /** The form holds the value as a number (ids); the options' values are its string form. */
  numeric?: boolean;
  description?: string;
}) {
  const f = useField(name, label);
  return (
    <Controller
      name={name}
      control={f.form.control}
      render={({ field }) => (
        <Select
          label={f.label}
          data={data}
          disabled={disabled}
          clearable={clearable}
          searchable
          value={field.value === null || field.value === undefined ? null : String(field.value)}
          onChange={(v) => field.onChange(numeric && v !== null ? Number(v) : v)}
          error={f.error}
          description={description}
          data-testid={`field-${name}`}
        />
      )}
    />
  );
}

export function MultiSelectField<T extends FieldValues>({
  name,
  label,
  data,
  disabled,
  numeric,
}: Base<T> & {
  data: { value: string; label: string }[];
  /** The form holds the values as numbers (ids). */
  numeric?: boolean;
}) {
  const f = useField(name, label);
  return (
    <Controller
      name={name}
      control={f.form.control}
      render={({ field }) => (
        <MultiSelect
          label={f.label}
          data={data}
          disabled={disabled}
          searchable
          value={(field.value ?? []).map(String)}
          onChange={(v) => field.onChange(numeric ? v.map(Number) : v)}
          error={f.error}
        />
      )}
    />
  );
}
