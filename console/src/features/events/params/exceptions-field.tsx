import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { EventParamForm } from '@pulsera/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, type Path, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n';

const P = 'params.event';
/** The "all" choice of the location and device selects (null in the exception). */
const ALL = 'all';
type Option = { value: string; label: string };

/**
 * A parameter's exceptions by location and device (02-catalogue §3, §5; null = all): the event's
 * parameter form and the global one (where the locations are every event's) share it.
 */
export function ExceptionsField({ locations, devices }: { locations: Option[]; devices: Option[] }) {
  const { t } = useTranslation();
  const form = useFormContext<EventParamForm>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'exceptions' });
  return (
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
  );
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
