/** The look of the online top-up site: its colours and the header's gradient. */
import { ColorInput, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import type { OnlineServicesForm } from '@pulsera/contracts';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../components/form-fields';

type Form = OnlineServicesForm;

const SWATCHES = ['#6d28d9', '#db2777', '#f59e0b', '#059669', '#0284c7', '#111827', '#ffffff', '#f4f1fb'];

function ColorField({
  name,
}: {
  name:
    | 'colors.primary'
    | 'colors.accent'
    | 'colors.headerText'
    | 'colors.background'
    | 'gradient.from'
    | 'gradient.to';
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<Form>();
  const error = useFieldError(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <ColorInput
          label={t(`onlineServices.fields.${name}`)}
          format="hex"
          swatches={SWATCHES}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
          data-testid={`field-${name}`}
        />
      )}
    />
  );
}

export function ColorsField() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <ColorField name="colors.primary" />
      <ColorField name="colors.accent" />
      <ColorField name="colors.headerText" />
      <ColorField name="colors.background" />
    </SimpleGrid>
  );
}

export function GradientField() {
  const { t } = useTranslation();
  const { control } = useFormContext<Form>();
  const enabled = useWatch({ control, name: 'gradient.enabled' });
  return (
    <Stack gap="xs">
      <Controller
        name="gradient.enabled"
        control={control}
        render={({ field }) => (
          <Switch
            label={t('onlineServices.fields.gradient.enabled')}
            checked={field.value === 1}
            onChange={(e) => field.onChange(e.currentTarget.checked ? 1 : 0)}
            data-testid="field-gradient.enabled"
          />
        )}
      />
      {enabled === 1 && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ColorField name="gradient.from" />
          <ColorField name="gradient.to" />
          <Controller
            name="gradient.angle"
            control={control}
            render={({ field }) => (
              <NumberInput
                label={t('onlineServices.fields.gradient.angle')}
                min={0}
                max={360}
                step={15}
                clampBehavior="strict"
                allowDecimal={false}
                suffix="°"
                value={field.value ?? 0}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : 0)}
                data-testid="field-gradient.angle"
              />
            )}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
