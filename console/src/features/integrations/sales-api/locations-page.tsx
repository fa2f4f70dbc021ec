import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { SalesSchedule, SalesStore } from '@pulsera/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifySuccess } from '../../../components/dialogs';
import { FieldPrefix, TextField } from '../../../components/form-fields';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { ApiError } from '../../../lib/api';
import { formFieldErrors, formResolver, sameItem } from '../../../lib/form';
import { listSchedules, listStores, salesApiKeys, saveLocations } from './api';

const P = 'salesApi.locations';
const Values = z.object({
  rows: z.array(
    z.object({
      locationId: z.number(),
      storeId: z
        .string()
        .trim()
        .max(100)
        .regex(/^[\x21-\x7e]*$/, { error: 'validation.storeIdFormat' }),
      storeName: z.string().max(200),
    }),
  ),
});
type Values = z.infer<typeof Values>;

const categoryLabel = { B: 'bar', R: 'restaurant', S: 'shop' } as const;

/**
 * admin/api-sales/locations (permission api): the event's selling locations mapped to the stores of a
 * schedule's platform. The stores come from the platform when the schedule is authorised; otherwise
 * (or when the platform cannot be reached) a store id is typed.
 */
export default function SalesLocationsPage() {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: salesApiKeys.list(), queryFn: listSchedules });
  const [scheduleId, setScheduleId] = useState<number | null>(null);
  const schedules = list.data?.schedules ?? [];
  useEffect(() => {
    if (scheduleId === null && schedules.length) setScheduleId(schedules[0]!.id);
  }, [scheduleId, schedules]);
  const schedule = schedules.find((s) => s.id === scheduleId) ?? null;

  return (
    <Stack gap="md">
      <Title order={2}>{t(`${P}.title`)}</Title>
      {list.data && schedules.length === 0 ? (
        <Alert color="blue" variant="light">
          {t(`${P}.noSchedules`)}
        </Alert>
      ) : (
        <Select
          label={t(`${P}.schedule`)}
          data={schedules.map((s) => ({ value: String(s.id), label: s.name }))}
          value={scheduleId === null ? null : String(scheduleId)}
          onChange={(v) => v && setScheduleId(Number(v))}
          allowDeselect={false}
          maw={420}
          data-testid="sales-locations-schedule"
        />
      )}
      {schedule && list.data && (
        <Mapping
          key={`${schedule.id}-${schedule.updatedAt}`}
          schedule={schedule}
          locations={list.data.locations}
        />
      )}
    </Stack>
  );
}

function Mapping({
  schedule,
  locations,
}: {
  schedule: SalesSchedule;
  locations: { id: number; name: string; category: string | null }[];
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const authorized = schedule.authStatus === 'authorized';
  const stores = useQuery({
    queryKey: salesApiKeys.stores(schedule.id),
    queryFn: () => listStores(schedule.id),
    enabled: authorized,
    retry: false,
  });
  const initial = useMemo<Values>(
    () => ({
      rows: locations.map((l) => {
        const m = schedule.locations.find((x) => x.locationId === l.id);
        return { locationId: l.id, storeId: m?.storeId ?? '', storeName: m?.storeName ?? '' };
      }),
    }),
    [locations, schedule],
  );
  const form = useForm<Values>({ resolver: formResolver<Values>(Values), defaultValues: initial });
  const current = useWatch({ control: form.control });
  const dirty = !sameItem(initial, current);
  useUnsavedChanges(dirty);
  const mapped = (v: Values) => v.rows.map((r, i) => ({ ...r, i })).filter((r) => r.storeId.trim());
  const save = useMutation({
    mutationFn: (v: Values) =>
      saveLocations({
        scheduleId: schedule.id,
        locations: mapped(v).map((r) => ({
          locationId: r.locationId,
          storeId: r.storeId.trim(),
          storeName: r.storeName,
        })),
      }),
    onSuccess: async () => {
      notifySuccess();
      await qc.invalidateQueries({ queryKey: salesApiKeys.all });
    },
    onError: (e) => {
      // The server numbers the mapped locations only: back to the rows of the table.
      const sent = mapped(form.getValues());
      for (const f of formFieldErrors(e) ?? []) {
        const m = /^locations\.(\d+)\./.exec(f.path);
        const row = m ? sent[Number(m[1])] : undefined;
        if (row) form.setError(`rows.${row.i}.storeId`, { type: 'server', message: f.message });
      }
    },
  });
  const storeOptions = (stores.data ?? []).map((s: SalesStore) => ({
    value: s.id,
    label: s.name ? `${s.name} (${s.id})` : s.id,
  }));
  const pick = stores.isSuccess;

  return (
    <Card withBorder padding="md" data-testid="sales-locations">
      <FormProvider {...form}>
        <FieldPrefix.Provider value={P}>
          <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
            <Stack>
              {!authorized && (
                <Alert color="yellow" variant="light">
                  {t(`${P}.notAuthorized`)}
                </Alert>
              )}
              {stores.isError && (
                <Alert color="red" variant="light" data-testid="sales-stores-error">
                  {t(`${P}.storesFailed`, {
                    reason: stores.error instanceof ApiError ? stores.error.description : '',
                  })}
                </Alert>
              )}
              {locations.length === 0 ? (
                <Text c="dimmed">{t(`${P}.noLocations`)}</Text>
              ) : (
                <Table withTableBorder striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t(`${P}.location`)}</Table.Th>
                      <Table.Th>{t(`${P}.store`)}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {locations.map((l, i) => (
                      <Table.Tr key={l.id} data-testid={`sales-location-${l.id}`}>
                        <Table.Td>
                          <Group gap="xs">
                            <Text size="sm">{l.name}</Text>
                            {l.category && l.category in categoryLabel && (
                              <Badge size="xs" variant="light">
                                {t(
                                  `${P}.categories.${categoryLabel[l.category as keyof typeof categoryLabel]}`,
                                )}
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td w="55%">
                          {pick ? (
                            <Controller
                              control={form.control}
                              name={`rows.${i}.storeId`}
                              render={({ field, fieldState }) => (
                                <Select
                                  aria-label={t(`${P}.store`)}
                                  data={
                                    field.value && !storeOptions.some((o) => o.value === field.value)
                                      ? [...storeOptions, { value: field.value, label: field.value }]
                                      : storeOptions
                                  }
                                  value={field.value || null}
                                  onChange={(v) => {
                                    field.onChange(v ?? '');
                                    form.setValue(
                                      `rows.${i}.storeName`,
                                      stores.data?.find((s) => s.id === v)?.name ?? '',
                                    );
                                  }}
                                  placeholder={t(`${P}.notMapped`)}
                                  clearable
                                  searchable
                                  error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                                  data-testid={`sales-store-${l.id}`}
                                />
                              )}
                            />
                          ) : (
                            <TextField<Values>
                              name={`rows.${i}.storeId`}
                              label=""
                              aria-label={t(`${P}.store`)}
                              placeholder={t(`${P}.storeIdPlaceholder`)}
                              maxLength={100}
                            />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              <Group>
                <Button
                  type="submit"
                  disabled={!dirty}
                  loading={save.isPending}
                  data-testid="sales-locations-save"
                >
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </FieldPrefix.Provider>
      </FormProvider>
    </Card>
  );
}
