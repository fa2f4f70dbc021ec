import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  TICKET_SEARCH_LIMIT,
  TICKET_SEARCH_MIN,
  type TicketFound,
  type TicketSearchResult,
} from '@pulsera/contracts';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, notifySuccess } from '../../../components/dialogs';
import { ReportPage, useReport } from '../../../components/reports/report-page';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { rolName, TICKETING, TK, useDeleteValidation } from './api';
import { TicketingTabs } from './shared';

/** Typing waits this long before searching (02-catalogue: typing in a filter is debounced 300 ms). */
const DEBOUNCE_MS = 300;

/**
 * Ticketing, search tab (permission tickets): a ticket by its code, or by its customer's name,
 * e-mail or localizer, with its validations; a validation recorded by mistake can be deleted (after
 * a confirmation), and the ticket is valid for entry again unless another validation remains.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { q?: string };
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  useEffect(() => {
    if ((search.q ?? '') === debounced) return;
    const next: Record<string, unknown> = { ...search, q: debounced || undefined };
    if (!next.q) delete next.q;
    navigate({ to: pathname, search: next, replace: true });
  }, [debounced, search, navigate, pathname]);
  const query = search.q ?? '';
  const enabled = query.length >= TICKET_SEARCH_MIN;
  const report = useReport<TicketSearchResult>(TICKETING.search, { query }, { enabled });
  const tickets = enabled ? (report.data?.tickets ?? []) : [];

  return (
    <ReportPage title={t(`${TK}.search.title`)} tabs={<TicketingTabs />}>
      <TextInput
        label={t(`${TK}.search.label`)}
        placeholder={t(`${TK}.search.placeholder`)}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maw={480}
        data-testid="ticket-search"
      />
      {!enabled && (
        <Text c="dimmed" size="sm">
          {t(`${TK}.search.hint`, { count: TICKET_SEARCH_MIN })}
        </Text>
      )}
      {enabled && !report.isFetching && report.data && tickets.length === 0 && (
        <Alert color="gray" data-testid="ticket-search-empty">
          {t(`${TK}.search.none`)}
        </Alert>
      )}
      {report.data?.more && enabled && (
        <Alert color="yellow">{t(`${TK}.search.more`, { count: TICKET_SEARCH_LIMIT })}</Alert>
      )}
      <Stack gap="md">
        {tickets.map((ticket) => (
          <TicketCard key={ticket.id} ticket={ticket} />
        ))}
      </Stack>
    </ReportPage>
  );
}

function TicketCard({ ticket }: { ticket: TicketFound }) {
  const { t } = useTranslation();
  const tz = useSession().event?.zona_horaria;
  const remove = useDeleteValidation();
  const f = (k: string) => t(`${TK}.fields.${k}`);
  const line = (label: string, value: string | null) =>
    value ? (
      <Text size="sm">
        <Text span c="dimmed">
          {label}:
        </Text>{' '}
        {value}
      </Text>
    ) : null;

  const del = async (id: number, date: string) => {
    const yes = await confirm({
      title: t(`${TK}.search.deleteTitle`),
      text: t(`${TK}.search.deleteText`, { code: ticket.code, date: formatDateTime(date, tz) }),
      confirm: t('dialogs.deleteConfirm'),
      cancel: t('dialogs.back'),
      danger: true,
    });
    if (!yes) return;
    await remove.mutateAsync(id);
    notifySuccess(t(`${TK}.search.deleted`));
  };

  return (
    <Card withBorder data-testid={`ticket-${ticket.code}`}>
      <Group justify="space-between" mb="xs">
        <Group gap="sm">
          <Title order={4}>{ticket.code}</Title>
          <Badge variant="light">{rolName(t, ticket.idRol, ticket.rol)}</Badge>
          {ticket.cancelled === 1 ? (
            <Badge color="red">{t(`${TK}.cancelled`)}</Badge>
          ) : ticket.validated === 1 ? (
            <Badge color="teal" data-testid="ticket-state">
              {t(`${TK}.validated`)}
            </Badge>
          ) : (
            <Badge color="gray" data-testid="ticket-state">
              {t(`${TK}.notValidated`)}
            </Badge>
          )}
          {ticket.gates > 1 && (
            <Badge color="orange" variant="filled" data-testid="ticket-gates">
              {t(`${TK}.search.gates`, { count: ticket.gates })}
            </Badge>
          )}
        </Group>
        {ticket.dateValidation && <Text size="sm">{formatDateTime(ticket.dateValidation, tz)}</Text>}
      </Group>
      <Group gap="lg" mb="sm">
        {line(f('customer'), ticket.customer)}
        {line(f('email'), ticket.email)}
        {line(f('localizer'), ticket.localizer)}
        {line(f('rfid'), ticket.rfid)}
      </Group>
      {ticket.validations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${TK}.search.noValidations`)}
        </Text>
      ) : (
        <Table striped withTableBorder data-testid={`validations-${ticket.code}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{f('date')}</Table.Th>
              <Table.Th>{f('staff')}</Table.Th>
              <Table.Th>{f('location')}</Table.Th>
              <Table.Th>{f('device')}</Table.Th>
              <Table.Th>{f('rfid')}</Table.Th>
              <Table.Th>{f('repeated')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ticket.validations.map((v) => (
              <Table.Tr
                key={v.id}
                bg={v.repeated && ticket.gates > 1 ? 'var(--mantine-color-orange-light)' : undefined}
                data-testid={v.repeated ? 'validation-repeated' : 'validation'}
              >
                <Table.Td>{formatDateTime(v.date, tz)}</Table.Td>
                <Table.Td>{v.staff ?? (v.idStaff ? `#${v.idStaff}` : '')}</Table.Td>
                <Table.Td>{v.location ?? (v.idLocation ? `#${v.idLocation}` : '')}</Table.Td>
                <Table.Td>{v.device ?? ''}</Table.Td>
                <Table.Td>{v.rfid ?? ''}</Table.Td>
                <Table.Td>{v.repeated ? t(`${TK}.yes`) : ''}</Table.Td>
                <Table.Td>
                  <Tooltip label={t(`${TK}.search.delete`)}>
                    <ActionIcon
                      color="red"
                      variant="subtle"
                      aria-label={t(`${TK}.search.delete`)}
                      loading={remove.isPending && remove.variables === v.id}
                      onClick={() => void del(v.id, v.date)}
                      data-testid={`delete-validation-${v.id}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
