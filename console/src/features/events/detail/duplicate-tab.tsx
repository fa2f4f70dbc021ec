import { Alert, Button, Card, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  type Currency,
  DuplicateEventRequest,
  EVENT_DATE_MAX,
  EVENT_DATE_MIN,
  type Event,
  minRate,
  RATE_DECIMALS,
} from '@pulsera/contracts';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-fields';
import { notifySuccess } from '../../../components/dialogs';
import { FieldPrefix, NumberField, SelectField, TextField } from '../../../components/form-fields';
import { applyServerErrors, formResolver } from '../../../lib/form';
import { translateMessage } from '../../../lib/i18n';
import { rateText } from '../../../lib/money';
import { firstScreenPath } from '../../../lib/screen-paths';
import { isAdminSession, session, useSession } from '../../../lib/session';
import { currencyKeys, listCurrencies } from '../../settings';
import { eventKeys, selectEvent } from '../events/api';
import { duplicateEvent } from './api';

type Flag =
  | 'duplicateStaff'
  | 'duplicateTimeRanges'
  | 'duplicateLocations'
  | 'duplicateArticles'
  | 'duplicateArticlesLocations'
  | 'duplicateExchangeSettings';

const initialValues = (e: Event): DuplicateEventRequest => ({
  newEventName: '',
  f_inicio: e.f_inicio,
  f_fin: e.f_fin,
  f_inicio_operaciones: e.f_inicio_operaciones,
  f_fin_operaciones: e.f_fin_operaciones,
  duplicateStaff: false,
  duplicateTimeRanges: false,
  duplicateLocations: false,
  duplicateArticles: false,
  duplicateArticlesLocations: false,
  duplicateExchangeSettings: false,
  moneda: e.moneda as number,
  localCurrency: e.localCurrency as number,
  localCurrencyRate: e.localCurrencyRate,
});

/** Duplicate event (01-console §2, §4, §5; admins, saved events): a new event from the selected one. */
export function DuplicateTab({ event }: { event: Event }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const admin = isAdminSession(useSession());
  const [created, setCreated] = useState<{ id: number; name: string } | null>(null);
  const currencies = useQuery({ queryKey: currencyKeys.list(), queryFn: listCurrencies });
  const usable = (currencies.data ?? []).filter((c) => c.idEvent === null || c.idEvent === event.id);
  const form = useForm<DuplicateEventRequest>({
    resolver: formResolver<DuplicateEventRequest>(DuplicateEventRequest),
    defaultValues: initialValues(event),
    mode: 'onTouched',
  });
  const run = useMutation({
    mutationFn: (v: DuplicateEventRequest) => duplicateEvent({ ...v, newEventName: v.newEventName.trim() }),
    onSuccess: async (result, v) => {
      notifySuccess(t('eventDetail.duplicate.success', { name: v.newEventName.trim() }));
      setCreated({ id: result.id, name: v.newEventName.trim() });
      form.reset(initialValues(event));
      await qc.invalidateQueries({ queryKey: eventKeys.all });
    },
    onError: (e) => applyServerErrors(e, form.setError),
  });
  const submit = form.handleSubmit((v) => {
    // 01-console §5: the new name must differ from the original.
    if (v.newEventName.trim().toLowerCase() === event.nombre.trim().toLowerCase()) {
      form.setError('newEventName', { message: 'validation.eventNameEqual' });
      return;
    }
    const local = usable.find((c) => c.id === v.localCurrency);
    const min = minRate(local?.fraction);
    if (v.localCurrencyRate < min) {
      form.setError('localCurrencyRate', { message: `validation.min|${JSON.stringify({ min })}` });
      return;
    }
    setCreated(null);
    run.mutate(v);
  });

  return (
    <FormProvider {...form}>
      <FieldPrefix.Provider value="eventDetail.duplicate">
        <form onSubmit={submit} noValidate data-testid="duplicate-form">
          <Stack>
            <Card withBorder padding="md">
              <Stack>
                <Text size="sm" c="dimmed">
                  {t('eventDetail.duplicate.hint', { name: event.nombre })}
                </Text>
                <TextField<DuplicateEventRequest> name="newEventName" required maxLength={150} />
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  {(['f_inicio', 'f_fin', 'f_inicio_operaciones', 'f_fin_operaciones'] as const).map(
                    (name) => (
                      <DateTimeField<DuplicateEventRequest>
                        key={name}
                        name={name}
                        required={name === 'f_inicio' || name === 'f_fin'}
                        timezone={event.zona_horaria}
                        min={EVENT_DATE_MIN}
                        max={EVENT_DATE_MAX}
                      />
                    ),
                  )}
                </SimpleGrid>
                <DuplicateCurrencies currencies={usable} />
              </Stack>
            </Card>
            <Card withBorder padding="md">
              <DuplicateFlags />
            </Card>
            <Group>
              <Button
                type="submit"
                leftSection={<IconCopy size={16} />}
                loading={run.isPending}
                data-testid="duplicate-submit"
              >
                {t('eventDetail.duplicate.submit')}
              </Button>
            </Group>
            {created && (
              <Alert color="teal" data-testid="duplicate-done">
                <Group justify="space-between">
                  <Text>{t('eventDetail.duplicate.success', { name: created.name })}</Text>
                  <Button
                    variant="light"
                    onClick={async () => {
                      await selectEvent(created.id, admin);
                      await navigate({ to: firstScreenPath(session.get()) });
                    }}
                  >
                    {t('eventDetail.duplicate.open')}
                  </Button>
                </Group>
              </Alert>
            )}
          </Stack>
        </form>
      </FieldPrefix.Provider>
    </FormProvider>
  );
}

