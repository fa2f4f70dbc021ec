import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ERRORS,
  EVENT_DATE_MAX,
  EVENT_DATE_MIN,
  type Event,
  EventForm,
  minRate,
  RATE_DECIMALS,
  TAG_COUNTER_SLOTS,
  VAT_RANGE,
} from '@pulsera/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField, isoToWall, wallToIso } from '../../../components/date-fields';
import { confirm, notifySuccess } from '../../../components/dialogs';
import {
  FieldPrefix,
  NumberField,
  SelectField,
  Switch01Field,
  TextField,
} from '../../../components/form-fields';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, formResolver, sameItem } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import { rateText } from '../../../lib/money';
import { isAdminSession, session, useSession } from '../../../lib/session';
import {
  currencyKeys,
  findProvinces,
  languageKeys,
  listCurrencies,
  listLanguages,
  listPromoters,
  promoterKeys,
  provinceKeys,
  searchTeams,
} from '../../settings';
import { listPaymentMethods, paymentMethodKeys } from '../../terminals';
import { refreshSelectedEvent } from '../events/api';
import {
  type EventDetail,
  eventDetailKeys,
  listEventTypes,
  loadEventDetail,
  saveCapacityToggle,
  saveEvent,
  saveEventParam,
} from './api';
import { paymentMethodsValue, timeZones, toBody, toForm, togglePaymentMethod } from './event-form';
import { EventImagesPanel } from './event-images';

