import { Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DEVICE_TYPES, type RegistryDevice, RegistryDeviceSave, type RegistryList } from '@pulsera/contracts';
import { IconCheck, IconFileImport, IconKey, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { queryClient } from '../../../app/providers';
import { DateTimeField } from '../../../components/date-fields';
import { confirm, confirmDelete, notifySuccess } from '../../../components/dialogs';
import { SelectField, Switch01Field, TextAreaField, TextField } from '../../../components/form-fields';
import {
  type ResourceDefinition,
  type ResourceLoad,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { showSecretKey } from '../../../components/secret-key-dialog';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import {
  deleteRegistryDevice,
  listRegistry,
  registryDetail,
  registryKeys,
  rotateDeviceKey,
  saveRegistryDevice,
} from './api';
import { DeviceImportDialog } from './import-dialog';

const RegistryForm = RegistryDeviceSave.omit({ id: true });
type Values = z.output<typeof RegistryForm>;
type Extra = RegistryList['events'];

const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

/**
 * admin/configuration/devices (admins): the device registry, every terminal of the organisation
 * across events. A new terminal's secret key is made by the server and shown once; "New secret key"
 * rotates it. The event it is assigned to can be changed here (or by redeeming an event's
 * configuration QR); its assignment history is shown under the form.
 */
const definition: ResourceDefinition<RegistryDevice, Values, Extra> = {
  prefix: 'registry',
  queryKey: registryKeys.list(),
  load: async (): Promise<ResourceLoad<RegistryDevice, Extra>> => {
    const list = await listRegistry();
    return { rows: list.devices, extra: list.events };
  },
  rowKey: (r) => r.id,
  columns: [
    { key: 'n_serie' },
    { key: 'model' },
    { key: 'type', render: (r) => i18n.t(`devices.types.${r.type}`) },
    {
      key: 'eventName',
      render: (r) => r.eventName ?? <Text c="dimmed">{i18n.t('registry.unassigned')}</Text>,
    },
    { key: 'configured', render: (r) => <Tick on={r.configured === 1} /> },
    {
      key: 'dateInactive',
      render: (r) =>
        r.dateInactive && Date.parse(r.dateInactive) <= Date.now() ? (
          <Badge color="gray" variant="light">
            {i18n.t('registry.inactive')}
          </Badge>
        ) : (
          formatDateTime(r.dateInactive)
        ),
    },
    { key: 'owner', collapse: true },
    { key: 'lastContact', collapse: true, render: (r) => formatDateTime(r.lastContact) },
    { key: 'hasKey', collapse: true, render: (r) => <Tick on={r.hasKey} /> },
  ],
  schema: RegistryForm as unknown as z.ZodType<Values, Values>,
  empty: () => ({
    n_serie: '',
    model: '',
    description: '',
    notes: '',
    type: 'PDA',
    owner: '',
    dateInactive: null,
    configured: 0,
    idEvent: null,
  }),
  toValues: (r) => ({
    n_serie: r.n_serie,
    model: r.model ?? '',
    description: r.description ?? '',
    notes: r.notes ?? '',
    type: r.type,
    owner: r.owner ?? '',
    dateInactive: r.dateInactive,
    configured: r.configured,
    idEvent: r.idEvent,
  }),
  save: async (v, row) => {
    const saved = await saveRegistryDevice({ ...v, id: row?.id, idEvent: v.idEvent ?? null });
    if (saved.secretKey) showSecretKey(saved.secretKey);
    return saved;
  },
  remove: (r) => deleteRegistryDevice(r.id),
  confirmRemove: (r) => confirmRemoveDevice(r),
  matches: (r, text) =>
    `${r.n_serie} ${r.model ?? ''} ${r.description ?? ''} ${r.owner ?? ''} ${r.eventName ?? ''}`
      .toLowerCase()
      .includes(text),
  aboveList: () => <ImportButton />,
  Form: ({ row, extra }) => <RegistryFields row={row} events={extra ?? []} />,
};

/**
 * Only a terminal that never contacted the server can be deleted (the server refuses the others,
 * 1506): for one that has worked the question says so up front and offers its inactive date instead
 * (from now), or says since when it is inactive already. Answers whether to go on with the delete.
 */
async function confirmRemoveDevice(r: RegistryDevice): Promise<boolean> {
  if (!r.lastContact) return confirmDelete();
  const t = i18n.t.bind(i18n);
  const lastContact = formatDateTime(r.lastContact);
  if (r.dateInactive && Date.parse(r.dateInactive) <= Date.now()) {
    await confirm({
      title: t('registry.deleteWorked.title'),
      text: t('registry.deleteWorked.alreadyInactive', {
        lastContact,
        since: formatDateTime(r.dateInactive),
      }),
      confirm: t('registry.deleteWorked.understood'),
      cancel: t('registry.cancel'),
    });
    return false;
  }
  const inactive = await confirm({
    title: t('registry.deleteWorked.title'),
    text: t('registry.deleteWorked.text', { lastContact }),
    confirm: t('registry.deleteWorked.confirm'),
    cancel: t('registry.cancel'),
  });
  if (inactive) {
    const values = definition.toValues(r);
    await saveRegistryDevice({ ...values, id: r.id, dateInactive: new Date().toISOString() });
    notifySuccess(t('registry.deleteWorked.done'));
    await queryClient.invalidateQueries({ queryKey: registryKeys.all });
  }
  return false;
}

function ImportButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} />}
        onClick={() => setOpen(true)}
        data-testid="registry-import"
      >
        {t('registry.import.open')}
      </Button>
      <DeviceImportDialog opened={open} onClose={() => setOpen(false)} />
    </Group>
  );
}

