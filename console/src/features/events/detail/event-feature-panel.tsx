/** The feature panel of the event form: the realtime capacity toggle and the tag-counter slots. */
import { Card, Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Event, type EventForm, TAG_COUNTER_SLOTS } from '@pulsera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/dialogs';
import { SelectField } from '../../../components/form-fields';
import { eventDetailKeys, saveCapacityToggle } from './api';

/** The tag-counter slots' positions (0 to 3). */
const SLOT_POSITIONS = Array.from({ length: TAG_COUNTER_SLOTS }, (_, position) => position);

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
export function FeaturePanel({
  articles,
  event,
}: {
  articles: { id: number; nombre: string }[];
  event: Event;
}) {
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
