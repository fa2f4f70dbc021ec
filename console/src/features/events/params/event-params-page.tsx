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

/** A location or device select whose first choice is "all" (null). */
function PlaceSelect({
  name,
  label,
  all,
  options,
  testId,
}: {
  name: Path<EventParamForm>;
  label: string;
  all: string;
  options: { value: string; label: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventParamForm>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Select
          aria-label={label}
          data={[{ value: ALL, label: all }, ...options]}
          value={field.value === null || field.value === undefined ? ALL : String(field.value)}
          onChange={(v) => field.onChange(!v || v === ALL ? null : Number(v))}
          onBlur={field.onBlur}
          allowDeselect={false}
          searchable
          error={translateMessage(t, fieldState.error?.message)}
          data-testid={testId}
        />
      )}
    />
  );
}

function EventParamFields({ form, row, extra }: ResourceFormProps<EventParamRow, EventParamForm, Extra>) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'exceptions' });
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
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t(`${P}.fields.exceptions`)}
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => append({ idLocation: null, idDevice: null, value: '' })}
            data-testid="params-exception-add"
          >
            {t(`${P}.addException`)}
          </Button>
        </Group>
        {fields.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="params-no-exceptions">
            {t(`${P}.noExceptions`)}
          </Text>
        ) : (
          <Table withTableBorder verticalSpacing={4} data-testid="params-exceptions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${P}.fields.idLocation`)}</Table.Th>
                <Table.Th>{t(`${P}.fields.idDevice`)}</Table.Th>
                <Table.Th>{t(`${P}.fields.exceptionValue`)}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f, i) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <PlaceSelect
                      name={`exceptions.${i}.idLocation`}
                      label={t(`${P}.fields.idLocation`)}
                      all={t(`${P}.allLocations`)}
                      options={locations}
                      testId={`params-exception-location-${i}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <PlaceSelect
                      name={`exceptions.${i}.idDevice`}
                      label={t(`${P}.fields.idDevice`)}
                      all={t(`${P}.allDevices`)}
                      options={devices}
                      testId={`params-exception-device-${i}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t(`${P}.fields.exceptionValue`)}
                      maxLength={2000}
                      {...form.register(`exceptions.${i}.value`)}
                      error={translateMessage(t, form.formState.errors.exceptions?.[i]?.value?.message)}
                      data-testid={`params-exception-value-${i}`}
                    />
                  </Table.Td>
                  <Table.Td w={40}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('common.delete')}
                      onClick={() => remove(i)}
                      data-testid={`params-exception-remove-${i}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}

export default function EventParamsPage() {
  return <ResourceScreen def={useDefinition()} />;
}
