/** The Dates group of the event form: the time zone, the offset and the event's and operations' dates. */
import { Select, SimpleGrid } from '@mantine/core';
import { EVENT_DATE_MAX, EVENT_DATE_MIN, type EventForm } from '@pulsera/contracts';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField, isoToWall, wallToIso } from '../../../components/date-fields';
import { NumberField, useFieldError } from '../../../components/form-fields';
import { timeZones } from './event-form';
import { Section } from './event-section';

/** `tz`: the time zone the form holds, the dates' zone. */
export function DatesSection({ tz }: { tz: EventForm['zona_horaria'] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('eventDetail.sections.dates')}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TimeZoneField />
        <NumberField<EventForm>
          name="offset"
          min={0}
          max={24}
          decimalScale={2}
          description={t('eventDetail.hints.offset')}
        />
        {(['f_inicio', 'f_fin', 'f_inicio_operaciones', 'f_fin_operaciones'] as const).map((name) => (
          <DateTimeField<EventForm>
            key={name}
            name={name}
            required={name === 'f_inicio' || name === 'f_fin'}
            timezone={tz}
            min={EVENT_DATE_MIN}
            max={EVENT_DATE_MAX}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}

/** The time zone: changing it keeps the dates' wall-clock times (16:00 stays 16:00 in the new zone). */
function TimeZoneField() {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<EventForm>();
  const error = useFieldError('zona_horaria');
  return (
    <Controller
      name="zona_horaria"
      control={control}
      render={({ field }) => (
        <Select
          label={t('eventDetail.fields.zona_horaria')}
          data={timeZones(field.value)}
          searchable
          required
          value={field.value || null}
          onChange={(next) => {
            if (!next) return;
            const prev = field.value;
            for (const k of ['f_inicio', 'f_fin', 'f_inicio_operaciones', 'f_fin_operaciones'] as const) {
              const iso = getValues(k);
              if (iso && prev)
                setValue(k, wallToIso(isoToWall(iso, prev), next) ?? iso, { shouldDirty: true });
            }
            field.onChange(next);
          }}
          onBlur={field.onBlur}
          error={error}
          data-testid="field-zona_horaria"
        />
      )}
    />
  );
}
