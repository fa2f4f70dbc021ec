/** The reCAPTCHA keys of the online top-up site; the secret is write-only and can be cleared. */
import { Checkbox, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import type { OnlineServicesForm } from '@pulsera/contracts';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageAt, TextField } from '../../../components/form-fields';
import { translateMessage } from '../../../lib/i18n';

type Form = OnlineServicesForm;

export function RecaptchaField({ secretSet }: { secretSet: boolean }) {
  const { t } = useTranslation();
  const { register, control, formState } = useFormContext<Form>();
  const clear = useWatch({ control, name: 'clearRecaptchaSecret' });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <TextField<Form> name="recaptchaSiteKey" maxLength={100} />
      <Stack gap={6}>
        <PasswordInput
          {...register('recaptchaSecret')}
          label={t('onlineServices.fields.recaptchaSecret')}
          description={
            secretSet ? t('onlineServices.hints.secretSet') : t('onlineServices.hints.secretUnset')
          }
          placeholder={secretSet ? '••••••••••••' : ''}
          disabled={!!clear}
          autoComplete="new-password"
          maxLength={100}
          error={translateMessage(t, errorMessageAt(formState.errors, 'recaptchaSecret'))}
          data-testid="field-recaptchaSecret"
        />
        {secretSet && (
          <Controller
            name="clearRecaptchaSecret"
            control={control}
            render={({ field }) => (
              <Checkbox
                size="xs"
                label={t('onlineServices.fields.clearRecaptchaSecret')}
                checked={!!field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid="field-clearRecaptchaSecret"
              />
            )}
          />
        )}
      </Stack>
    </SimpleGrid>
  );
}
