/**
 * The online services form of the selected event: its sections (address, top-ups, login, info texts,
 * look, images, reCAPTCHA, redirects, queue) beside the live preview, with save and discard.
 */
import { Alert, Button, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  ONLINE_IMAGES,
  type OnlineImageSlot,
  type OnlineServices,
  OnlineServicesForm,
  SLUG_LENGTH,
  SUBDOMAIN_MAX,
} from '@pulsera/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-fields';
import { notifySuccess } from '../../../components/dialogs';
import { FieldPrefix, MoneyField, Switch01Field, TextField } from '../../../components/form-fields';
import { ImageUploadField } from '../../../components/image-upload';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, formResolver, sameItem } from '../../../lib/form';
import { moneyOf, useEventCurrency } from '../../../lib/money';
import { onlineServicesKeys, saveOnlineServices } from './api';
import { CardBrandsField, InfoTextsField, LoginMethodField } from './online-login-fields';
import { ColorsField, GradientField } from './online-look-fields';
import { Section } from './online-section';
import { addresses, type OnlineServicesValues, toBody, toForm } from './online-services-form';
import { QueueField } from './queue-field';
import { RecaptchaField } from './recaptcha-field';
import { TopUpPreview } from './top-up-preview';

const P = 'onlineServices';
type Form = OnlineServicesForm;

