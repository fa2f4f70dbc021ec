import {
  ActionIcon,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type Reseller, ResellerSave, type ResellerSave as ResellerSaveInput } from '@pulsera/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { confirmDelete, notifySuccess } from '../../../components/dialogs';
import { applyServerErrors, formResolver } from '../../../lib/form';
import { translateMessage } from '../../../lib/i18n';
import { listRols, rolKeys } from '../../catalogue';
import { deleteReseller, listKeys, listResellers, saveReseller, ticketApiKeys } from './api';

type Values = {
  id?: number;
  name: string;
  email: string;
  allocations: { roleId: number; quantity: number }[];
};
const empty = (): Values => ({ name: '', email: '', allocations: [] });
const valuesOf = (r: Reseller): Values => ({
  id: r.id,
  name: r.name,
  email: r.email ?? '',
  allocations: r.roles.flatMap((l) =>
    l.roleId !== null && l.allocated + l.sold > 0 ? [{ roleId: l.roleId, quantity: l.allocated }] : [],
  ),
});
const totals = (r: Reseller) =>
  r.roles.reduce(
    (a, l) => ({
      allocated: a.allocated + l.allocated,
      sold: a.sold + l.sold,
      remaining: a.remaining + l.remaining,
    }),
    { allocated: 0, sold: 0, remaining: 0 },
  );

/**
 * admin/api-ticket/reseller (permission api): the event's resellers (name and contact) and the
 * tickets each may sell per role; sold are the tickets naming it (imported through a product mapped
 * to it, or made by hand with it), not cancelled. An allocation below what was sold is refused.
 */
