import { Alert, Table } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';

export const Tick = ({ on }: { on: boolean }) =>
  on ? (
    <IconCheck size={16} color="teal" aria-label="yes" />
  ) : (
    <IconX size={16} color="gray" aria-label="no" />
  );

/** The event's time zone for dates (01-console §9). */
export const useEventTz = () => useSession().event?.zona_horaria;

/** 'notAssociatedRfid': what needs a wristband cannot be shown without one. */
export function NoWristband() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" data-testid="customers-not-associated-rfid">
      {t('customers.notAssociatedRfid')}
    </Alert>
  );
}

/** Label / value rows. */
export function Facts({ rows }: { rows: [string, ReactNode, string?][] }) {
  return (
    <Table withTableBorder withColumnBorders>
      <Table.Tbody>
        {rows.map(([label, value, testId]) => (
          <Table.Tr key={label}>
            <Table.Th w={220}>{label}</Table.Th>
            <Table.Td data-testid={testId}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