export function OnlineServicesEditor({ data, eventName }: { data: OnlineServices; eventName: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const financial = useEventCurrency('financial');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the currency is its values
  const money = useMemo(() => moneyOf(financial), [financial.iso, financial.symbol, financial.fraction]);
  const [baseline, setBaseline] = useState(data);
  const form = useForm<Form, unknown, OnlineServicesValues>({
    resolver: formResolver<Form, OnlineServicesValues>(OnlineServicesForm),
    defaultValues: toForm(data, money),
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as Form;
  const initial = useMemo(() => toForm(baseline, money), [baseline, money]);
  const dirty = !sameItem(initial, values);
  useUnsavedChanges(dirty);

  // New data from the server (an image saved, a save): an untouched form follows it; a form with
  // changes keeps them, and takes the new version only when none of its fields changed on the server.
  useEffect(() => {
    if (data === baseline) return;
    const next = toForm(data, money);
    const { update_time: _a, ...nextFields } = next;
    const { update_time: _b, ...baseFields } = toForm(baseline, money);
    if (!dirty) {
      setBaseline(data);
      form.reset(next);
    } else if (sameItem(nextFields, baseFields)) {
      setBaseline(data);
      form.setValue('update_time', data.update_time);
    }
  }, [data, baseline, form, money, dirty]);

  const save = useMutation({
    mutationFn: (v: OnlineServicesValues) => saveOnlineServices(toBody(v, money)),
    onSuccess: async (saved) => {
      notifySuccess();
      setBaseline(saved);
      form.reset(toForm(saved, money));
      qc.setQueryData(onlineServicesKeys.detail(), saved);
      // The chooser's online-services address.
      await qc.invalidateQueries({ queryKey: ['events'], exact: false, refetchType: 'none' });
    },
    onError: (e) => {
      applyServerErrors(e, form.setError);
      if (e instanceof ApiError && e.status === 409) {
        void qc.invalidateQueries({ queryKey: onlineServicesKeys.detail() });
      }
    },
  });

  const imageChanged = () => void qc.invalidateQueries({ queryKey: onlineServicesKeys.detail() });
  const site = addresses(data.siteBaseUrl, (values.slug ?? '').trim(), (values.subdomain ?? '').trim());
  const minCents = typeof values.minTopUp === 'number' ? money.toCents(values.minTopUp) : null;
  const maxCents = typeof values.maxTopUp === 'number' ? money.toCents(values.maxTopUp) : null;

  return (
    <FormProvider {...form}>
      <FieldPrefix.Provider value={P}>
        <form
          onSubmit={form.handleSubmit((v) => save.mutate(v))}
          noValidate
          data-testid="online-services-form"
        >
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Stack>
                <Section title={t('onlineServices.sections.address')}>
                  <SimpleGrid cols={{ base: 1, md: 2 }}>
                    <TextField<Form>
                      name="slug"
                      maxLength={SLUG_LENGTH.max}
                      description={site.path ?? t('onlineServices.hints.slug')}
                    />
                    <TextField<Form>
                      name="subdomain"
                      maxLength={SUBDOMAIN_MAX}
                      description={site.host ?? t('onlineServices.hints.subdomain')}
                    />
                    <DateTimeField<Form>
                      name="servicesOnlineDateStart"
                      min={data.eventWindow.start}
                      max={data.eventWindow.end}
                    />
                    <DateTimeField<Form>
                      name="servicesOnlineDateEnd"
                      min={data.eventWindow.start}
                      max={data.eventWindow.end}
                    />
                  </SimpleGrid>
                </Section>

                <Section title={t('onlineServices.sections.topUps')}>
                  <SimpleGrid cols={{ base: 1, md: 2 }}>
                    <MoneyField<Form> name="minTopUp" money={money} minCents={1} />
                    <MoneyField<Form> name="maxTopUp" money={money} minCents={1} />
                  </SimpleGrid>
                  <Switch01Field<Form> name="needsCodeCheck" />
                  <Switch01Field<Form> name="manuallyTopUp" />
                </Section>

                <Section title={t('onlineServices.sections.login')}>
                  <LoginMethodField />
                  <Switch01Field<Form> name="knownTicketsOnly" disabled={values.loginMethod === 'rfid'} />
                  <CardBrandsField />
                </Section>

                <Section
                  title={t('onlineServices.sections.info')}
                  description={t('onlineServices.hints.info')}
                >
                  <InfoTextsField languages={data.languages} />
                </Section>

                <Section title={t('onlineServices.sections.look')}>
                  <ColorsField />
                  <GradientField />
                </Section>

                <Section
                  title={t('onlineServices.sections.images')}
                  description={t('onlineServices.hints.images')}
                >
                  <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                    {(Object.keys(ONLINE_IMAGES) as OnlineImageSlot[]).map((slot) => (
                      <ImageUploadField
                        key={slot}
                        label={t(`onlineServices.images.${slot}`)}
                        value={data.images[slot]}
                        path={`/event/online-services/images/${slot}`}
                        folder={ONLINE_IMAGES[slot].folder}
                        size={ONLINE_IMAGES[slot].rule}
                        onChange={imageChanged}
                      />
                    ))}
                  </SimpleGrid>
                </Section>

                <Section title={t('onlineServices.sections.recaptcha')}>
                  <RecaptchaField secretSet={data.recaptchaSecretSet} />
                </Section>

                <Section
                  title={t('onlineServices.sections.redirects')}
                  description={t('onlineServices.hints.redirects')}
                >
                  <TextField<Form> name="redirectUrls.success" placeholder="https://" />
                  <TextField<Form> name="redirectUrls.failure" placeholder="https://" />
                  <TextField<Form> name="redirectUrls.cancel" placeholder="https://" />
                </Section>

                <Section
                  title={t('onlineServices.sections.queue')}
                  description={t('onlineServices.hints.queue')}
                >
                  <QueueField />
                </Section>
              </Stack>
            </Grid.Col>

            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Stack gap="xs" style={{ position: 'sticky', top: 72 }}>
                <Text fw={600} size="sm">
                  {t('onlineServices.preview.heading')}
                </Text>
                <TopUpPreview
                  eventName={eventName}
                  address={site.shown}
                  colors={values.colors}
                  gradient={values.gradient}
                  images={{
                    header: data.images.header?.url ?? null,
                    login: data.images.login?.url ?? null,
                    favicon: data.images.favicon?.url ?? null,
                    background: data.images.background?.url ?? null,
                  }}
                  loginMethod={values.loginMethod}
                  needsCodeCheck={values.needsCodeCheck === 1}
                  knownTicketsOnly={values.knownTicketsOnly === 1}
                  cardBrands={values.cardBrands ?? []}
                  infoTexts={values.infoText ?? {}}
                  amounts={
                    minCents && maxCents && minCents <= maxCents
                      ? t('onlineServices.preview.amounts', {
                          min: money.format(minCents),
                          max: money.format(maxCents),
                        })
                      : null
                  }
                  recaptcha={!!values.recaptchaSiteKey}
                />
                <Group justify="flex-end" mt="sm">
                  <Button
                    variant="default"
                    disabled={!dirty || save.isPending}
                    onClick={() => form.reset(initial)}
                    data-testid="online-discard"
                  >
                    {t('common.cancel')}
                  </Button>
                  <Button type="submit" loading={save.isPending} data-testid="online-save">
                    {t('common.save')}
                  </Button>
                </Group>
                {Object.keys(form.formState.errors).length > 0 && (
                  <Alert color="red" icon={<IconInfoCircle size={16} />} data-testid="online-errors">
                    {t('onlineServices.fixErrors')}
                  </Alert>
                )}
              </Stack>
            </Grid.Col>
          </Grid>
        </form>
      </FieldPrefix.Provider>
    </FormProvider>
  );
}
