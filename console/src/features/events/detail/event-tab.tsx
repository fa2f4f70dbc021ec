import { Alert, Stack, Text } from '@mantine/core';
import { ERRORS, EventForm, minRate } from '@pulsera/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirm, notifySuccess } from '../../../components/dialogs';
import { FieldPrefix, Switch01Field } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, formResolver, sameItem } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { isAdminSession, session, useSession } from '../../../lib/session';
import {
  currencyKeys,
  languageKeys,
  listCurrencies,
  listLanguages,
  listPromoters,
  promoterKeys,
} from '../../settings';
import { refreshSelectedEvent } from '../events/api';
import {
  type EventDetail,
  eventDetailKeys,
  listEventTypes,
  loadEventDetail,
  saveEvent,
  saveEventParam,
} from './api';
import { DatesSection } from './event-dates-section';
import { FeaturePanel } from './event-feature-panel';
import { paymentMethodsValue, toBody, toForm } from './event-form';
import { GeneralSection } from './event-general-section';
import { EventImagesPanel } from './event-images';
import { BillingSection, CurrenciesSection, ReusableTagSection } from './event-money-sections';
import { SaveBar } from './event-save-bar';
import { Section } from './event-section';

const PREFIX = 'eventDetail';
const PAYMENT_PARAM = 'ALLOWED_PAYMENT_METHODS';

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
            <GeneralSection
              admin={admin}
              event={event}
              promoters={promoters.data ?? []}
              promoter={promoter}
              analyticsEditable={analyticsEditable}
              languages={languages.data ?? []}
              types={types.data ?? []}
            />

            <DatesSection tz={tz} />

            <CurrenciesSection usable={usable} />

            <ReusableTagSection reusableTag={reusableTag} usable={usable} />

            <BillingSection billing={billing} />

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
