import { Button, Card, Grid, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { CONVERTER_COLUMNS, checkConverterRows } from '@pulsera/contracts';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listRols, rolKeys } from '../../catalogue';
import { applyConverter } from './api';
import { ListImport } from './list-import';
import { useSingleRowForm } from './single-row-form';
import { TicketTable } from './ticket-table';

type Column = (typeof CONVERTER_COLUMNS)[number];
const HEADERS: Record<string, Column> = {
  externalcode: 'externalCode',
  external: 'externalCode',
  externo: 'externalCode',
  codigoexterno: 'externalCode',
  code: 'code',
  ourcode: 'code',
  codigo: 'code',
  role: 'role',
  rol: 'role',
};
const empty = { externalCode: '', code: '', role: '' };

/**
 * admin/api-ticket/converter (permission api): other platforms' ticket codes mapped to ours and to
 * ticket roles, one in the form (choosing a row edits it) or in bulk from a pasted list or a
 * CSV/XLSX file with a preview; the import adopts the ticket when a position carries the external code.
 */
export default function TicketConverterPage() {
  const { t } = useTranslation();
  const rols = useQuery({ queryKey: rolKeys.list(), queryFn: listRols });
  const { form, errors, set, save, load, refresh } = useSingleRowForm(empty, applyConverter);
  const labels: Record<Column, string> = {
    externalCode: t('ticketApi.converter.fields.externalCode'),
    code: t('ticketApi.converter.fields.code'),
    role: t('ticketApi.manual.fields.role'),
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('ticketApi.converter.title')}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder padding="md">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                save.mutate();
              }}
            >
              <Stack gap="sm">
                <Text fw={500}>{t('ticketApi.converter.one')}</Text>
                <TextInput
                  label={labels.externalCode}
                  required
                  value={form.externalCode}
                  onChange={(e) => set('externalCode')(e.currentTarget.value)}
                  error={errors.externalCode || undefined}
                  data-testid="converter-external"
                />
                <TextInput
                  label={labels.code}
                  description={t('ticketApi.converter.codeHint')}
                  value={form.code}
                  onChange={(e) => set('code')(e.currentTarget.value)}
                  error={errors.code || undefined}
                  data-testid="converter-code"
                />
                <Select
                  label={labels.role}
                  required
                  searchable
                  data={(rols.data?.rols ?? []).map((r) => r.name)}
                  value={form.role || null}
                  onChange={(v) => set('role')(v ?? '')}
                  error={errors.role || undefined}
                  data-testid="converter-role"
                />
                <Group gap="xs">
                  <Button
                    type="submit"
                    leftSection={<IconDeviceFloppy size={16} />}
                    loading={save.isPending}
                    data-testid="converter-save"
                  >
                    {t('common.save')}
                  </Button>
                  <Button
                    variant="subtle"
                    onClick={() => {
                      load(empty);
                    }}
                  >
                    {t('ticketApi.converter.clear')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Text fw={500}>{t('ticketApi.converter.list')}</Text>
              <ListImport
                kind="converter"
                columns={CONVERTER_COLUMNS}
                labels={labels}
                headers={HEADERS}
                check={checkConverterRows}
                submit={applyConverter}
                onApplied={refresh}
              />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <TicketTable
        kind="converter"
        onPick={(r) => {
          if (r.locked) return;
          load({ externalCode: r.externalCode ?? '', code: r.code, role: r.rol ?? '' });
        }}
      />
    </Stack>
  );
}