function RegistryFields({ row, events }: { row: RegistryDevice | null; events: Extra }) {
  const { t } = useTranslation();
  const types = DEVICE_TYPES.map((value) => ({ value, label: t(`devices.types.${value}`) }));
  const options = events.map((e) => ({ value: String(e.id), label: e.name }));
  // A terminal of a closed event keeps it as a choice.
  if (row?.idEvent && !events.some((e) => e.id === row.idEvent))
    options.push({ value: String(row.idEvent), label: row.eventName ?? `#${row.idEvent}` });
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField<Values> name="n_serie" required maxLength={64} />
        <SelectField<Values> name="type" data={types} />
        <TextField<Values> name="model" maxLength={100} />
        <TextField<Values> name="owner" maxLength={100} />
      </SimpleGrid>
      <SelectField<Values>
        name="idEvent"
        data={options}
        numeric
        clearable
        description={t('registry.eventHint')}
      />
      <TextField<Values> name="description" maxLength={200} />
      <TextAreaField<Values> name="notes" rows={2} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimeField<Values> name="dateInactive" />
        <Switch01Field<Values> name="configured" />
      </SimpleGrid>
      {row ? (
        <SavedDevice row={row} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('registry.keyOnCreate')}
        </Text>
      )}
    </Stack>
  );
}

/** The key rotation and the assignment history of a saved terminal. */
function SavedDevice({ row }: { row: RegistryDevice }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const detail = useQuery({ queryKey: registryKeys.detail(row.id), queryFn: () => registryDetail(row.id) });
  const rotate = useMutation({
    mutationFn: () => rotateDeviceKey(row.id),
    onSuccess: async (r) => {
      showSecretKey(r.secretKey);
      await qc.invalidateQueries({ queryKey: registryKeys.all });
    },
  });
  const ask = async () => {
    if (
      await confirm({
        title: t('registry.rotateTitle'),
        text: t('registry.rotateText'),
        confirm: t('registry.rotate'),
        cancel: t('registry.cancel'),
        danger: true,
      })
    )
      rotate.mutate();
  };
  const history = detail.data?.assignments ?? [];
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="default"
          leftSection={<IconKey size={16} />}
          loading={rotate.isPending}
          onClick={ask}
          data-testid="registry-rotate-key"
        >
          {t('registry.rotate')}
        </Button>
        <Text size="sm" c="dimmed">
          {row.hasKey ? t('registry.hasKey') : t('registry.noKey')}
        </Text>
      </Group>
      <Title order={5}>{t('registry.history')}</Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('registry.noHistory')}
        </Text>
      ) : (
        <Table withTableBorder data-testid="registry-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('registry.fields.eventName')}</Table.Th>
              <Table.Th>{t('registry.assignedAt')}</Table.Th>
              <Table.Th>{t('registry.unassignedAt')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((a) => (
              <Table.Tr key={`${a.idEvent}-${a.assignedAt}`}>
                <Table.Td>{a.eventName}</Table.Td>
                <Table.Td>{formatDateTime(a.assignedAt)}</Table.Td>
                <Table.Td>{a.unassignedAt ? formatDateTime(a.unassignedAt) : t('registry.current')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export default function DeviceRegistryPage() {
  return <ResourceScreen def={definition} />;
}
