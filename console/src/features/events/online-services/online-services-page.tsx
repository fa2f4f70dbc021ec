import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Chip,
  ColorInput,
  Grid,
  Group,
  Input,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CARD_BRAND_LABEL,
  CARD_BRANDS,
  type CardBrand,
  LOGIN_METHODS,
  type LoginMethod,
  ONLINE_IMAGES,
  type OnlineImageSlot,
  type OnlineServices,
  OnlineServicesForm,
  QUEUE_SCRIPT_TYPES,
  SLUG_LENGTH,
  SUBDOMAIN_MAX,
} from '@pulsera/contracts';
import { IconExternalLink, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-fields';
import { notifySuccess } from '../../../components/dialogs';
import {
  errorMessageAt,
  FieldPrefix,
  MoneyField,
  Switch01Field,
  TextField,
} from '../../../components/form-fields';
import { ImageUploadField } from '../../../components/image-upload';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, formResolver, sameItem } from '../../../lib/form';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import { moneyOf, useEventCurrency } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { loadOnlineServices, onlineServicesKeys, saveOnlineServices } from './api';
import { addresses, emptyScript, type OnlineServicesValues, toBody, toForm } from './online-services-form';
import { TopUpPreview } from './top-up-preview';

const P = 'onlineServices';
type Form = OnlineServicesForm;

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={4}>{title}</Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** The translated error of the form at `path`. */
function useErrorAt(path: string) {
  const { t } = useTranslation();
  const { formState } = useFormContext<Form>();
  return translateMessage(t, errorMessageAt(formState.errors, path));
}

/**
 * admin/events/onlineServices (01-console §2, §3; permission edicionDeEventos): the selected
 * event's online top-up site, with a live preview of its header and login box.
 */
export default function OnlineServicesPage() {
  const { t } = useTranslation();
  const { event } = useSession();
  const query = useQuery({ queryKey: onlineServicesKeys.detail(), queryFn: loadOnlineServices });
  if (!query.data || !event) return null;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('onlineServices.title')}</Title>
          <Text c="dimmed" size="sm">
            {event.nombre}
          </Text>
        </div>
        {query.data.siteUrl && (
          <Anchor href={query.data.siteUrl} target="_blank" size="sm" data-testid="site-url">
            <Group gap={4}>
              {query.data.siteUrl}
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
        )}
      </Group>
      <OnlineServicesEditor key={event.id} data={query.data} eventName={event.nombre} />
    </Stack>
  );
}

function OnlineServicesEditor({ data, eventName }: { data: OnlineServices; eventName: string }) {
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
  const lang = currentLanguage();
  const info = values.infoText?.[lang] || values.infoText?.en || '';

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
                  infoText={info}
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

function LoginMethodField() {
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

function CardBrandsField() {
  const { t } = useTranslation();
  const { control } = useFormContext<Form>();
  const error = useErrorAt('cardBrands');
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

function InfoTextsField({ languages }: { languages: OnlineServices['languages'] }) {
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
  const error = useErrorAt(name);
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

function ColorsField() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <ColorField name="colors.primary" />
      <ColorField name="colors.accent" />
      <ColorField name="colors.headerText" />
      <ColorField name="colors.background" />
    </SimpleGrid>
  );
}

function GradientField() {
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

function RecaptchaField({ secretSet }: { secretSet: boolean }) {
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

function QueueField() {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<Form>();
  const scripts = useFieldArray({ control, name: 'queue.scripts' });
  const enabled = useWatch({ control, name: 'queue.enabled' });
  const listError = translateMessage(t, errorMessageAt(formState.errors, 'queue.scripts'));
  const err = (path: string) => translateMessage(t, errorMessageAt(formState.errors, path));
  return (
    <Stack gap="xs">
      <Switch01Field<Form> name="queue.enabled" />
      {scripts.fields.map((f, i) => (
        <Group key={f.id} align="flex-start" gap="xs" wrap="nowrap" data-testid={`queue-script-${i}`}>
          <Controller
            name={`queue.scripts.${i}.type`}
            control={control}
            render={({ field }) => (
              <Select
                w={150}
                label={t('onlineServices.fields.queue.type')}
                data={QUEUE_SCRIPT_TYPES.map((v) => ({ value: v, label: v }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                disabled={enabled !== 1}
                error={err(`queue.scripts.${i}.type`)}
                data-testid={`field-queue.scripts.${i}.type`}
              />
            )}
          />
          <TextInput
            style={{ flex: 2 }}
            {...register(`queue.scripts.${i}.src`)}
            label={t('onlineServices.fields.queue.src')}
            placeholder="https://"
            disabled={enabled !== 1}
            error={err(`queue.scripts.${i}.src`)}
            data-testid={`field-queue.scripts.${i}.src`}
          />
          <TextInput
            style={{ flex: 1 }}
            {...register(`queue.scripts.${i}.function`)}
            label={t('onlineServices.fields.queue.function')}
            placeholder="Queue.start"
            disabled={enabled !== 1}
            error={err(`queue.scripts.${i}.function`)}
            data-testid={`field-queue.scripts.${i}.function`}
          />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={t('common.delete')}
            onClick={() => scripts.remove(i)}
            disabled={enabled !== 1}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {listError && (
        <Text c="red" size="sm" role="alert" data-testid="queue-error">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => scripts.append(emptyScript())}
          disabled={enabled !== 1 || scripts.fields.length >= 10}
        >
          {t('onlineServices.queue.add')}
        </Button>
      </Group>
    </Stack>
  );
}