const PREFIX = 'eventDetail';
const PAYMENT_PARAM = 'ALLOWED_PAYMENT_METHODS';
/** The tag-counter slots' positions (0 to 3). */
const SLOT_POSITIONS = Array.from({ length: TAG_COUNTER_SLOTS }, (_, position) => position);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The Event tab (01-console §2): the full event form, the images and the feature panel. */
export function EventTab({ detail }: { detail: EventDetail }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const s = useSession();
  const admin = isAdminSession(s);
  const mega = !!s.user?.isMegaAdmin;
  const promoters = useQuery({ queryKey: promoterKeys.list(), queryFn: listPromoters });
  const currencies = useQuery({ queryKey: currencyKeys.list(), queryFn: listCurrencies });
  const languages = useQuery({ queryKey: languageKeys.list(), queryFn: listLanguages });
  const types = useQuery({
    queryKey: eventDetailKeys.types(currentLanguage()),
    queryFn: listEventTypes,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [baseline, setBaseline] = useState(detail);
  const form = useForm<EventForm>({
    resolver: formResolver<EventForm>(EventForm),
    defaultValues: toForm(detail.event),
    mode: 'onTouched',
  });
  const initial = useMemo(() => toForm(baseline.event), [baseline]);
  const [leaving, setLeaving] = useState(false);

  // New data from the server (another tab, the images panel, a save): an untouched form follows it; a
  // form with changes keeps them, and takes the new update_time only when nothing it holds changed.
  useEffect(() => {
    if (detail === baseline) return;
    const next = toForm(detail.event);
    const dirty = !sameItem(toForm(baseline.event), form.getValues());
    if (!dirty || detail.event.id !== baseline.event.id) {
      setBaseline(detail);
      form.reset(next);
    } else if (sameItem(next, toForm(baseline.event))) {
      setBaseline(detail);
      form.setValue('update_time', detail.event.update_time);
    }
  }, [detail, baseline, form]);

  // Saving a closed event clears the selection and goes to the active list (01-console §4), once the
  // form no longer blocks leaving.
  useEffect(() => {
    if (!leaving) return;
    void navigate({ to: '/admin/choose-event/$state', params: { state: 'active' } }).then(() => {
      session.clearEvent();
      void qc.invalidateQueries({ queryKey: eventDetailKeys.all });
    });
  }, [leaving, navigate, qc]);

  const save = useMutation({
    mutationFn: async (values: EventForm) => {
      // 01-console §4: the parameters first when the payment methods changed, then the event.
      if (values.paymentMethods !== initial.paymentMethods) {
        const param = baseline.params.find((p) => p.nameUnique === PAYMENT_PARAM);
        if (param) {
          await saveEventParam({
            id: param.id,
            value: paymentMethodsValue(values.paymentMethods),
            exceptions: param.exceptions.filter((e) => e.idLocation !== null || e.idDevice !== null),
          });
        }
      }
      const body = toBody(values, { admin });
      try {
        return await saveEvent(body);
      } catch (e) {
        // The event already has operations at the old rate: say how many and ask (issue 16).
        if (!(e instanceof ApiError) || e.code !== ERRORS.rateChangeNeedsConfirmation.code) throw e;
        const yes = await confirm({
          title: t('eventDetail.rateChange.title'),
          text: t('eventDetail.rateChange.text', {
            count: Number(e.params.count ?? 0),
            old: e.params.rate,
            rate: values.localCurrencyRate,
          }),
          confirm: t('eventDetail.rateChange.confirm'),
          cancel: t('dialogs.back'),
          danger: true,
        });
        if (!yes) throw e;
        return saveEvent({ ...body, confirmRateChange: 1 });
      }
    },
    onSuccess: async (_, values) => {
      notifySuccess();
      if (values.isClosed === 1) {
        setLeaving(true);
        return;
      }
      const fresh = await qc.fetchQuery({
        queryKey: eventDetailKeys.detail(values.id!),
        queryFn: () => loadEventDetail(values.id!),
        staleTime: 0,
      });
      setBaseline(fresh);
      form.reset(toForm(fresh.event));
      await refreshSelectedEvent();
      await qc.invalidateQueries({ queryKey: eventDetailKeys.all });
    },
    onError: (e) => {
      applyServerErrors(e, form.setError);
      // Someone else saved first (409): fetch their version, so "discard" starts again from it.
      if (e instanceof ApiError && e.status === 409) {
        void qc.invalidateQueries({ queryKey: eventDetailKeys.detail(baseline.event.id) });
      }
    },
  });

  const submit = form.handleSubmit((values) => {
    const local = currencies.data?.find((c) => c.id === values.localCurrency);
    const min = minRate(local?.fraction);
    if (values.localCurrencyRate < min) {
      form.setError('localCurrencyRate', { message: `validation.min|${JSON.stringify({ min })}` });
      return;
    }
    save.mutate(values);
  });

  const [promoterId, tz, reusableTag, billing, updateTime, isClosed] = useWatch({
    control: form.control,
    name: ['id_promotor', 'zona_horaria', 'reusableTag', 'billing', 'update_time', 'isClosed'],
  });
  const promoter = promoters.data?.find((p) => p.id === promoterId);
  const analyticsEditable = !!promoter?.externalAnalytics && !baseline.event.externalAnalyticsId;
  const event = baseline.event;
  const usable = (currencies.data ?? []).filter((c) => c.idEvent === null || c.idEvent === event.id);

  return (
    <FormProvider {...form}>
      <FieldPrefix.Provider value={PREFIX}>
        <form onSubmit={submit} noValidate data-testid="event-form">
          <Stack>
            <Section title={t('eventDetail.sections.general')}>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                <TextField<EventForm> name="nombre" required maxLength={150} />
                <SelectField<EventForm>
                  name="id_promotor"
                  numeric
                  required
                  data={(promoters.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                />
                {admin && <TeamsField initial={event.teams} />}
                <ProvinceField initial={event.province} />
                <TextField<EventForm>
                  name="externalAnalyticsId"
                  maxLength={100}
                  readOnly={!analyticsEditable}
                  description={
                    !promoter?.externalAnalytics
                      ? t('eventDetail.hints.analyticsNotEnabled')
                      : analyticsEditable
                        ? t('eventDetail.hints.analyticsOnce')
                        : t('eventDetail.hints.analyticsReadOnly')
                  }
                />
                <SelectField<EventForm>
                  name="idioma"
                  data={languageOptions(languages.data ?? [], event.idioma)}
                />
                <SelectField<EventForm>
                  name="businessTypeId"
                  data={(types.data ?? []).map((ty) => ({ value: ty.id, label: `${ty.id} · ${ty.name}` }))}
                />
              </SimpleGrid>
            </Section>

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

            <Section title={t('eventDetail.sections.reusableTag')}>
              <Switch01Field<EventForm> name="reusableTag" />
              {reusableTag === 1 && (
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <CentsField name="feeReusableTag" currencies={usable} />
                  <Switch01Field<EventForm> name="refundBalanceWhenReusableTag" />
                </SimpleGrid>
              )}
            </Section>

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
                <NumberField<EventForm>
                  name="porcentaje_Fiscal"
                  min={0}
                  max={100}
                  decimalScale={2}
                  suffix=" %"
                />
              </SimpleGrid>
            </Section>

            <Section title={t('eventDetail.sections.images')}>
              <EventImagesPanel event={event} />
            </Section>

            <Section title={t('eventDetail.sections.features')}>
              <FeaturePanel articles={detail.articles} event={detail.event} />
            </Section>

            {mega && (
              <Section title={t('eventDetail.sections.apis')}>
                <Switch01Field<EventForm> name="enabledApiBebeRapid" />
                <Switch01Field<EventForm> name="queueSyncLoggables" />
              </Section>
            )}

            <Section title={t('eventDetail.sections.status')}>
              <Switch01Field<EventForm> name="isClosed" />
              {isClosed === 1 && event.isClosed !== 1 && (
                <Alert color="orange" icon={<IconAlertTriangle size={16} />}>
                  {t('eventDetail.hints.closing')}
                </Alert>
              )}
              <Text size="sm" c="dimmed" data-testid="event-last-modified">
                {t('eventDetail.fields.update_time')}: {formatDateTime(updateTime, tz)}
              </Text>
            </Section>

            <SaveBar
              initial={initial}
              saving={save.isPending}
              leaving={leaving}
              onDiscard={() => {
                setBaseline(detail);
                form.reset(toForm(detail.event));
              }}
            />
          </Stack>
        </form>
      </FieldPrefix.Provider>
    </FormProvider>
  );
}

/**
 * The event's language: one of the configured languages (admin/configuration/languages), not only
 * the console's own four. A stored one no longer configured stays shown (the server then asks for
 * another), so the field never looks empty.
 */
function languageOptions(configured: { iso: string; name: string }[], stored: string) {
  const options = configured.map((l) => ({ value: l.iso, label: `${l.iso} · ${l.name}` }));
  if (stored && !configured.some((l) => l.iso === stored)) options.push({ value: stored, label: stored });
  return options;
}

/**
 * Save and discard, and the unsaved-changes guard: the only part that watches every field, so typing
 * re-renders this bar rather than the whole form.
 */
function SaveBar({
  initial,
  saving,
  leaving,
  onDiscard,
}: {
  initial: EventForm;
  saving: boolean;
  leaving: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const current = useWatch<EventForm>();
  const dirty = !sameItem(initial, current);
  useUnsavedChanges(dirty && !leaving);
  return (
    <Group>
      <Button type="submit" loading={saving} disabled={!dirty} data-testid="event-save">
        {t('common.save')}
      </Button>
      <Button variant="default" disabled={!dirty} onClick={onDiscard} data-testid="event-discard">
        {t('eventDetail.discard')}
      </Button>
    </Group>
  );
}

/** Field error text of a (nested) name. */
function useError(name: string) {
  const { t } = useTranslation();
  const { formState } = useFormContext<EventForm>();
  const err = name
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], formState.errors) as
    | { message?: string }
    | undefined;
  return translateMessage(t, err?.message);
}

/** Teams (admins): a typeahead over GET /search/teams, labelled with the event's own teams. */
function TeamsField({ initial }: { initial: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventForm>();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: ['teams', 'search', debounced],
    queryFn: () => searchTeams(debounced),
  });
  const [known, setKnown] = useState(() => new Map(initial.map((x) => [x.id, x.name])));
  useEffect(() => {
    if (!found.data?.length) return;
    setKnown((m) => {
      const next = new Map(m);
      for (const x of found.data) next.set(x.id, x.name);
      return next;
    });
  }, [found.data]);
  const error = useError('teamIds');
  return (
    <Controller
      name="teamIds"
      control={control}
      render={({ field }) => {
        const value = (field.value ?? []).map(String);
        const data = [...known].map(([id, name]) => ({ value: String(id), label: name }));
        return (
          <MultiSelect
            label={t('eventDetail.fields.teamIds')}
            data={data}
            value={value}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            onChange={(v) => field.onChange(v.map(Number))}
            onBlur={field.onBlur}
            error={error}
            description={t('eventDetail.hints.teamsSearch')}
            data-testid="field-teamIds"
          />
        );
      }}
    />
  );
}

const provinceLabel = (p: { name: string; country: string }) =>
  p.country ? `${p.name} (${p.country})` : p.name;

/** The province: a search over GET /provinces/find?name, labelled with the event's own province. */
function ProvinceField({ initial }: { initial: Event['province'] }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventForm>();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: [...provinceKeys.all, 'find', debounced],
    queryFn: () => findProvinces(debounced),
  });
  const [known, setKnown] = useState(
    () => new Map<number, string>(initial ? [[initial.id, provinceLabel(initial)]] : []),
  );
  useEffect(() => {
    if (!found.data?.length) return;
    setKnown((m) => {
      const next = new Map(m);
      for (const p of found.data) next.set(p.id, provinceLabel(p));
      return next;
    });
  }, [found.data]);
  const error = useError('provinceId');
  return (
    <Controller
      name="provinceId"
      control={control}
      render={({ field }) => (
        <Select
          label={t('eventDetail.fields.provinceId')}
          data={[...known].map(([id, name]) => ({ value: String(id), label: name }))}
          value={field.value ? String(field.value) : null}
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          onChange={(v) => field.onChange(v ? Number(v) : null)}
          onBlur={field.onBlur}
          error={error}
          description={t('eventDetail.hints.provinceSearch')}
          nothingFoundMessage={t('common.noRecords')}
          data-testid="field-provinceId"
        />
      )}
    />
  );
}

