import { Checkbox, Group, Input } from '@mantine/core';
import { DateInput, DateTimePicker, TimePicker } from '@mantine/dates';
import { WEEKDAYS } from '@pulsera/contracts';
import { useContext } from 'react';
import { Controller, type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_INPUT_FORMAT, dayjs, TIME_FORMAT } from '../lib/format';
import { translateMessage } from '../lib/i18n';
import { useSession } from '../lib/session';
import { FieldPrefix } from './form-fields';

/**
 * Date, date-time, time and weekday fields (01-console §9: dd/MM/yyyy and dd/MM/yyyy HH:mm).
 * Date-times are held as ISO strings in UTC and entered and shown in the event's time zone
 * (or the `timezone` given), so 20:00 in Madrid stays 20:00 whatever the browser's zone.
 */
type Base<T extends FieldValues> = { name: Path<T>; label?: string; required?: boolean; disabled?: boolean };

function useField(name: string, label?: string) {
  const { t } = useTranslation();
  const prefix = useContext(FieldPrefix);
  const form = useFormContext();
  const err = name
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], form.formState.errors) as
    | { message?: string }
    | undefined;
  return { form, label: label ?? t(`${prefix}.fields.${name}`), error: translateMessage(t, err?.message) };
}

/** ISO (UTC) → 'YYYY-MM-DD HH:mm:ss' wall time in tz, and back. */
export const isoToWall = (iso: string | null | undefined, tz: string) =>
  iso ? dayjs(iso).tz(tz).format('YYYY-MM-DD HH:mm:ss') : null;
export const wallToIso = (wall: string | null, tz: string) =>
  wall ? dayjs.tz(wall, tz).toISOString() : null;

export function DateTimeField<T extends FieldValues>({
  name,
  label,
  required,
  disabled,
  timezone,
  min,
  max,
}: Base<T> & {
  timezone?: string;
  /** The earliest and latest instants (ISO, UTC) the picker offers, shown in the time zone. */
  min?: string;
  max?: string;
}) {
  const { t } = useTranslation();
  const f = useField(name, label);
  const { event } = useSession();
  const tz = timezone ?? event?.zona_horaria ?? 'Europe/Madrid';
  // The calendar disables the days outside [min, max] but not the hours of its first and last day:
  // the picker would silently move a typed 08:30 to a 09:00 minimum. The window is told instead and
  // the server refuses an instant outside it at the field.
  const day = (iso: string | undefined, end: boolean) =>
    iso ? dayjs(iso).tz(tz)[end ? 'endOf' : 'startOf']('day').format('YYYY-MM-DD HH:mm:ss') : undefined;
  const shown = (iso: string) => dayjs(iso).tz(tz).format(DATE_TIME_INPUT_FORMAT);
  const description = min && max ? t('common.dateWindow', { start: shown(min), end: shown(max), tz }) : tz;
  return (
    <Controller
      name={name}
      control={f.form.control}
      render={({ field }) => (
        <DateTimePicker
          label={f.label}
          required={required}
          disabled={disabled}
          clearable={!required}
          valueFormat={DATE_TIME_INPUT_FORMAT}
          value={isoToWall(field.value, tz)}
          minDate={day(min, false)}
          maxDate={day(max, true)}
          onChange={(v) => field.onChange(wallToIso(v, tz))}
          onBlur={field.onBlur}
          error={f.error}
          timePickerProps={{ format: TIME_FORMAT }}
          description={description}
          data-testid={`field-${name}`}
        />
      )}
    />
  );
}

/** A calendar date 'YYYY-MM-DD' (no time zone: a day is a day). */
export function DateField<T extends FieldValues>({ name, label, required, disabled }: Base<T>) {
  const f = useField(name, label);
  return (
    <Controller
      name={name}
      control={f.form.control}
      render={({ field }) => (
        <DateInput
          label={f.label}
          required={required}
          disabled={disabled}
          clearable={!required}
          valueFormat="DD/MM/YYYY"
          value={field.value || null}
          onChange={(v) => field.onChange(v ? dayjs(v).format('YYYY-MM-DD') : null)}
          onBlur={field.onBlur}
          error={f.error}
          data-testid={`field-${name}`}
        />
      )}
    />
  );
}

/**
 * A time of day 'HH:mm:ss', shown and typed in the console's 24-hour format (TIME_FORMAT) whatever
 * the browser's locale: a native time input would show "12:00:00 AM" in an en-US browser while every
 * list shows 00:00.
 */
export function TimeField<T extends FieldValues>({ name, label, required, disabled }: Base<T>) {
  const f = useField(name, label);
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={f.form.control}
      render={({ field }) => (
        <TimePicker
          label={f.label}
          required={required}
          disabled={disabled}
          withSeconds
          format={TIME_FORMAT}
          hoursInputLabel={t('display.time.hours')}
          minutesInputLabel={t('display.time.minutes')}
          secondsInputLabel={t('display.time.seconds')}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(v === '' ? null : v.length === 5 ? `${v}:00` : v)}
          onBlur={field.onBlur}
          error={f.error}
          data-testid={`field-${name}`}
        />
      )}
    />
  );
}

/** Weekday checkboxes over the string 'LMXJVSD' (L Monday … D Sunday). */
export function WeekdaysField<T extends FieldValues>({ name, label, disabled }: Base<T>) {
  const f = useField(name, label);
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={f.form.control}
      render={({ field }) => {
        const value: string = field.value ?? '';
        return (
          <Input.Wrapper label={f.label} error={f.error}>
            <Group gap="xs" mt={4}>
              {WEEKDAYS.split('').map((d) => (
                <Checkbox
                  key={d}
                  label={t(`weekdays.${d}`)}
                  disabled={disabled}
                  checked={value.includes(d)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    field.onChange(
                      WEEKDAYS.split('')
                        .filter((x) => (x === d ? on : value.includes(x)))
                        .join(''),
                    );
                  }}
                />
              ))}
            </Group>
          </Input.Wrapper>
        );
      }}
    />
  );
}
