import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  type KioskButton,
  KioskButtonForm,
  MESSAGE_ORIGINATOR,
  MessageOriginatorSave,
} from '@pulsera/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/dialogs';
import { NumberField, TextField } from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { applyServerErrors, formResolver } from '../../../lib/form';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import {
  centsToDisplay,
  decimalsOf,
  displayToCents,
  formatMoney,
  useEventCurrency,
} from '../../../lib/money';
import { deleteKioskButton, eventDetailKeys, loadKiosk, saveKioskButton, saveMessageOriginator } from './api';

/** The Kiosk tab (01-console §2): the message originator and the kiosk buttons with their form. */
export function KioskTab({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  // Typed and listed in the entry currency (a kiosk button's amount is an input).
  const currency = useEventCurrency('entry');
  const kiosk = useQuery({ queryKey: [...eventDetailKeys.kiosk(eventId), 'config'], queryFn: loadKiosk });

  const definition = useMemo<ResourceDefinition<KioskButton, KioskButtonForm>>(
    () => ({
      prefix: 'eventDetail.kiosk',
      queryKey: [...eventDetailKeys.kiosk(eventId), 'buttons'],
      load: async () => (await loadKiosk()).buttons,
      rowKey: (r) => r.id,
      columns: [
        { key: 'es', label: t('eventDetail.kiosk.fields.description.es'), render: (r) => r.description.es },
        { key: 'en', label: t('eventDetail.kiosk.fields.description.en'), render: (r) => r.description.en },
        {
          key: 'amount',
          label: t('eventDetail.kiosk.fields.amount', { iso: currency.iso }),
          render: (r) => formatMoney(r.topUpAmount, currency, currentLanguage()),
        },
      ],
      schema: KioskButtonForm,
      empty: () => ({ description: { es: '', en: '' }, amount: null as unknown as number }),
      toValues: (r) => ({
        description: { ...r.description },
        amount: Number(
          centsToDisplay(r.topUpAmount, currency).toFixed(Math.max(2, decimalsOf(currency.fraction))),
        ),
      }),
      save: (v, row) =>
        saveKioskButton({
          ...(row ? { id: row.id } : {}),
          description: v.description,
          topUpAmount: displayToCents(v.amount, currency),
        }),
      remove: (r) => deleteKioskButton(r.id),
      rowDelete: true,
      Form: () => (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField<KioskButtonForm> name="description.es" required maxLength={60} />
            <TextField<KioskButtonForm> name="description.en" required maxLength={60} />
          </SimpleGrid>
          <NumberField<KioskButtonForm>
            name="amount"
            label={t('eventDetail.kiosk.fields.amount', { iso: currency.iso })}
            required
            min={0}
            decimalScale={Math.max(2, decimalsOf(currency.fraction))}
            suffix={` ${currency.symbol}`}
          />
        </Stack>
      ),
    }),
    [eventId, currency, t],
  );

  return (
    <Stack>
      <OriginatorForm value={kiosk.data?.messageOriginator ?? null} />
      <ResourceScreen def={definition} />
    </Stack>
  );
}

/** The message originator: 1 to 11 letters and digits (01-console §5). */
function OriginatorForm({ value }: { value: string | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useForm<MessageOriginatorSave>({
    // Messages are the validation catalogue's keys (as the server answers them), shown translated.
    resolver: formResolver<MessageOriginatorSave>(MessageOriginatorSave),
    defaultValues: { messageOriginator: value ?? '' },
  });
  useEffect(() => form.reset({ messageOriginator: value ?? '' }), [value, form]);
  const save = useMutation({
    mutationFn: (v: MessageOriginatorSave) => saveMessageOriginator(v.messageOriginator),
    onSuccess: async () => {
      notifySuccess();
      await qc.invalidateQueries({ queryKey: eventDetailKeys.all });
    },
    onError: (e) => applyServerErrors(e, form.setError),
  });
  const error = form.formState.errors.messageOriginator?.message;
  return (
    <Card withBorder padding="md">
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
        <Stack gap="sm">
          <Title order={4}>{t('eventDetail.kiosk.originator')}</Title>
          <Group align="flex-start">
            <TextInput
              {...form.register('messageOriginator')}
              aria-label={t('eventDetail.kiosk.originator')}
              description={t('eventDetail.kiosk.originatorHint', { max: MESSAGE_ORIGINATOR.max })}
              maxLength={MESSAGE_ORIGINATOR.max}
              error={translateMessage(t, error)}
              data-testid="field-messageOriginator"
            />
            <Button type="submit" loading={save.isPending} data-testid="originator-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
