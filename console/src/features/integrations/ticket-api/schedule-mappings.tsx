/**
 * The mappings of a ticket import schedule: which platform product (chosen by its name among the
 * platform's, read from the connection the form holds, before the first save too) makes which
 * ticket role, through which reseller.
 */
import { ActionIcon, Button, Group, Select, Text } from '@mantine/core';
import { IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Values } from './schedule-values';

type Option = { value: string; label: string };

export function ScheduleMappings({
  form,
  mappings,
  err,
  canLoad,
  productsLoading,
  onLoadProducts,
  productOptions,
  rolOptions,
  resellerOptions,
}: {
  form: UseFormReturn<Values>;
  mappings: UseFieldArrayReturn<Values, 'mappings'>;
  /** The translated error at a path of the form. */
  err: (path: string) => string | undefined;
  /** The connection fields are filled in: the products can be read. */
  canLoad: boolean;
  productsLoading: boolean;
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
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            loading={productsLoading}
            disabled={!canLoad}
            onClick={() => onLoadProducts()}
            data-testid="schedule-products"
          >
            {t('ticketApi.schedules.loadProducts')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              mappings.append({ item: 0, variation: null, roleId: 0, resellerId: null });
              // The first row of a connection whose products are not read yet reads them.
              if (!productOptions.length && canLoad && !productsLoading) onLoadProducts();
            }}
            data-testid="mapping-add"
          >
            {t('ticketApi.schedules.addMapping')}
          </Button>
        </Group>
      </Group>
      {!productOptions.length && (
        <Text size="sm" c="dimmed" data-testid="schedule-products-hint">
          {canLoad ? t('ticketApi.schedules.productsLoadHint') : t('ticketApi.schedules.productsFillHint')}
        </Text>
      )}
      {mappings.fields.map((f, i) => (
        <Group key={f.id} align="flex-start" gap="xs" wrap="nowrap" data-testid={`mapping-${i}`}>
          <Controller
            control={form.control}
            name={`mappings.${i}`}
            render={({ field }) => (
              <Select
                style={{ flex: 2 }}
                label={i === 0 ? t('ticketApi.schedules.product') : undefined}
                placeholder={t('ticketApi.schedules.productPlaceholder')}
                data={productOptions}
                searchable
                value={field.value.item ? `${field.value.item}:${field.value.variation ?? ''}` : null}
                onChange={(v) => {
                  if (!v) return;
                  const [item, variation] = v.split(':');
                  field.onChange({
                    ...field.value,
                    item: Number(item),
                    variation: variation ? Number(variation) : null,
                  });
                }}
                error={err(`mappings.${i}.item`)}
                data-testid={`mapping-product-${i}`}
              />
            )}
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
