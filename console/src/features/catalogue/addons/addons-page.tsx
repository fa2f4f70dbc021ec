import { Card, ColorInput, ColorSwatch, Select, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { type Addon, AddonForm, type AddonsResult } from '@pulsera/contracts';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MoneyField, MultiSelectField, TextAreaField, TextField } from '../../../components/form-fields';
import { ItemsCell } from '../../../components/items-cell';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { translateMessage } from '../../../lib/i18n';
import { type Money, useMoney } from '../../../lib/money';
import { addonKeys, deleteAddon, listAddons, rulesKeys, saveAddon } from '../rules-api';
import { ArticleQuantities, LastActivity, namesOf, TEXTS } from '../rules-shared';
import { AddonStats, type DayRange, DayRangeInputs, STATS, useAddonStats, useDayWindow } from './addon-stats';

const P = `${TEXTS}.addons`;
type Extra = Omit<AddonsResult, 'addons'>;

const flagLabel = (f: { name: string; flagNumber: number }) => `${f.flagNumber}. ${f.name}`;

/** Tabs General, Cashless and Flags packs (02-catalogue §2 Add-ons); a tab with an error turns red. */
function AddonFields({ form, extra, money }: ResourceFormProps<Addon, AddonForm, Extra> & { money: Money }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const red = (...keys: (keyof AddonForm)[]) => (keys.some((k) => errors[k]) ? 'red' : undefined);
  return (
    <Tabs defaultValue="general" keepMounted>
      <Tabs.List>
        <Tabs.Tab value="general" c={red('name', 'description', 'color')}>
          {t(`${P}.tabs.general`)}
        </Tabs.Tab>
        <Tabs.Tab value="cashless" c={red('amountCash', 'amountBonus')}>
          {t(`${P}.tabs.cashless`)}
        </Tabs.Tab>
        <Tabs.Tab value="packs" c={red('flags', 'gifts')} data-testid="addon-tab-packs">
          {t(`${P}.tabs.packs`)}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="general" pt="md">
        <Stack>
          <TextField<AddonForm> name="name" required maxLength={150} />
          <TextAreaField<AddonForm> name="description" required />
          <Controller
            name="color"
            control={form.control}
            render={({ field, fieldState }) => (
              <ColorInput
                label={t(`${P}.fields.color`)}
                format="hex"
                value={field.value ?? ''}
                onChange={field.onChange}
                error={translateMessage(t, fieldState.error?.message)}
              />
            )}
          />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="cashless" pt="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MoneyField<AddonForm> name="amountCash" money={money} />
          <MoneyField<AddonForm> name="amountBonus" money={money} />
        </SimpleGrid>
      </Tabs.Panel>
      <Tabs.Panel value="packs" pt="md">
        <Stack>
          <MultiSelectField<AddonForm>
            name="flags"
            data={(extra?.flags ?? []).map((f) => ({ value: String(f.id), label: flagLabel(f) }))}
          />
          <ArticleQuantities<AddonForm>
            name="gifts"
            articles={extra?.articles ?? []}
            label={t(`${P}.fields.gifts`)}
          />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * admin/events/addon (permission addon; 02-catalogue §2 Add-ons, §5): what a wristband can be given on
 * top: cash and bonus amounts, flags and gift articles (a gift added gets quantity 1).
 */
function useDefinition(money: Money): ResourceDefinition<Addon, AddonForm, Extra> {
  return useMemo(
    () => ({
      prefix: P,
      serverFields: { prefix: 'item.' },
      queryKey: addonKeys.list(),
      invalidates: [rulesKeys.all],
      load: async () => {
        const { addons, ...extra } = await listAddons();
        return { rows: addons, extra };
      },
      rowKey: (r) => r.id,
      columns: [
        {
          key: 'color',
          width: 50,
          render: (r) => (r.color ? <ColorSwatch color={r.color} size={18} /> : null),
        },
        { key: 'name' },
        { key: 'description', collapse: true },
        { key: 'amountCash', render: (r) => money.format(r.amountCash) },
        { key: 'amountBonus', render: (r) => money.format(r.amountBonus) },
        {
          key: 'flags',
          collapse: true,
          render: (r, extra) => (
            <ItemsCell
              items={r.flags.map((id) => {
                const f = extra?.flags.find((x) => x.id === id);
                return f ? flagLabel(f) : `#${id}`;
              })}
            />
          ),
        },
        {
          key: 'gifts',
          collapse: true,
          render: (r, extra) => (
            <ItemsCell
              items={r.gifts.map((g) => `${namesOf(extra?.articles, [g.idArticle])[0]} × ${g.quantity}`)}
            />
          ),
        },
        { key: 'date_update', collapse: true, render: (r) => <LastActivity iso={r.date_update} /> },
      ],
      schema: AddonForm,
      empty: () => ({
        name: '',
        description: '',
        amountCash: 0,
        amountBonus: 0,
        flags: [],
        gifts: [],
        color: null,
      }),
      toValues: (r) => ({
        name: r.name,
        description: r.description,
        amountCash: money.toInput(r.amountCash),
        amountBonus: money.toInput(r.amountBonus),
        flags: r.flags.map(String),
        gifts: r.gifts,
        color: r.color,
      }),
      save: (v, row) =>
        saveAddon({
          id: row?.id,
          name: v.name,
          description: v.description,
          amountCash: money.toCents(v.amountCash),
          amountBonus: money.toCents(v.amountBonus),
          flags: (v.flags ?? []).map(Number),
          gifts: v.gifts ?? [],
          color: v.color || null,
        }),
      remove: (r) => deleteAddon(r.id),
      matches: (r, text) => `${r.name} ${r.description}`.toLowerCase().includes(text),
      Form: (props) => <AddonFields {...props} money={money} />,
    }),
    [money],
  );
}

/** The statistics of the add-ons screen: filter by date, staff and add-on (02-catalogue §2). */
function AddonStatsPanel() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>({ from: null, to: null });
  const days = useDayWindow(range);
  const [staffId, setStaffId] = useState<string | null>(null);
  const [addonId, setAddonId] = useState<string | null>(null);
  const filters = {
    ...days,
    ...(staffId ? { idStaff: Number(staffId) } : {}),
    ...(addonId ? { idAddon: Number(addonId) } : {}),
  };
  const choices = useAddonStats(filters, 'addon').data?.filters;
  const all = { value: '', label: t(`${TEXTS}.rules.all`) };
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <DayRangeInputs value={range} onChange={setRange} />
          <Select
            label={t(`${STATS}.fields.staff`)}
            searchable
            data={[all, ...(choices?.staffs ?? []).map((s) => ({ value: String(s.id), label: s.name }))]}
            value={staffId ?? ''}
            onChange={(v) => setStaffId(v || null)}
            data-testid="addon-stats-staff"
          />
          <Select
            label={t(`${STATS}.fields.addon`)}
            searchable
            data={[all, ...(choices?.addons ?? []).map((a) => ({ value: String(a.id), label: a.name }))]}
            value={addonId ?? ''}
            onChange={(v) => setAddonId(v || null)}
            data-testid="addon-stats-addon"
          />
        </SimpleGrid>
      </Card>
      <AddonStats filters={filters} source="addon" />
    </Stack>
  );
}

export default function AddonsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const def = useDefinition(money);
  // Both tabs stay mounted (an add-on being edited keeps its changes); the statistics load when first shown.
  const [statsShown, setStatsShown] = useState(false);
  return (
    <Tabs defaultValue="addons" onChange={(v) => v === 'stats' && setStatsShown(true)}>
      <Tabs.List mb="md">
        <Tabs.Tab value="addons" data-testid="addons-tab-list">
          {t(`${P}.title`)}
        </Tabs.Tab>
        <Tabs.Tab value="stats" data-testid="addons-tab-stats">
          {t(`${STATS}.title`)}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="addons">
        <ResourceScreen def={def} />
      </Tabs.Panel>
      <Tabs.Panel value="stats">{statsShown && <AddonStatsPanel />}</Tabs.Panel>
    </Tabs>
  );
}
