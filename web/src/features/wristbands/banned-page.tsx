import { SimpleGrid, Stack } from '@mantine/core';
import { BanForm, type BannedWristband } from '@pulsera/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Switch01Field, TextAreaField, TextField } from '../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../components/resource/resource-screen';
import { formatDateTime } from '../../lib/format';
import { ban, bannedKeys, listBanned } from './api';

const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

/** Banned wristbands (01-console §2, super admin only): a list with the ban form beside it. */
const definition: ResourceDefinition<BannedWristband, BanForm> = {
  prefix: 'wristbands.banned',
  queryKey: bannedKeys.list(),
  load: listBanned,
  rowKey: (r) => r.id,
  columns: [
    { key: 'nSerie' },
    { key: 'codeCheck' },
    { key: 'enabled', render: (r) => <Tick on={r.enabled === 1} /> },
    { key: 'enabledTopUps', render: (r) => <Tick on={r.enabledTopUps === 1} /> },
    { key: 'notes', collapse: true },
    { key: 'date_update', collapse: true, render: (r) => formatDateTime(r.date_update) },
  ],
  schema: BanForm,
  empty: () => ({ nSerie: '', codeCheck: '', notes: '', enabled: 0, enabledTopUps: 0 }),
  toValues: (r) => ({
    nSerie: r.nSerie,
    codeCheck: r.codeCheck ?? '',
    notes: r.notes ?? '',
    enabled: r.enabled,
    enabledTopUps: r.enabledTopUps,
  }),
  save: (v) =>
    ban({
      nSerie: v.nSerie,
      codeCheck: v.codeCheck,
      notes: v.notes,
      banAndroid: v.enabled,
      banTopUps: v.enabledTopUps,
    }),
  matches: (r, text) => `${r.nSerie} ${r.codeCheck ?? ''} ${r.notes ?? ''}`.toLowerCase().includes(text),
  Form: ({ row }) => <BanFields saved={!!row} />,
};

function BanFields({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  const upper = (e: React.FormEvent<HTMLInputElement>) => {
    e.currentTarget.value = e.currentTarget.value.toUpperCase();
  };
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField<BanForm>
          name="nSerie"
          required
          maxLength={18}
          readOnly={saved}
          description={saved ? t('wristbands.banned.serialFixed') : undefined}
          onInput={upper}
        />
        <TextField<BanForm> name="codeCheck" maxLength={8} onInput={upper} />
      </SimpleGrid>
      <TextAreaField<BanForm> name="notes" rows={3} />
      <Switch01Field<BanForm> name="enabled" />
      <Switch01Field<BanForm> name="enabledTopUps" />
    </Stack>
  );
}

export default function BannedWristbandsPage() {
  return <ResourceScreen def={definition} />;
}
