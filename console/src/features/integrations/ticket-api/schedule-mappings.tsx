/**
 * The mappings of a ticket import schedule: which platform product (picked from the loaded products, or
 * typed as item and variation) makes which ticket role, through which reseller.
 */
import { ActionIcon, Alert, Button, Group, NumberInput, Select, Text } from '@mantine/core';
import type { TicketSchedule } from '@pulsera/contracts';
import { IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Values } from './schedule-values';

type Option = { value: string; label: string };

export function ScheduleMappings({
  form,
  mappings,
  current,
  err,
  productsLoading,
  productsFailed,
  onLoadProducts,
  productOptions,
  rolOptions,
  resellerOptions,
}: {
  form: UseFormReturn<Values>;
  mappings: UseFieldArrayReturn<Values, 'mappings'>;
  /** The saved schedule; absent for a new one (its products cannot be loaded yet). */
  current: TicketSchedule | undefined;
  /** The translated error at a path of the form. */
  err: (path: string) => string | undefined;
  productsLoading: boolean;
  productsFailed: boolean;
  onLoadProducts: () => void;
  productOptions: Option[];
  rolOptions: Option[];
  resellerOptions: Option[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" mt="sm">
        <Text fw={500}>{t('ticketApi.schedules.mappings')}</Text>
        <Group gap="xs">
          {current && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              loading={productsLoading}
              onClick={() => onLoadProducts()}
              data-testid="schedule-products"
            >
              {t('ticketApi.schedules.loadProducts')}
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => mappings.append({ item: 0, variation: null, roleId: 0, resellerId: null })}
            data-testid="mapping-add"
          >
            {t('ticketApi.schedules.addMapping')}
          </Button>
        </Group>
      </Group>
      {productsFailed && <Alert color="red">{t('ticketApi.schedules.productsFailed')}</Alert>}
      {mappings.fields.map((f, i) => (
        <Group key={f.id} align="flex-start" gap="xs" wrap="nowrap" data-testid={`mapping-${i}`}>
          <Controller
            control={form.control}
            name={`mappings.${i}`}
            render={({ field }) =>
              productOptions.length ? (
                <Select
                  style={{ flex: 2 }}
                  label={i === 0 ? t('ticketApi.schedules.product') : undefined}
                  data={productOptions}
                  searchable
                  value={`${field.value.item}:${field.value.variation ?? ''}`}
                  onChange={(v) => {
                    if (!v) return;
                    const [item, variation] = v.split(':');
                    field.onChange({
                      ...field.value,
                      item: Number(item),
                      variation: variation ? Number(variation) : null,
                    });
                  }}
                  data-testid={`mapping-product-${i}`}
                />
              ) : (
                <Group style={{ flex: 2 }} gap="xs" wrap="nowrap">
                  <NumberInput
                    label={i === 0 ? t('ticketApi.schedules.item') : undefined}
                    min={0}
                    allowDecimal={false}
                    value={field.value.item}
                    onChange={(v) => field.onChange({ ...field.value, item: Number(v) || 0 })}
                    error={err(`mappings.${i}.item`)}
                    data-testid={`mapping-item-${i}`}
                  />
                  <NumberInput
                    label={i === 0 ? t('ticketApi.schedules.variation') : undefined}
                    min={0}
                    allowDecimal={false}
                    value={field.value.variation ?? ''}
                    onChange={(v) =>
                      field.onChange({ ...field.value, variation: v === '' ? null : Number(v) })
                    }
                  />
                </Group>
              )
            }
          />
          <Controller
            control={form.control}
            name={`mappings.${i}.roleId`}
            render={({ field }) => (
              <Select
                style={{ flex: 1 }}
                label={i === 0 ? t('ticketApi.schedules.role') : undefined}
                data={rolOptions}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : 0)}
                error={err(`mappings.${i}.roleId`)}
                data-testid={`mapping-role-${i}`}
              />
            )}
          />
          <Controller
            control={form.control}
            name={`mappings.${i}.resellerId`}
            render={({ field }) => (
              <Select
                style={{ flex: 1 }}
                label={i === 0 ? t('ticketApi.reseller.mappingReseller') : undefined}
                data={resellerOptions}
                clearable
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : null)}
                error={err(`mappings.${i}.resellerId`)}
                data-testid={`mapping-reseller-${i}`}
              />
            )}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={i === 0 ? 26 : 4}
            onClick={() => mappings.remove(i)}
            aria-label={t('ticketApi.schedules.removeMapping')}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </>
  );
}
