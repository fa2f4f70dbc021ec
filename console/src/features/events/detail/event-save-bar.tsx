/** The event form's save bar: Save, Discard and the unsaved-changes guard. */
import { Button, Group } from '@mantine/core';
import type { EventForm } from '@pulsera/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { sameItem } from '../../../lib/form';

/**
 * Save and discard, and the unsaved-changes guard: the only part that watches every field, so typing
 * re-renders this bar rather than the whole form.
 */
export function SaveBar({
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