export default function TicketResellerPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const resellers = useQuery({ queryKey: listKeys.resellers(), queryFn: listResellers });
  const rols = useQuery({ queryKey: rolKeys.list(), queryFn: listRols });
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const current = typeof selected === 'number' ? resellers.data?.find((r) => r.id === selected) : undefined;
  const form = useForm<Values>({
    resolver: formResolver<Values>(ResellerSave),
    defaultValues: empty(),
  });
  const allocations = useFieldArray({ control: form.control, name: 'allocations' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another reseller is chosen or saved
  useEffect(() => {
    form.reset(current ? valuesOf(current) : empty());
  }, [selected, current?.updatedAt, current?.roles]);

  const err = (path: string) => {
    const e = path
      .split('.')
      .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], form.formState.errors) as
      | { message?: string }
      | undefined;
    return e?.message ? translateMessage(t, e.message) : undefined;
  };
  const refresh = () => qc.invalidateQueries({ queryKey: ticketApiKeys.all });
  const save = useMutation({
    mutationFn: (v: Values) => saveReseller(v as ResellerSaveInput),
    onSuccess: async (r) => {
      notifySuccess();
      setSelected(r.id);
      await refresh();
    },
    onError: (e) => applyServerErrors(e, form.setError, 'reseller.'),
  });
  const remove = useMutation({
    mutationFn: deleteReseller,
    onSuccess: async () => {
      notifySuccess();
      setSelected(null);
      await refresh();
    },
  });
  const rolOptions = (rols.data?.rols ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const line = (roleId: number) => current?.roles.find((l) => l.roleId === roleId);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('ticketApi.reseller.title')}</Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setSelected('new')}
          data-testid="reseller-new"
        >
          {t('ticketApi.reseller.new')}
        </Button>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <DataTable
            withTableBorder
            striped
            highlightOnHover
            minHeight={160}
            records={resellers.data ?? []}
            fetching={resellers.isFetching}
            noRecordsText={t('ticketApi.reseller.none')}
            onRowClick={({ record }) => setSelected(record.id)}
            rowStyle={(r) => (r.id === selected ? { fontWeight: 600 } : undefined)}
            columns={[
              { accessor: 'name', title: t('ticketApi.reseller.fields.name') },
              {
                accessor: 'allocated',
                title: t('ticketApi.reseller.allocated'),
                textAlign: 'right',
                render: (r) => totals(r).allocated,
              },
              {
                accessor: 'sold',
                title: t('ticketApi.reseller.sold'),
                textAlign: 'right',
                render: (r) => totals(r).sold,
              },
              {
                accessor: 'remaining',
                title: t('ticketApi.reseller.remaining'),
                textAlign: 'right',
                render: (r) => totals(r).remaining,
              },
            ]}
            data-testid="reseller-list"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {selected !== null && (
            <Card withBorder padding="md">
              <form onSubmit={form.handleSubmit((v) => save.mutate(v))}>
                <Stack gap="sm">
                  <Grid>
                    <Grid.Col span={{ base: 12, md: 6 }}>
                      <TextInput
                        label={t('ticketApi.reseller.fields.name')}
                        required
                        {...form.register('name')}
                        error={err('name')}
                        data-testid="reseller-name"
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, md: 6 }}>
                      <TextInput
                        label={t('ticketApi.reseller.fields.email')}
                        type="email"
                        {...form.register('email')}
                        error={err('email')}
                        data-testid="reseller-email"
                      />
                    </Grid.Col>
                  </Grid>
                  <Group justify="space-between" mt="xs">
                    <Text fw={500}>{t('ticketApi.reseller.allocations')}</Text>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} />}
                      onClick={() => allocations.append({ roleId: 0, quantity: 0 })}
                      data-testid="allocation-add"
                    >
                      {t('ticketApi.reseller.addAllocation')}
                    </Button>
                  </Group>
                  {err('allocations') && (
                    <Text size="sm" c="red">
                      {err('allocations')}
                    </Text>
                  )}
                  {allocations.fields.length > 0 && (
                    <Table withTableBorder data-testid="allocations">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('ticketApi.manual.fields.role')}</Table.Th>
                          <Table.Th w={140}>{t('ticketApi.reseller.allocated')}</Table.Th>
                          <Table.Th w={80} ta="right">
                            {t('ticketApi.reseller.sold')}
                          </Table.Th>
                          <Table.Th w={100} ta="right">
                            {t('ticketApi.reseller.remaining')}
                          </Table.Th>
                          <Table.Th w={40} />
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {allocations.fields.map((f, i) => {
                          const roleId = form.watch(`allocations.${i}.roleId`);
                          const quantity = form.watch(`allocations.${i}.quantity`);
                          const sold = line(roleId)?.sold ?? 0;
                          return (
                            <Table.Tr key={f.id} data-testid={`allocation-${i}`}>
                              <Table.Td>
                                <Controller
                                  control={form.control}
                                  name={`allocations.${i}.roleId`}
                                  render={({ field }) => (
                                    <Select
                                      data={rolOptions}
                                      searchable
                                      value={field.value ? String(field.value) : null}
                                      onChange={(v) => field.onChange(v ? Number(v) : 0)}
                                      error={err(`allocations.${i}.roleId`)}
                                      aria-label={t('ticketApi.manual.fields.role')}
                                      data-testid={`allocation-role-${i}`}
                                    />
                                  )}
                                />
                              </Table.Td>
                              <Table.Td>
                                <Controller
                                  control={form.control}
                                  name={`allocations.${i}.quantity`}
                                  render={({ field }) => (
                                    <NumberInput
                                      min={0}
                                      allowDecimal={false}
                                      clampBehavior="none"
                                      value={field.value}
                                      onChange={(v) =>
                                        field.onChange(typeof v === 'number' ? v : Number(v) || 0)
                                      }
                                      error={err(`allocations.${i}.quantity`)}
                                      aria-label={t('ticketApi.reseller.allocated')}
                                      data-testid={`allocation-quantity-${i}`}
                                    />
                                  )}
                                />
                              </Table.Td>
                              <Table.Td ta="right" data-testid={`allocation-sold-${i}`}>
                                {sold}
                              </Table.Td>
                              <Table.Td ta="right" data-testid={`allocation-remaining-${i}`}>
                                {Math.max(0, (Number(quantity) || 0) - sold)}
                              </Table.Td>
                              <Table.Td>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  onClick={() => allocations.remove(i)}
                                  aria-label={t('ticketApi.reseller.removeAllocation')}
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              </Table.Td>
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  )}
                  <Group justify="space-between" mt="sm">
                    <Button type="submit" loading={save.isPending} data-testid="reseller-save">
                      {t('common.save')}
                    </Button>
                    {current && (
                      <Button
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={async () => (await confirmDelete()) && remove.mutate(current.id)}
                        data-testid="reseller-delete"
                      >
                        {t('common.delete')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </form>
            </Card>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
