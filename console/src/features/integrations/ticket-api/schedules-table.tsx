/** The ticket import schedules' list: name, last run and interval; a row selects its schedule. */
import { Badge, Card, Table, Text } from '@mantine/core';
import type { TicketSchedule } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';

export function SchedulesTable({
  schedules,
  selected,
  onSelect,
}: {
  /** Absent while loading. */
  schedules: TicketSchedule[] | undefined;
  selected: number | 'new' | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xs">
      <Table highlightOnHover data-testid="schedules-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ticketApi.schedules.fields.name')}</Table.Th>
            <Table.Th>{t('ticketApi.schedules.lastRun')}</Table.Th>
            <Table.Th>{t('ticketApi.schedules.fields.intervalMinutes')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(schedules ?? []).map((s) => (
            <Table.Tr
              key={s.id}
              onClick={() => onSelect(s.id)}
              style={{ cursor: 'pointer' }}
              bg={s.id === selected ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>
                {s.lastRun ? (
                  <Badge
                    variant="light"
                    color={
                      s.lastRun.status === 'done'
                        ? 'teal'
                        : s.lastRun.status === 'failed'
                          ? 'red'
                          : s.lastRun.retrying
                            ? 'orange'
                            : 'blue'
                    }
                    title={s.lastRun.error ?? undefined}
                  >
                    {t(`ticketApi.runs.status.${s.lastRun.retrying ? 'retrying' : s.lastRun.status}`)}
                  </Badge>
                ) : (
                  '–'
                )}
              </Table.Td>
              <Table.Td>{s.enabled ? s.intervalMinutes : t('ticketApi.schedules.off')}</Table.Td>
            </Table.Tr>
          ))}
          {schedules?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed">
                  {t('ticketApi.schedules.none')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
