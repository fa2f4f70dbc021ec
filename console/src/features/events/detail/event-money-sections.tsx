/**
 * The money groups of the event form: currencies and rate, payment methods and cash label; the reusable
 * tag and its fee; billing and VAT.
 */
import { Checkbox, Group, Input, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Currency, type EventForm, minRate, RATE_DECIMALS, VAT_RANGE } from '@pulsera/contracts';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  NumberField,
  SelectField,
  Switch01Field,
  TextField,
  useFieldError,
} from '../../../components/form-fields';
import { rateText } from '../../../lib/money';
import { listPaymentMethods, paymentMethodKeys } from '../../terminals';
import { togglePaymentMethod } from './event-form';
import { Section } from './event-section';

/** `usable`: the currencies the event may use (the global ones and its own). */
export function CurrenciesSection({ usable }: { usable: Currency[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('eventDetail.sections.currencies')}>
      <CurrencyFields currencies={usable} />
      <PaymentMethodsField />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextField<EventForm>
          name="cashLabel"
          required
          maxLength={30}
          description={t('eventDetail.hints.cashLabel')}
        />
      </SimpleGrid>
    </Section>
  );
}

/** `reusableTag`: the form's switch (1: on). */
export function ReusableTagSection({
  reusableTag,
  usable,
}: {
  reusableTag: EventForm['reusableTag'];
  usable: Currency[];
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('eventDetail.sections.reusableTag')}>
      <Switch01Field<EventForm> name="reusableTag" />
      {reusableTag === 1 && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <CentsField name="feeReusableTag" currencies={usable} />
          <Switch01Field<EventForm> name="refundBalanceWhenReusableTag" />
        </SimpleGrid>
      )}
    </Section>
  );
}

/** `billing`: the form's switch (1: on). */
export function BillingSection({ billing }: { billing: EventForm['billing'] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('eventDetail.sections.billing')}>
      <Switch01Field<EventForm> name="billing" />
      {billing === 1 && (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <NumberField<EventForm>
            name="IVA"
            min={VAT_RANGE.min}
            max={VAT_RANGE.max}
            decimalScale={2}
            suffix=" %"
            required
          />
          <TextField<EventForm> name="Nombre_fiscal" maxLength={150} />
          <TextField<EventForm> name="NIF" maxLength={30} />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <NumberField<EventForm>
          name="eventVat"
          min={VAT_RANGE.min}
          max={VAT_RANGE.max}
          decimalScale={2}
          suffix=" %"
          description={t('eventDetail.hints.eventVat')}
        />
        <NumberField<EventForm> name="porcentaje_Fiscal" min={0} max={100} decimalScale={2} suffix=" %" />
      </SimpleGrid>
    </Section>
  );
}

/** Financial currency (financial ones only), local currency and the rate with its reading (§5). */
function CurrencyFields({
  currencies,
}: {
  currencies: { id: number; iso: string; name: string; isFinancial: boolean; fraction: number }[];
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventForm>();
  const [moneda, localId, rate] = useWatch({
    control,
    name: ['moneda', 'localCurrency', 'localCurrencyRate'],
  });
  const fin = currencies.find((c) => c.id === moneda);
  const local = currencies.find((c) => c.id === localId);
  const option = (c: { id: number; iso: string; name: string }) => ({
    value: String(c.id),
    label: `${c.iso} · ${c.name}`,
  });
  const min = minRate(local?.fraction);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <SelectField<EventForm>
          name="moneda"
          numeric
          data={currencies.filter((c) => c.isFinancial).map(option)}
        />
        <SelectField<EventForm> name="localCurrency" numeric data={currencies.map(option)} />
        <NumberField<EventForm>
          name="localCurrencyRate"
          required
          min={min}
          step={10 ** -RATE_DECIMALS}
          decimalScale={RATE_DECIMALS}
          description={t('eventDetail.hints.rateMin', { min })}
        />
      </SimpleGrid>
      {fin && local && typeof rate === 'number' && (
        <Stack gap={0} data-testid="event-rate-text">
          {rateText(fin.iso, local.iso, rate).map((line) => (
            <Text size="sm" c="dimmed" key={line}>
              {line}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Payment method letters (C T L P I), toggled one by one: only those the catalogue enables
 * (admin/configuration/paymentMethod), labelled in the user's language.
 */
function PaymentMethodsField() {
  const { t, i18n } = useTranslation();
  const { control } = useFormContext<EventForm>();
  const catalogue = useQuery({ queryKey: paymentMethodKeys.list(), queryFn: listPaymentMethods });
  const offered = (catalogue.data ?? []).filter((m) => m.enabled === 1);
  const letters = offered.map((m) => m.letter);
  const lang = i18n.language as 'en' | 'es' | 'it' | 'fr';
  return (
    <Controller
      name="paymentMethods"
      control={control}
      render={({ field }) => (
        <Input.Wrapper label={t('eventDetail.fields.paymentMethods')} data-testid="field-paymentMethods">
          <Group gap="md" mt={4}>
            {offered.map((m) => (
              <Checkbox
                key={m.letter}
                label={`${m.letter} · ${m.labels[lang] ?? m.labels.en}`}
                checked={(field.value ?? '').includes(m.letter)}
                onChange={(e) =>
                  field.onChange(
                    togglePaymentMethod(field.value ?? '', m.letter, e.currentTarget.checked, letters),
                  )
                }
              />
            ))}
          </Group>
        </Input.Wrapper>
      )}
    />
  );
}

/** An amount held in cents of the financial currency, typed in its units. */
function CentsField({
  name,
  currencies,
}: {
  name: 'feeReusableTag';
  currencies: { id: number; symbol: string }[];
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventForm>();
  const moneda = useWatch({ control, name: 'moneda' });
  const symbol = currencies.find((c) => c.id === moneda)?.symbol ?? '';
  const error = useFieldError(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <NumberInput
          label={t(`eventDetail.fields.${name}`)}
          min={0}
          decimalScale={2}
          fixedDecimalScale
          clampBehavior="strict"
          suffix={symbol ? ` ${symbol}` : undefined}
          value={field.value === null || field.value === undefined ? '' : field.value / 100}
          onChange={(v) => field.onChange(v === '' ? null : Math.round(Number(v) * 100))}
          onBlur={field.onBlur}
          error={error}
          required
          data-testid={`field-${name}`}
        />
      )}
    />
  );
}
