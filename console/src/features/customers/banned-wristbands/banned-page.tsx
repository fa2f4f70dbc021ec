import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { BanForm, type BannedWristband, type BanReach } from '@pulsera/contracts';
import { IconBan, IconCheck, IconX } from '@tabler/icons-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Switch01Field, TextAreaField, TextField } from '../../../components/form-fields';
import {
  type ResourceDefinition,
  type ResourceLoad,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { ban, bannedKeys, banReach, listBanned } from './api';

const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

type Reach = Map<number, BanReach>;

/**
 * A ban is only as good as the terminals that know it: how many of the selected event's active
 * terminals hold a banned-wristband list that includes it (they learn it at their next sync and
 * confirm it at the one after).
 */
function ReachCell({ reach }: { reach: BanReach | undefined }) {
  if (!reach) return null;
  const color = reach.total === 0 ? 'gray' : reach.reached === reach.total ? 'teal' : 'orange';
  return (
    <Tooltip label={i18n.t('wristbands.banned.reachHint')}>
      <Badge color={color} variant="light" data-testid="ban-reach">
        {i18n.t('wristbands.banned.reachOf', { reached: reach.reached, total: reach.total })}
      </Badge>
    </Tooltip>
  );
}

/** Banned wristbands (01-console §2, super admin only): a list with the ban form beside it. */
const definition: ResourceDefinition<BannedWristband, BanForm, Reach> = {
  prefix: 'wristbands.banned',
  queryKey: bannedKeys.list(),
  load: async (): Promise<ResourceLoad<BannedWristband, Reach>> => {
    const [rows, reach] = await Promise.all([listBanned(), banReach(session.get().event?.id)]);
    return { rows, extra: new Map(reach.map((r) => [r.id, r])) };
  },
  // The reach grows as terminals sync: shown live.
  refetchInterval: 15_000,
  rowKey: (r) => r.id,
  columns: [
    { key: 'nSerie' },
    { key: 'codeCheck' },
    { key: 'enabled', render: (r) => <Tick on={r.enabled === 1} /> },
    { key: 'enabledTopUps', render: (r) => <Tick on={r.enabledTopUps === 1} /> },
    { key: 'reach', render: (r, reach) => <ReachCell reach={reach?.get(r.id)} /> },
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
  // A row is edited by its id; a new ban of a banned serial is refused (409 alreadyBanned on nSerie).
  save: (v, row) =>
    ban({
      id: row?.id,
      nSerie: v.nSerie,
      codeCheck: v.codeCheck,
      notes: v.notes,
      banAndroid: v.enabled,
      banTopUps: v.enabledTopUps,
    }),
  matches: (r, text) => `${r.nSerie} ${r.codeCheck ?? ''} ${r.notes ?? ''}`.toLowerCase().includes(text),
  Form: ({ row, rows, open }) => <BanFields saved={!!row} rows={rows} open={open} />,
};

/**
 * The ban form. A new ban of a serial that is already banned (any letter case) says so under the
 * serial, before saving as the server does on save, with a button that opens the existing ban.
 */
function BanFields({
  saved,
  rows,
  open,
}: {
  saved: boolean;
  rows: BannedWristband[];
  open: (row: BannedWristband) => void;
}) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<BanForm>();
  const serial = (useWatch({ control, name: 'nSerie' }) ?? '').trim().toUpperCase();
  const existing = !saved && serial ? rows.find((r) => r.nSerie.toUpperCase() === serial) : undefined;
  const refused = formState.errors.nSerie?.message === 'validation.alreadyBanned';
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
      {(existing || refused) && (
        <Alert color="red" icon={<IconBan size={16} />} data-testid="ban-exists">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('wristbands.banned.alreadyBanned', { nSerie: serial })}</Text>
            {existing && (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => open(existing)}
                data-testid="ban-open-existing"
              >
                {t('wristbands.banned.openExisting')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <TextAreaField<BanForm> name="notes" rows={3} />
      <Switch01Field<BanForm> name="enabled" />
      <Switch01Field<BanForm> name="enabledTopUps" />
    </Stack>
  );
}

export default function BannedWristbandsPage() {
  return <ResourceScreen def={definition} />;
}