/** The time zone: changing it keeps the dates' wall-clock times (16:00 stays 16:00 in the new zone). */
function TimeZoneField() {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<EventForm>();
  const error = useError('zona_horaria');
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
  const error = useError(name);
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

/**
 * The realtime capacity checkbox: saved at once with POST /capacity/event (which also writes the
 * capacity log's current slot when switched on), apart from the form's Save. The event's update_time
 * moves on; the form then takes the new one (see EventTab), keeping any unsaved changes.
 */
function CapacityToggle({ event }: { event: Event }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: saveCapacityToggle,
    onSuccess: async () => {
      notifySuccess();
      await qc.invalidateQueries({ queryKey: eventDetailKeys.all });
    },
  });
  const on = save.isPending ? save.variables === 1 : event.featureToggle.capacityLog === 1;
  return (
    <Checkbox
      label={t('eventDetail.fields.capacityLog')}
      description={t('eventDetail.hints.capacityLog')}
      checked={on}
      disabled={save.isPending}
      onChange={(e) => save.mutate(e.currentTarget.checked ? 1 : 0)}
      data-testid="field-capacityLog"
    />
  );
}

/** The feature panel: realtime capacity and the four tag-counter slots (01-console §2, §4). */
function FeaturePanel({ articles, event }: { articles: { id: number; nombre: string }[]; event: Event }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<EventForm>();
  const slots = useWatch({ control, name: 'tagCounters' }) ?? [];
  const data = articles.map((a) => ({ value: String(a.id), label: a.nombre }));
  return (
    <Stack>
      <CapacityToggle event={event} />
      <Text fw={600}>{t('eventDetail.tagCounters.title')}</Text>
      {articles.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('eventDetail.tagCounters.noArticles')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {SLOT_POSITIONS.map((i) => (
          <Card withBorder padding="sm" key={`slot-${i}`} data-testid={`tag-counter-${i}`}>
            <Stack gap="xs">
              <Controller
                name={`tagCounters.${i}.enabled`}
                control={control}
                render={({ field }) => (
                  <Checkbox
                    label={t('eventDetail.tagCounters.slot', { position: i })}
                    checked={!!field.value}
                    disabled={articles.length === 0}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      field.onChange(on);
                      if (!on) {
                        setValue(`tagCounters.${i}.idArticleIncrement`, null);
                        setValue(`tagCounters.${i}.idArticleDecrement`, null);
                      }
                    }}
                  />
                )}
              />
              {slots[i]?.enabled && (
                <>
                  <SelectField<EventForm>
                    name={`tagCounters.${i}.idArticleIncrement`}
                    label={t('eventDetail.tagCounters.idArticleIncrement')}
                    numeric
                    clearable
                    data={data}
                  />
                  <SelectField<EventForm>
                    name={`tagCounters.${i}.idArticleDecrement`}
                    label={t('eventDetail.tagCounters.idArticleDecrement')}
                    numeric
                    clearable
                    data={data}
                  />
                </>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