function DuplicateCurrencies({ currencies }: { currencies: Currency[] }) {
  const { control } = useFormContext<DuplicateEventRequest>();
  const [moneda, localId, rate] = useWatch({
    control,
    name: ['moneda', 'localCurrency', 'localCurrencyRate'],
  });
  const fin = currencies.find((c) => c.id === moneda);
  const local = currencies.find((c) => c.id === localId);
  const option = (c: Currency) => ({ value: String(c.id), label: `${c.iso} · ${c.name}` });
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <SelectField<DuplicateEventRequest>
          name="moneda"
          numeric
          data={currencies.filter((c) => c.isFinancial).map(option)}
        />
        <SelectField<DuplicateEventRequest> name="localCurrency" numeric data={currencies.map(option)} />
        <NumberField<DuplicateEventRequest>
          name="localCurrencyRate"
          required
          min={minRate(local?.fraction)}
          step={10 ** -RATE_DECIMALS}
          decimalScale={RATE_DECIMALS}
        />
      </SimpleGrid>
      {fin && local && typeof rate === 'number' && (
        <Stack gap={0}>
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
 * The copy toggles with their dependencies (01-console §4): articles off turns off articles in
 * locations and exchange settings; time ranges off turns off exchange settings; locations off turns
 * off articles in locations. Articles in locations needs articles and locations; exchange settings
 * need articles and time ranges. Copying time ranges warns to review the copied dates.
 */
function DuplicateFlags() {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<DuplicateEventRequest>();
  const v = useWatch({ control }) as Partial<Record<Flag, boolean>>;
  const turnOff = (flags: Flag[]) => {
    for (const f of flags) setValue(f, false, { shouldDirty: true });
  };
  const onToggle: Record<Flag, (on: boolean) => void> = {
    duplicateStaff: () => {},
    duplicateTimeRanges: (on) => {
      if (!on) turnOff(['duplicateExchangeSettings']);
    },
    duplicateLocations: (on) => {
      if (!on) turnOff(['duplicateArticlesLocations']);
    },
    duplicateArticles: (on) => {
      if (!on) turnOff(['duplicateArticlesLocations', 'duplicateExchangeSettings']);
    },
    duplicateArticlesLocations: () => {},
    duplicateExchangeSettings: () => {},
  };
  const enabled: Record<Flag, boolean> = {
    duplicateStaff: true,
    duplicateTimeRanges: true,
    duplicateLocations: true,
    duplicateArticles: true,
    duplicateArticlesLocations: !!(v.duplicateArticles && v.duplicateLocations),
    duplicateExchangeSettings: !!(v.duplicateArticles && v.duplicateTimeRanges),
  };
  const flags: Flag[] = [
    'duplicateStaff',
    'duplicateTimeRanges',
    'duplicateLocations',
    'duplicateArticles',
    'duplicateArticlesLocations',
    'duplicateExchangeSettings',
  ];
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('eventDetail.duplicate.copy')}</Text>
      {flags.map((flag) => (
        <Controller
          key={flag}
          name={flag}
          control={control}
          render={({ field, fieldState }) => (
            <Switch
              label={t(`eventDetail.duplicate.fields.${flag}`)}
              checked={!!field.value}
              disabled={!enabled[flag]}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                field.onChange(on);
                onToggle[flag](on);
              }}
              error={translateMessage(t, fieldState.error?.message)}
              data-testid={`field-${flag}`}
            />
          )}
        />
      ))}
      {v.duplicateTimeRanges && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={16} />}
          data-testid="duplicate-time-ranges-warning"
        >
          {t('eventDetail.duplicate.timeRangesWarning')}
        </Alert>
      )}
    </Stack>
  );
}
