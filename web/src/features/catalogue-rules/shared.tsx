import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { WEEKDAYS } from '@pulsera/contracts';
import { IconCheck, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  type ArrayPath,
  Controller,
  type FieldValues,
  type Path,
  useFieldArray,
  useFormContext,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/form-fields';
import { formatDateTime } from '../../lib/format';
import { currentLanguage, translateMessage } from '../../lib/i18n';
import {
  type CurrencyView,
  centsToDisplay,
  decimalsOf,
  displayToCents,
  formatMoney,
  useEventCurrency,
} from '../../lib/money';
import { useSession } from '../../lib/session';

/** The block of these screens' texts in the locale files. */
export const TEXTS = 'catalogue';
/** Texts these screens share. */
export const COMMON = `${TEXTS}.rules`;

export type Option = { id: number; name: string };

/** Options of a select from id + name rows (ids as strings, as the selects hold them). */
export const options = (rows: Option[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));

/** Names of the ids (the id itself when unknown). */
export const namesOf = (rows: Option[] | undefined, ids: readonly number[]) =>
  ids.map((id) => rows?.find((r) => r.id === id)?.name ?? `#${id}`);

/**
 * Money of these screens (ARCHITECTURE.md convention 10): cents of the financial currency, shown and
 * typed in the event's display currency with its rate (web/src/lib/money.ts).
 */
export function useMoney() {
  const c = useEventCurrency();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the currency is its four values
  return useMemo(() => moneyOf(c), [c.iso, c.symbol, c.fraction, c.rate]);
}
export function moneyOf(c: CurrencyView) {
  const decimals = Math.max(2, decimalsOf(c.fraction));
  return {
    currency: c,
    decimals,
    /** cents → the amount typed in the form (rounded to the display currency's decimals). */
    toDisplay: (cents: number) => Number(centsToDisplay(cents, c).toFixed(decimals)),
    toCents: (amount: number | null | undefined) => displayToCents(amount ?? 0, c),
    format: (cents: number | null | undefined) => formatMoney(cents, c, currentLanguage()),
  };
}
export type Money = ReturnType<typeof moneyOf>;

/** A money input in the display currency, never below its minimum. */
export function MoneyField<T extends FieldValues>({
  name,
  money,
  min = 0,
  label,
}: {
  name: Path<T>;
  money: Money;
  min?: number;
  label?: string;
}) {
  return (
    <NumberField<T>
      name={name}
      label={label}
      min={min}
      step={1}
      decimalScale={money.decimals}
      suffix={` ${money.currency.symbol}`}
      required
    />
  );
}

export const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

export function LastActivity({ iso }: { iso: string }) {
  const { event } = useSession();
  return <>{formatDateTime(iso, event?.zona_horaria)}</>;
}

export function WeekdaysText({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <>
      {WEEKDAYS.split('')
        .filter((d) => value.includes(d))
        .map((d) => t(`weekdays.${d}`))
        .join(' ')}
    </>
  );
}

/** 'configAlreadyInserted' and similar notices when a local list would repeat an entry. */
export const notifyRepeated = (message: string) =>
  notifications.show({ color: 'yellow', message, autoClose: 4000 });

/** The message of a field error at `path` (nested), translated. */
export function useErrorAt() {
  const { t } = useTranslation();
  const { formState } = useFormContext();
  return (path: string) => {
    const err = path
      .split('.')
      .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], formState.errors) as
      | { message?: string; root?: { message?: string } }
      | undefined;
    return translateMessage(t, err?.message ?? err?.root?.message);
  };
}

/**
 * An edited list of articles with quantities (add-on gifts, bonus articles): an article added gets
 * quantity 1; one already in the list is not added again (configAlreadyInserted).
 */
export function ArticleQuantities<T extends FieldValues>({
  name,
  articles,
  label,
}: {
  name: ArrayPath<T>;
  articles: Option[];
  label: string;
}) {
  const { t } = useTranslation();
  const form = useFormContext<T>();
  const list = useFieldArray({ control: form.control, name });
  const errorAt = useErrorAt();
  const [chosen, setChosen] = useState<string | null>(null);
  const current = (form.watch(name as unknown as Path<T>) ?? []) as { idArticle: number; quantity: number }[];
  const add = () => {
    if (!chosen) return;
    const idArticle = Number(chosen);
    if (current.some((a) => a.idArticle === idArticle)) {
      notifyRepeated(t('validation.configAlreadyInserted'));
      return;
    }
    list.append({ idArticle, quantity: 1 } as never);
    setChosen(null);
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <Select
          label={label}
          data={options(articles)}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          style={{ flex: 1 }}
          data-testid={`${name}-article`}
        />
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={!chosen}
          onClick={add}
          data-testid={`${name}-add`}
        >
          {t(`${COMMON}.add`)}
        </Button>
      </Group>
      {list.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${COMMON}.noItems`)}
        </Text>
      ) : (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${COMMON}.article`)}</Table.Th>
              <Table.Th w={140}>{t(`${COMMON}.quantity`)}</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.fields.map((field, i) => (
              <Table.Tr key={field.id}>
                <Table.Td>
                  {namesOf(articles, [current[i]?.idArticle ?? 0])[0]}
                  {errorAt(`${name}.${i}.idArticle`) && (
                    <Text size="xs" c="red">
                      {errorAt(`${name}.${i}.idArticle`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Controller
                    name={`${name}.${i}.quantity` as Path<T>}
                    control={form.control}
                    render={({ field: q }) => (
                      <NumberInput
                        aria-label={t(`${COMMON}.quantity`)}
                        min={1}
                        step={1}
                        allowDecimal={false}
                        clampBehavior="strict"
                        value={q.value ?? ''}
                        onChange={(v) => q.onChange(v === '' ? null : Number(v))}
                        error={errorAt(`${name}.${i}.quantity`)}
                      />
                    )}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('common.delete')}
                    onClick={() => list.remove(i)}
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
