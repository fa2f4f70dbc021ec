import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { EventParamForm, type EventParamsResult } from '@pulsera/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, type Path, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';
import { ItemsCell } from '../../../components/items-cell';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { translateMessage } from '../../../lib/i18n';
import { eventKeys } from '../events/api';
import { type EventParamRow, loadEventParams, paramKeys, saveEventParam } from './api';
import { ExceptionsField } from './exceptions-field';
import { ApplicationCell, groupByApplication } from './shared';

const P = 'params.event';
/** The "all" choice of the location and device selects (null in the exception). */
const ALL = 'all';

interface Extra {
  locations: { id: number; nombre: string }[];
  devices: { id: number; name: string }[];
  firstOfGroup: Set<number>;
}

const isAllAll = (e: { idLocation: number | null; idDevice: number | null }) =>
  e.idLocation === null && e.idDevice === null;

/**
 * admin/events/params, event mode (02-catalogue §2 Parameters, §5 Event parameter; permission
 * edicionDeEventos): the selected event's value of every parameter, grouped by application, with its
 * exceptions by location and device. No new and no delete. The value is the all-locations,
 * all-devices exception: the server adds it when the value differs from the default.
 */
function useDefinition(): ResourceDefinition<EventParamRow, EventParamForm, Extra> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      prefix: P,
      queryKey: paramKeys.event(),
      // The event form shows the payment methods, a parameter.
      invalidates: [eventKeys.all],
      load: async () => {
        const r: EventParamsResult = await loadEventParams();
        const { rows, firstOfGroup } = groupByApplication(r.params);
        return { rows, extra: { locations: r.locations ?? [], devices: r.devices ?? [], firstOfGroup } };
      },
      rowKey: (r) => r.id,
      listSpan: 5,
      canCreate: false,
      columns: [
        {
          key: 'application',
          render: (r, x) => <ApplicationCell name={r.appName} first={!!x?.firstOfGroup.has(r.id)} />,
        },
        { key: 'name' },
        { key: 'description', collapse: true },
        {
          key: 'value',
          render: (r) =>
            r.value !== null ? (
              <Text size="sm" data-testid="params-value">
                {r.value}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" data-testid="params-value">
                {t(`${P}.defaultShown`, { value: r.defaultValue })}
              </Text>
            ),
        },
        {
          key: 'specials',
          render: (r, x) => (
            <ItemsCell
              items={r.exceptions.filter((e) => !isAllAll(e)).map((e) => `${placeName(t, x, e)}: ${e.value}`)}
            />
          ),
        },
        { key: 'module', collapse: true },
      ],
      schema: EventParamForm,
      empty: () => ({ value: null, exceptions: [] }),
      toValues: (r) => ({
        value: r.value,
        exceptions: r.exceptions
          .filter((e) => !isAllAll(e))
          .map((e) => ({ idLocation: e.idLocation, idDevice: e.idDevice, value: e.value })),
      }),
      // The form-save helper drops empty values: an empty value is the default (null), an "all"
      // location or device is null.
      save: (v, row) =>
        saveEventParam({
          id: row!.id,
          value: v.value ?? null,
          exceptions: (v.exceptions ?? []).map((e) => ({
            idLocation: e.idLocation ?? null,
            idDevice: e.idDevice ?? null,
            value: e.value,
          })),
        }),
      Form: EventParamFields,
    }),
    [t],
  );
}

function placeName(
  t: (k: string) => string,
  x: Extra | undefined,
  e: { idLocation: number | null; idDevice: number | null },
) {
  const location =
    e.idLocation === null
      ? t(`${P}.allLocations`)
      : (x?.locations.find((l) => l.id === e.idLocation)?.nombre ?? `#${e.idLocation}`);
  const device =
    e.idDevice === null
      ? t(`${P}.allDevices`)
      : (x?.devices.find((d) => d.id === e.idDevice)?.name ?? `#${e.idDevice}`);
  return `${location} · ${device}`;
}

function EventParamFields({ form, row, extra }: ResourceFormProps<EventParamRow, EventParamForm, Extra>) {
  const { t } = useTranslation();
  const locations = (extra?.locations ?? []).map((l) => ({ value: String(l.id), label: l.nombre }));
  const devices = (extra?.devices ?? []).map((d) => ({ value: String(d.id), label: d.name }));
  if (!row) return null;
  return (
    <Stack>
      <Stack gap={2}>
        <Text fw={600} data-testid="params-detail-name">
          {row.name}
        </Text>
        <Text size="sm" c="dimmed" ff="monospace">
          {row.nameUnique}
        </Text>
        <Text size="sm">{row.description}</Text>
        <Text size="sm" c="dimmed">
          {t(`${P}.fields.application`)}: {row.appName ?? t('params.noApplication')}
          {row.module ? ` · ${t(`${P}.fields.module`)}: ${row.module}` : ''}
        </Text>
        <Text size="sm">
          {t(`${P}.fields.defaultValue`)}: <code>{row.defaultValue}</code>
        </Text>
      </Stack>
      <TextField<EventParamForm>
        name="value"
        maxLength={2000}
        description={t(`${P}.valueHint`, { value: row.defaultValue })}
        placeholder={row.defaultValue}
      />
      <ExceptionsField locations={locations} devices={devices} />
    </Stack>
  );
}

export default function EventParamsPage() {
  return <ResourceScreen def={useDefinition()} />;
}
