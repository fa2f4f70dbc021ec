import { Alert, Divider, Loader, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { type Currency, CurrencySave, DEFAULT_CURRENCY_ISO, RATE_DECIMALS } from '@pulsera/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, NumberField, TextField } from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { currentLanguage } from '../../../lib/i18n';
import { currencyConversions, currencyKeys, deleteCurrency, listCurrencies, saveCurrency } from '../api';
import { Tick } from '../tick';

/** Rates show 2 to 6 decimals (01-console §5 rate display). */
const formatRate = (n: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    minimumFractionDigits: 2,
    maximumFractionDigits: RATE_DECIMALS,
  }).format(n);

/** admin/configuration/currencies (01-console §3 Currency, §7). */
const definition: ResourceDefinition<Currency, CurrencySave> = {
  prefix: 'config.currencies',
  queryKey: currencyKeys.list(),
  load: listCurrencies,
  rowKey: (r) => r.id,
  columns: [
    { key: 'id', width: 80, collapse: true },
    { key: 'iso', width: 90 },
    { key: 'name' },
    { key: 'symbol', width: 90 },
    { key: 'fraction', width: 100 },
    { key: 'isFinancial', render: (r) => <Tick on={r.isFinancial} /> },
    { key: 'idEvent', collapse: true, render: (r) => r.idEvent ?? '' },
  ],
  schema: CurrencySave,
  empty: () => ({ name: '', symbol: '', iso: '', fraction: 0.01, isFinancial: false }),
  toValues: (r) => ({
    name: r.name,
    symbol: r.symbol,
    iso: r.iso,
    fraction: r.fraction,
    isFinancial: r.isFinancial,
  }),
  save: (v, row) => saveCurrency({ ...v, id: row?.id }),
  remove: (r) => deleteCurrency(r.id),
  matches: (r, text) => `${r.iso} ${r.name} ${r.symbol}`.toLowerCase().includes(text),
  Form: ({ row }) => (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField<CurrencySave> name="name" required maxLength={150} />
        <TextField<CurrencySave>
          name="iso"
          required
          maxLength={3}
          onInput={(e) => {
            e.currentTarget.value = e.currentTarget.value.toUpperCase();
          }}
        />
        <TextField<CurrencySave> name="symbol" required maxLength={10} />
        <NumberField<CurrencySave> name="fraction" required min={0} max={1} step={0.01} decimalScale={6} />
      </SimpleGrid>
      <CheckboxField<CurrencySave> name="isFinancial" />
      {row?.isFinancial && row.iso !== DEFAULT_CURRENCY_ISO && <Conversions currency={row} />}
    </Stack>
  ),
};

/**
 * The conversion view (01-console §3 Currency): switched on, it loads how the events convert this
 * (non-euro) financial currency into their local currency.
 */
function Conversions({ currency }: { currency: Currency }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const conversions = useQuery({
    queryKey: currencyKeys.conversion(currency.iso),
    queryFn: () => currencyConversions(currency.iso),
    enabled: shown,
  });
  const rows = conversions.data ?? [];
  return (
    <Stack gap="xs" data-testid="currency-conversions">
      <Divider mt="sm" />
      <Title order={5}>{t('config.currencies.conversions.title')}</Title>
      <Switch
        label={t('config.currencies.conversions.show')}
        checked={shown}
        onChange={(e) => setShown(e.currentTarget.checked)}
      />
      {shown && conversions.isLoading && <Loader size="sm" />}
      {shown && conversions.isSuccess && rows.length === 0 && (
        <Alert color="gray">{t('config.currencies.conversions.empty')}</Alert>
      )}
      {shown && rows.length > 0 && (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('config.currencies.conversions.eventName')}</Table.Th>
              <Table.Th>{t('config.currencies.conversions.localIso')}</Table.Th>
              <Table.Th>{t('config.currencies.conversions.rate')}</Table.Th>
              <Table.Th>{t('config.currencies.conversions.inverse')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.eventId}>
                <Table.Td>{c.eventName}</Table.Td>
                <Table.Td>{c.localIso}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    1 {currency.iso} = {formatRate(c.rate)} {c.localIso}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    1 {c.localIso} = {formatRate(c.rate === 0 ? 0 : 1 / c.rate)} {currency.iso}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export default function CurrenciesPage() {
  return <ResourceScreen def={definition} />;
}
