import { Button, Card, Grid, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { checkManualTickets, MANUAL_TICKET_COLUMNS } from '@pulsera/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listRols, rolKeys } from '../../catalogue';
import { applyManual, listKeys, listResellers } from './api';
import { ListImport } from './list-import';
import { useSingleRowForm } from './single-row-form';
import { TicketTable } from './ticket-table';

type Column = (typeof MANUAL_TICKET_COLUMNS)[number];
const HEADERS: Record<string, Column> = {
  code: 'code',
  ticket: 'code',
  ticketcode: 'code',
  codigo: 'code',
  role: 'role',
  rol: 'role',
  holder: 'holder',
  name: 'holder',
  holdername: 'holder',
  nombre: 'holder',
  email: 'email',
  mail: 'email',
  correo: 'email',
  reseller: 'reseller',
  revendedor: 'reseller',
};
const empty = { code: '', role: '', holder: '', email: '', reseller: '' };

/**
 * admin/api-ticket/manual (permission api): tickets made by hand, one from the form or a list (pasted
 * or a CSV/XLSX file: code, role, holder, e-mail and optionally reseller) previewed row by row; the
 * tickets made this way, searchable, and deleted while not validated.
 */
export default function TicketManualPage() {
  const { t } = useTranslation();
  const rols = useQuery({ queryKey: rolKeys.list(), queryFn: listRols });
  const resellers = useQuery({ queryKey: listKeys.resellers(), queryFn: listResellers });
  const { form, errors, set, save: create, refresh } = useSingleRowForm(empty, applyManual);
  const labels: Record<Column, string> = {
    code: t('ticketApi.manual.fields.code'),
    role: t('ticketApi.manual.fields.role'),
    holder: t('ticketApi.manual.fields.holder'),
    email: t('ticketApi.manual.fields.email'),
    reseller: t('ticketApi.manual.fields.reseller'),
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('ticketApi.manual.title')}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder padding="md">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                create.mutate();
              }}
            >
              <Stack gap="sm">
                <Text fw={500}>{t('ticketApi.manual.one')}</Text>
                <TextInput
                  label={labels.code}
                  required
                  value={form.code}
                  onChange={(e) => set('code')(e.currentTarget.value)}
                  error={errors.code || undefined}
                  data-testid="manual-code"
                />
                <Select
                  label={labels.role}
                  required
                  searchable
                  data={(rols.data?.rols ?? []).map((r) => r.name)}
                  value={form.role || null}
                  onChange={(v) => set('role')(v ?? '')}
                  error={errors.role || undefined}
                  data-testid="manual-role"
                />
                <TextInput
                  label={labels.holder}
                  value={form.holder}
                  onChange={(e) => set('holder')(e.currentTarget.value)}
                  error={errors.holder || undefined}
                  data-testid="manual-holder"
                />
                <TextInput
                  label={labels.email}
                  type="email"
                  value={form.email}
                  onChange={(e) => set('email')(e.currentTarget.value)}
                  error={errors.email || undefined}
                  data-testid="manual-email"
                />
                <Select
                  label={labels.reseller}
                  clearable
                  data={(resellers.data ?? []).map((r) => r.name)}
                  value={form.reseller || null}
                  onChange={(v) => set('reseller')(v ?? '')}
                  error={errors.reseller || undefined}
                  data-testid="manual-reseller"
                />
                <Button
                  type="submit"
                  leftSection={<IconPlus size={16} />}
                  loading={create.isPending}
                  data-testid="manual-create"
                >
                  {t('ticketApi.manual.create')}
                </Button>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Text fw={500}>{t('ticketApi.manual.list')}</Text>
              <ListImport
                kind="manual"
                columns={MANUAL_TICKET_COLUMNS}
                labels={labels}
                headers={HEADERS}
                check={checkManualTickets}
                submit={applyManual}
                onApplied={refresh}
              />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <TicketTable kind="manual" />
    </Stack>
  );
}
