import { Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DEVICE_TYPES, type Device, DeviceForm } from '@pulsera/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateTimeField } from '../../components/date-fields';
import {
  CheckboxField,
  SelectField,
  Switch01Field,
  TextAreaField,
  TextField,
} from '../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../components/resource/resource-screen';
import { formatDateTime } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { deleteDevice, deviceKeys, listDevices, saveDevice } from './api';

type Values = z.output<typeof DeviceForm>;

const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

const tz = () => session.get().event?.zona_horaria;

/** The key the server made, shown this once (it is never answered again). */
function showSecretKey(key: string) {
  const t = i18n.t.bind(i18n);
  const id = modals.open({
    title: <Text fw={700}>{t('devices.keyTitle')}</Text>,
    centered: true,
    children: (
      <Stack>
        <Text size="sm">{t('devices.keyText')}</Text>
        <Code block data-testid="devices-secret-key">
          {key}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={key}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('devices.copied') : t('devices.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={() => modals.close(id)} data-testid="devices-secret-key-close">
            {t('devices.close')}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

/**
 * admin/status/devices (02-catalogue §3 Device; permission dispositivos_generales): the devices of the
 * selected event. The secret key is write-only: typed to set it, or regenerated; a key the server
 * makes is shown once after the save.
 */
const definition: ResourceDefinition<Device, Values> = {
  prefix: 'devices',
  queryKey: deviceKeys.list(),
  load: listDevices,
  rowKey: (r) => r.id,
  columns: [
    { key: 'n_serie' },
    { key: 'model' },
    { key: 'description', collapse: true },
    { key: 'type', render: (r) => i18n.t(`devices.types.${r.type}`) },
    { key: 'owner', collapse: true },
    { key: 'dateInactive', collapse: true, render: (r) => formatDateTime(r.dateInactive, tz()) },
    { key: 'configured', render: (r) => <Tick on={r.configured === 1} /> },
    { key: 'lastContact', render: (r) => formatDateTime(r.lastContact, tz()) },
    { key: 'authorizedUntil', collapse: true, render: (r) => formatDateTime(r.authorizedUntil, tz()) },
  ],
  schema: DeviceForm as unknown as z.ZodType<Values, Values>,
  empty: () => ({
    n_serie: '',
    model: '',
    description: '',
    notes: '',
    type: 'PDA',
    owner: '',
    dateInactive: null,
    configured: 0,
    secretKey: '',
    regenerateKey: false,
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
    secretKey: '',
    regenerateKey: false,
  }),
  save: async (v, row) => {
    const saved = await saveDevice({ ...v, id: row?.id, regenerateKey: v.regenerateKey ?? false });
    if (saved.secretKey) showSecretKey(saved.secretKey);
    return saved;
  },
  remove: (r) => deleteDevice(r.id),
  matches: (r, text) =>
    `${r.n_serie} ${r.model ?? ''} ${r.description ?? ''} ${r.owner ?? ''}`.toLowerCase().includes(text),
  Form: ({ row }) => <DeviceFields saved={!!row} />,
};

function DeviceFields({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  const types = DEVICE_TYPES.map((value) => ({ value, label: t(`devices.types.${value}`) }));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField<Values> name="n_serie" required maxLength={64} />
        <SelectField<Values> name="type" data={types} />
        <TextField<Values> name="model" maxLength={100} />
        <TextField<Values> name="owner" maxLength={100} />
      </SimpleGrid>
      <TextField<Values> name="description" maxLength={200} />
      <TextAreaField<Values> name="notes" rows={2} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimeField<Values> name="dateInactive" />
        <Switch01Field<Values> name="configured" />
      </SimpleGrid>
      <TextField<Values>
        name="secretKey"
        type="password"
        autoComplete="new-password"
        maxLength={200}
        description={saved ? t('devices.keyHintEdit') : t('devices.keyHintNew')}
      />
      {saved && <CheckboxField<Values> name="regenerateKey" />}
    </Stack>
  );
}

export default function DevicesPage() {
  return <ResourceScreen def={definition} />;
}
