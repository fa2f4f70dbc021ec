/**
 * The login fields of the online services form (login method, card brands) and the info texts per
 * language.
 */
import { Chip, Group, Input, SegmentedControl, Tabs, Textarea } from '@mantine/core';
import {
  CARD_BRAND_LABEL,
  CARD_BRANDS,
  type CardBrand,
  LOGIN_METHODS,
  type LoginMethod,
  type OnlineServices,
  type OnlineServicesForm,
} from '@pulsera/contracts';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessageAt, useFieldError } from '../../../components/form-fields';
import { currentLanguage, translateMessage } from '../../../lib/i18n';

type Form = OnlineServicesForm;

export function LoginMethodField() {
  const { t } = useTranslation();
  const { control } = useFormContext<Form>();
  return (
    <Input.Wrapper label={t('onlineServices.fields.loginMethod')}>
      <Controller
        name="loginMethod"
        control={control}
        render={({ field }) => (
          <SegmentedControl
            mt={4}
            fullWidth
            value={field.value}
            onChange={(v) => field.onChange(v as LoginMethod)}
            data={LOGIN_METHODS.map((m) => ({ value: m, label: t(`onlineServices.loginMethods.${m}`) }))}
            data-testid="field-loginMethod"
          />
        )}
      />
    </Input.Wrapper>
  );
}

export function CardBrandsField() {
  const { t } = useTranslation();
  const { control } = useFormContext<Form>();
  const error = useFieldError('cardBrands');
  return (
    <Input.Wrapper label={t('onlineServices.fields.cardBrands')} error={error}>
      <Controller
        name="cardBrands"
        control={control}
        render={({ field }) => (
          <Chip.Group multiple value={field.value ?? []} onChange={(v) => field.onChange(v as CardBrand[])}>
            <Group gap={6} mt={6} data-testid="field-cardBrands">
              {CARD_BRANDS.map((b) => (
                <Chip key={b} value={b} size="xs">
                  {CARD_BRAND_LABEL[b]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
      />
    </Input.Wrapper>
  );
}

export function InfoTextsField({ languages }: { languages: OnlineServices['languages'] }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<Form>();
  const first = languages.find((l) => l.iso === currentLanguage())?.iso ?? languages[0]?.iso ?? 'en';
  return (
    <Tabs defaultValue={first} keepMounted>
      <Tabs.List>
        {languages.map((l) => (
          <Tabs.Tab key={l.iso} value={l.iso} data-testid={`info-tab-${l.iso}`}>
            {l.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {languages.map((l) => (
        <Tabs.Panel key={l.iso} value={l.iso} pt="xs">
          <Textarea
            {...register(`infoText.${l.iso}`)}
            aria-label={`${t('onlineServices.fields.infoText')} (${l.name})`}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={4000}
            error={translateMessage(t, errorMessageAt(formState.errors, `infoText.${l.iso}`))}
            data-testid={`field-infoText.${l.iso}`}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
