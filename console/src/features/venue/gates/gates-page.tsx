import { SimpleGrid, Stack } from '@mantine/core';
import { GATE_DIRECTIONS, type Gate, GateForm, type GatesResult } from '@pulsera/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField, Switch01Field, TextField } from '../../../components/form-fields';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { deleteGate, gateKeys, listGates, saveGate, venueKeys } from '../api';
import { nameOf, options, Tick } from '../shared';

const P = 'venue.gates';
type Choices = Omit<GatesResult, 'gates'>;

/**
 * admin/access/gates (permission puertas). Our design: a gate leads from a zone (none = from outside
 * the venue) into another, may belong to a location (its scanners), lets people in, out or both ways
 * and can be switched off. Locations choose one as their validate-and-access gate.
 */
function useDefinition(): ResourceDefinition<Gate, GateForm, Choices> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      prefix: P,
      queryKey: gateKeys.list(),
      invalidates: [venueKeys.all],
      load: async () => {
        const { gates, ...choices } = await listGates();
        return { rows: gates, extra: choices };
      },
      rowKey: (r) => r.id,
      columns: [
        { key: 'name' },
        {
          key: 'idZoneFrom',
          label: t(`${P}.from`),
          render: (r, x) => (r.idZoneFrom === null ? t(`${P}.outside`) : nameOf(x?.zones, r.idZoneFrom)),
        },
        { key: 'idZoneTo', render: (r, x) => nameOf(x?.zones, r.idZoneTo) },
        { key: 'idLocation', collapse: true, render: (r, x) => nameOf(x?.locations, r.idLocation) },
        { key: 'direction', collapse: true, render: (r) => t(`${P}.directions.${r.direction}`) },
        { key: 'active', render: (r) => <Tick on={r.active === 1} /> },
      ],
      schema: GateForm,
      empty: () => ({
        name: '',
        idZoneFrom: null,
        idZoneTo: '',
        idLocation: null,
        direction: 'both',
        active: 1,
      }),
      toValues: (r) => ({
        name: r.name,
        idZoneFrom: r.idZoneFrom === null ? null : String(r.idZoneFrom),
        idZoneTo: String(r.idZoneTo),
        idLocation: r.idLocation === null ? null : String(r.idLocation),
        direction: r.direction,
        active: r.active,
      }),
      save: (v, row) =>
        saveGate({
          id: row?.id,
          name: v.name,
          idZoneFrom: v.idZoneFrom ? Number(v.idZoneFrom) : null,
          idZoneTo: Number(v.idZoneTo),
          idLocation: v.idLocation ? Number(v.idLocation) : null,
          direction: v.direction,
          active: v.active,
        }),
      remove: (r) => deleteGate(r.id),
      matches: (r, text) => r.name.toLowerCase().includes(text),
      Form: GateFields,
    }),
    [t],
  );
}

function GateFields({ extra }: ResourceFormProps<Gate, GateForm, Choices>) {
  const { t } = useTranslation();
  const zones = options(extra?.zones);
  const directions = GATE_DIRECTIONS.map((d) => ({ value: d, label: t(`${P}.directions.${d}`) }));
  return (
    <Stack>
      <TextField<GateForm> name="name" required maxLength={150} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField<GateForm> name="idZoneFrom" data={zones} clearable />
        <SelectField<GateForm> name="idZoneTo" data={zones} required />
      </SimpleGrid>
      <SelectField<GateForm> name="idLocation" data={options(extra?.locations)} clearable />
      <SelectField<GateForm> name="direction" data={directions} />
      <Switch01Field<GateForm> name="active" />
    </Stack>
  );
}

export default function GatesPage() {
  return <ResourceScreen def={useDefinition()} />;
}
