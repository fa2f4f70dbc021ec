import { Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';

/** A boolean column: a tick or a cross. */
export const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

/** Options of a select from id + name rows (ids as strings, as the selects hold them). */
export const options = (rows: { id: number; name: string }[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** A name by id, or '' when unknown. */
export const nameOf = (rows: { id: number; name: string }[] | undefined, id: number | null) =>
  id === null ? '' : (rows?.find((r) => r.id === id)?.name ?? '');

/** Read-only dates of a saved item (created, last activity), in the event's time zone. */
export function Dates({ items }: { items: { label: string; iso: string | null | undefined }[] }) {
  const { t } = useTranslation();
  const { event } = useSession();
  return (
    <Group gap="xl">
      {items.map((i) => (
        <Text key={i.label} size="xs" c="dimmed">
          {t(i.label)}: {formatDateTime(i.iso, event?.zona_horaria)}
        </Text>
      ))}
    </Group>
  );
}
