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
import { Controller, type FieldValues, get, type Path, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/i18n';
import { type Money, messageAmount, useMoney } from '../lib/money';

/** Fields label themselves from `<prefix>.fields.<name>` (ARCHITECTURE.md convention 8). */
export const FieldPrefix = createContext('');

/** The message of an error object, or of the first error nested in it (e.g. `list.2.id` under `list`). */
function firstMessage(e: unknown, depth = 0): string | undefined {
  if (!e || typeof e !== 'object' || depth > 8) return undefined;
  const own = (e as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [k, v] of Object.entries(e)) {
    // `ref` is the field's element; `types` repeats the messages.
    if (k === 'ref' || k === 'types' || k === 'message' || k === 'type') continue;
    const nested = firstMessage(v, depth + 1);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The (untranslated) message of the form error at `path` (dotted): its own, its list's root, or with
 * `deep` the first one nested under it, so that a server error on an item of a list field (`addons.3`,
 * `access.0.idZone`) shows on the field that edits the list.
 */
export function errorMessageAt(errors: unknown, path: string, deep = false): string | undefined {
  const at = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], errors) as
    | { message?: string; root?: { message?: string } }
    | undefined;
  if (deep) return firstMessage(at);
  return at?.message || at?.root?.message || undefined;
}

/** The translated error of the surrounding form's field at `path` (a nested name), if any. */
export function useFieldError(path: string) {
  const { t } = useTranslation();
  const { formState } = useFormContext();
  return translateMessage(t, errorMessageAt(formState.errors, path));
}

/** A reader of the surrounding form's translated field errors, for a form that shows many paths. */
export function useFieldErrors() {
  const { t } = useTranslation();
  const { formState } = useFormContext();
  return (path: string) => translateMessage(t, errorMessageAt(formState.errors, path));
}

function useField(name: string, label?: string) {
  const { t } = useTranslation();
  const prefix = useContext(FieldPrefix);
  const form = useFormContext();
  const money = useMoney();
  // An item of a list (`grants.0.eventId`) is validated with its whole list as soon as the list
  // changes (react-hook-form checks a field array on append and remove), so a row just added would
  // say "Required field" before anyone typed in it: its error waits until it is touched or the form
  // is submitted. Other fields are validated when touched anyway.
  const listItem = /\.\d+(\.|$)/.test(name);
  const shown =
    !listItem || form.formState.isSubmitted || get(form.formState.touchedFields, name) !== undefined;
  return {
    form,
    label: label ?? t(`${prefix}.fields.${name}`),
    // A field shows the errors of what it edits, nested ones included (a multi-select's items), with
    // their amounts in the screen's currency.
    error: shown
      ? translateMessage(t, errorMessageAt(form.formState.errors, name, true), messageAmount(money))
      : undefined,
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

/**
 * A number input that never rewrites what is typed (issue 16): a selection is replaced by the typed
 * text, and a value out of range stays as typed and shows the schema's error (min / max), which
 * blocks the save. A screen that wants a clamp says so (`clampBehavior="blur"`: the zones' capacity,
 * raised to the minimum when left, 02-catalogue §5).
 */
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
          clampBehavior="none"
          {...rest}
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

type MoneyInputProps = Omit<
  NumberInputProps,
  'value' | 'onChange' | 'min' | 'decimalScale' | 'suffix' | 'clampBehavior' | 'allowNegative'
> & {
  /** The event's money helper (`useMoney`). */
  money: Money;
  /** The least amount in cents of the financial currency (default 0): the input never goes below it. */
  minCents?: number;
  /** The amount as typed in the display currency; null while empty. */
  value: number | null | undefined;
  onChange: (amount: number | null) => void;
  /** Without the rate line under the input (a table cell): the rate is its tooltip. */
  compact?: boolean;
};

/**
 * The currency number input (02-catalogue §2 Shared inputs): an amount typed in the event's display
 * currency (its symbol, and the rate to the financial currency when they differ), never below its
 * minimum, with as many decimals as a cent of the financial currency needs (`Money.decimals`). Convert
 * with `money.toInput` / `money.toCents` only.
 */
export function MoneyInput({
  money,
  minCents = 0,
  value,
  onChange,
  compact,
  description,
  ...rest
}: MoneyInputProps) {
  const min = money.toInput(minCents);
  return (
    <NumberInput
      {...rest}
      min={min}
      allowNegative={min < 0}
      clampBehavior="none"
      decimalScale={money.decimals}
      suffix={` ${money.currency.symbol}`}
      description={description ?? (compact ? undefined : money.rate)}
      title={compact ? (money.rate ?? undefined) : undefined}
      value={value ?? ''}
      onChange={(v) => onChange(v === '' ? null : Number(v))}
    />
  );
}

/** `MoneyInput` as a field of the form (the amount in the display currency; the page converts on save). */
export function MoneyField<T extends FieldValues>({
  name,
  label,
  money,
  minCents,
  required = true,
  disabled,
}: Base<T> & { money?: Money; minCents?: number }) {
  const f = useField(name, label);
  const eventMoney = useMoney();
  return (
    <Controller
      name={name}
      control={f.form.control}
      render={({ field }) => (
        <MoneyInput
          money={money ?? eventMoney}
          minCents={minCents}
          label={f.label}
          error={f.error}
          required={required}
          disabled={disabled}
          value={field.value}
          onChange={field.onChange}
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
  required,
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
          withAsterisk={required}
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
  required,
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
          withAsterisk={required}
        />
      )}
    />
  );
}
