import {
  Alert,
  Badge,
  Group,
  Image,
  Input,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import {
  CATEGORY_MODES,
  canCreateRol,
  chosenCategory,
  ROL_CATEGORY_MAX,
  ROL_DEFAULTS,
  ROL_IMAGE,
  ROL_NAME_MAX,
  type Rol,
  RolForm,
  type RolsResult,
  rolCategories,
  rolWarnings,
  UNLIMITED_ACCESS,
} from '@pulsera/contracts';
import { IconAlertTriangle, IconCheck, IconPhotoOff, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  Controller,
  type FieldErrors,
  useController,
  useFieldArray,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChildListEditor, ErrorText, idList, PickerSelect } from '../../../components/child-list-editor';
import {
  CheckboxField,
  MultiSelectField,
  NumberField,
  SelectField,
  Switch01Field,
  TextField,
} from '../../../components/form-fields';
import { ImageUploadField } from '../../../components/image-upload';
import { ItemsCell } from '../../../components/items-cell';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { dayjs } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import {
  type CurrencyView,
  centsToDisplay,
  decimalsOf,
  displayToCents,
  useEventCurrency,
} from '../../../lib/money';
import { deleteRol, listRols, ROL_IMAGE_PATH, rolKeys, saveRol } from './api';

const P = 'rols';
type Extra = Omit<RolsResult, 'rols'>;
type Option = { id: number; name: string };

const optionsOf = (rows: Option[] | undefined) =>
  (rows ?? []).map((r) => ({ value: String(r.id), label: r.name }));
const nameOf = (rows: Option[] | undefined, id: number) => rows?.find((r) => r.id === id)?.name ?? `#${id}`;
const day = (d: string) => dayjs(d).format('DD/MM/YYYY');

/** Money of the screen: cents of the financial currency, typed in the event's display currency. */
function moneyOf(c: CurrencyView) {
  const decimals = Math.max(2, decimalsOf(c.fraction));
  return {
    currency: c,
    decimals,
    toInput: (cents: number) => Number(centsToDisplay(cents, c).toFixed(decimals)),
    toCents: (amount: number | null | undefined) => displayToCents(amount ?? 0, c),
  };
}
type Money = ReturnType<typeof moneyOf>;

/** The message of a (nested) field error, translated. */
function useErrorAt() {
  const { t } = useTranslation();
  const { formState } = useFormContext<RolForm>();
  return (path: string) => {
    const err = path
      .split('.')
      .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], formState.errors) as
      | { message?: string; root?: { message?: string } }
      | undefined;
    return translateMessage(t, err?.message ?? err?.root?.message);
  };
}

/** The category selector (02-catalogue §2): any, choose an existing one, or new. */
function CategoryField({ categories }: { categories: string[] }) {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const mode = useWatch({ control: form.control, name: 'categoryMode' });
  return (
    <Input.Wrapper label={t(`${P}.fields.category`)}>
      <Stack gap="xs" mt={4}>
        <Controller
          name="categoryMode"
          control={form.control}
          render={({ field }) => (
            <SegmentedControl
              fullWidth
              data={CATEGORY_MODES.map((m) => ({
                value: m,
                label: t(`${P}.category.${m}`),
                disabled: m === 'existing' && categories.length === 0,
              }))}
              value={field.value}
              onChange={field.onChange}
              data-testid="rol-category-mode"
            />
          )}
        />
        {mode === 'existing' && (
          <SelectField<RolForm>
            name="categoryExisting"
            data={categories.map((c) => ({ value: c, label: c }))}
          />
        )}
        {mode === 'new' && <TextField<RolForm> name="categoryNew" required maxLength={ROL_CATEGORY_MAX} />}
      </Stack>
    </Input.Wrapper>
  );
}

/** The time ranges the rol can be validated in; one already there is refused (configAlreadyInserted). */
function TimeRangesEditor({ ranges }: { ranges: Extra['timeRanges'] }) {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const { field } = useController({ control: form.control, name: 'idsTimeRange' });
  const value = (field.value ?? []) as number[];
  const errorAt = useErrorAt();
  const [chosen, setChosen] = useState<string | null>(null);
  const range = (id: number) => ranges.find((r) => r.id === id);
  return (
    <ChildListEditor<number>
      title={t(`${P}.fields.idsTimeRange`)}
      pickers={
        <PickerSelect
          label={t(`${P}.timeRange`)}
          data={optionsOf(ranges)}
          value={chosen}
          onChange={setChosen}
          style={{ flex: 1 }}
          data-testid="rol-range-select"
        />
      }
      entry={chosen ? Number(chosen) : null}
      onAdded={() => setChosen(null)}
      keyOf={(id) => id}
      list={idList(value, field.onChange)}
      items={value}
      columns={[
        {
          head: t(`${P}.timeRange`),
          cell: (id = 0, i) => (
            <>
              {range(id)?.name ?? `#${id}`}
              <ErrorText text={errorAt(`idsTimeRange.${i}`)} />
            </>
          ),
        },
        {
          head: t(`${P}.dates`),
          cell: (id = 0) => {
            const r = range(id);
            return r ? `${day(r.dateStart)} – ${day(r.dateEnd)}` : '';
          },
        },
      ]}
      addLabel={t(`${P}.add`)}
      emptyText={t(`${P}.noItems`)}
      addTestId="rol-range-add"
      tableTestId="rol-ranges"
    />
  );
}

/** The articles the rol comes with: one added gets quantity 1; one already there is refused. */
function ArticlesEditor({ articles }: { articles: Option[] }) {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const list = useFieldArray({ control: form.control, name: 'articles' });
  const current = useWatch({ control: form.control, name: 'articles' }) ?? [];
  const errorAt = useErrorAt();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <ChildListEditor
      title={t(`${P}.fields.articles`)}
      pickers={
        <PickerSelect
          label={t(`${P}.article`)}
          data={optionsOf(articles)}
          value={chosen}
          onChange={setChosen}
          style={{ flex: 1 }}
          data-testid="rol-article-select"
        />
      }
      entry={chosen ? { idArticle: Number(chosen), quantity: 1 } : null}
      onAdded={() => setChosen(null)}
      keyOf={(a) => a.idArticle}
      list={list}
      items={current}
      columns={[
        {
          head: t(`${P}.article`),
          cell: (a, i) => (
            <>
              {nameOf(articles, a?.idArticle ?? 0)}
              <ErrorText text={errorAt(`articles.${i}.idArticle`)} />
            </>
          ),
        },
        {
          head: t(`${P}.quantity`),
          cell: (_, i) => (
            <Controller
              name={`articles.${i}.quantity`}
              control={form.control}
              render={({ field }) => (
                <NumberInput
                  aria-label={t(`${P}.quantity`)}
                  min={1}
                  step={1}
                  allowDecimal={false}
                  clampBehavior="strict"
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(v === '' ? null : Number(v))}
                  error={errorAt(`articles.${i}.quantity`)}
                  w={120}
                />
              )}
            />
          ),
        },
      ]}
      addLabel={t(`${P}.add`)}
      emptyText={t(`${P}.noItems`)}
      addTestId="rol-article-add"
      tableTestId="rol-articles"
    />
  );
}

/** Entries: empty is unlimited (-1), otherwise at least 1. */
function EntriesInput({
  value,
  onChange,
  error,
  testId,
  label,
}: {
  value: number;
  onChange: (v: number) => void;
  error?: string;
  testId?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={label}
      aria-label={t(`${P}.nAccess`)}
      placeholder={t(`${P}.unlimited`)}
      min={1}
      step={1}
      allowDecimal={false}
      clampBehavior="strict"
      value={value === UNLIMITED_ACCESS ? '' : value}
      onChange={(v) => onChange(v === '' ? UNLIMITED_ACCESS : Number(v))}
      error={error}
      w={140}
      data-testid={testId}
    />
  );
}

/** Access: a zone during a time range, n times; a pair already there is refused (configAlreadyInserted). */
function AccessEditor({ extra }: { extra: Extra | undefined }) {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const list = useFieldArray({ control: form.control, name: 'rolesAccess' });
  const current = useWatch({ control: form.control, name: 'rolesAccess' }) ?? [];
  const errorAt = useErrorAt();
  const [zone, setZone] = useState<string | null>(null);
  const [range, setRange] = useState<string | null>(null);
  const [entries, setEntries] = useState<number>(UNLIMITED_ACCESS);
  return (
    <ChildListEditor
      pickers={
        <>
          <PickerSelect
            label={t(`${P}.zone`)}
            data={optionsOf(extra?.zones)}
            value={zone}
            onChange={setZone}
            data-testid="rol-access-zone"
          />
          <PickerSelect
            label={t(`${P}.timeRange`)}
            data={optionsOf(extra?.timeRanges)}
            value={range}
            onChange={setRange}
            data-testid="rol-access-range"
          />
          <EntriesInput
            label={t(`${P}.nAccess`)}
            value={entries}
            onChange={setEntries}
            testId="rol-access-entries"
          />
        </>
      }
      entry={zone && range ? { idZone: Number(zone), idTimeRange: Number(range), nAccess: entries } : null}
      onAdded={() => {
        setZone(null);
        setRange(null);
        setEntries(UNLIMITED_ACCESS);
      }}
      keyOf={(a) => `${a.idZone}:${a.idTimeRange}`}
      list={list}
      items={current}
      columns={[
        {
          head: t(`${P}.zone`),
          cell: (a, i) => (
            <>
              {nameOf(extra?.zones, a?.idZone ?? 0)}
              <ErrorText text={errorAt(`rolesAccess.${i}`)} />
            </>
          ),
        },
        { head: t(`${P}.timeRange`), cell: (a) => nameOf(extra?.timeRanges, a?.idTimeRange ?? 0) },
        {
          head: t(`${P}.nAccess`),
          cell: (_, i) => (
            <Controller
              name={`rolesAccess.${i}.nAccess`}
              control={form.control}
              render={({ field }) => (
                <EntriesInput
                  value={field.value}
                  onChange={field.onChange}
                  error={errorAt(`rolesAccess.${i}.nAccess`)}
                />
              )}
            />
          ),
        },
      ]}
      addLabel={t(`${P}.add`)}
      emptyText={t(`${P}.noItems`)}
      addTestId="rol-access-add"
      tableTestId="rol-access"
    />
  );
}

/** The add-ons the rol comes with; those already added disappear from the picker (02-catalogue §4). */
function AddonsEditor({ addons }: { addons: Option[] }) {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const { field } = useController({ control: form.control, name: 'idAddons' });
  const value = (field.value ?? []) as number[];
  const errorAt = useErrorAt();
  const [chosen, setChosen] = useState<string | null>(null);
  const available = addons.filter((a) => !value.includes(a.id));
  return (
    <ChildListEditor<number>
      pickers={
        <PickerSelect
          label={t(`${P}.addon`)}
          data={optionsOf(available)}
          value={chosen}
          onChange={setChosen}
          style={{ flex: 1 }}
          data-testid="rol-addon-select"
        />
      }
      entry={chosen ? Number(chosen) : null}
      onAdded={() => setChosen(null)}
      keyOf={(id) => id}
      list={idList(value, field.onChange)}
      items={value}
      columns={[
        {
          head: t(`${P}.addon`),
          cell: (id = 0, i) => (
            <>
              {nameOf(addons, id)}
              <ErrorText text={errorAt(`idAddons.${i}`)} />
            </>
          ),
        },
      ]}
      addLabel={t(`${P}.add`)}
      emptyText={t(`${P}.noItems`)}
      addTestId="rol-addon-add"
      tableTestId="rol-addons"
    />
  );
}

/** Validation or pre-top-up locations: every location, or the chosen ones. */
function LocationsChoice({
  all,
  list,
  locations,
}: {
  all: 'allLocations' | 'allPreTopUpLocations';
  list: 'locationsAvailable' | 'preTopUpLocationsAvailable';
  locations: Option[];
}) {
  const form = useFormContext<RolForm>();
  const isAll = useWatch({ control: form.control, name: all });
  return (
    <Stack gap={6}>
      <CheckboxField<RolForm> name={all} />
      {!isAll && <MultiSelectField<RolForm> name={list} data={optionsOf(locations)} />}
    </Stack>
  );
}

/** The two warnings of 02-catalogue §8, as the form holds the rol now. */
function Warnings() {
  const { t } = useTranslation();
  const form = useFormContext<RolForm>();
  const [idsTimeRange, rolesAccess] = useWatch({
    control: form.control,
    name: ['idsTimeRange', 'rolesAccess'],
  });
  const warnings = rolWarnings({ idsTimeRange: idsTimeRange ?? [], rolesAccess: rolesAccess ?? [] });
  if (!warnings.length) return null;
  return (
    <Stack gap={6}>
      {warnings.map((w) => (
        <Alert
          key={w}
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          p="xs"
          data-testid={`rol-warning-${w}`}
        >
          {t(`${P}.warnings.${w}`)}
        </Alert>
      ))}
    </Stack>
  );
}

/** The 500 × 140 image, saved on its own as soon as it is chosen (the upload triggers a save). */
function RolImage({ rol }: { rol: Rol }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [image, setImage] = useState(rol.pictureFull);
  return (
    <ImageUploadField
      label={t(`${P}.fields.image`)}
      value={image}
      path={ROL_IMAGE_PATH}
      folder={ROL_IMAGE.folder}
      size={ROL_IMAGE.size}
      extra={{ rolId: rol.id }}
      onChange={(saved) => {
        setImage(saved ? { id: saved.id, url: saved.url } : null);
        void qc.invalidateQueries({ queryKey: rolKeys.all });
      }}
    />
  );
}

const TAB_FIELDS: Record<string, (keyof RolForm)[]> = {
  general: ['name', 'categoryMode', 'categoryExisting', 'categoryNew', 'price', 'amountBonus', 'tagRequired'],
  ticketing: ['locationsAvailable', 'preTopUpLocationsAvailable', 'idsTimeRange', 'articles'],
  access: ['rolesAccess'],
  addon: ['idAddons'],
};
const tabHasErrors = (errors: FieldErrors<RolForm>, tab: string) =>
  TAB_FIELDS[tab]!.some((f) => errors[f] !== undefined);

/** Tabs General, Ticketing, Access and Addon (02-catalogue §2 Roles); a tab with an error turns red. */
function RolFields({
  form,
  row,
  rows,
  extra,
  money,
}: ResourceFormProps<Rol, RolForm, Extra> & { money: Money }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const [ranges, access, addons] = useWatch({
    control: form.control,
    name: ['idsTimeRange', 'rolesAccess', 'idAddons'],
  });
  const counts: Record<string, number | undefined> = {
    ticketing: ranges?.length ?? 0,
    access: access?.length ?? 0,
    addon: addons?.length ?? 0,
  };
  const suffix = ` ${money.currency.symbol}`;
  return (
    <Stack>
      <Warnings />
      <Tabs defaultValue="general" keepMounted>
        <Tabs.List>
          {(['general', 'ticketing', 'access', 'addon'] as const).map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              data-testid={`rol-tab-${tab}`}
              rightSection={
                counts[tab] !== undefined ? (
                  <Badge size="sm" variant="light">
                    {counts[tab]}
                  </Badge>
                ) : undefined
              }
            >
              <Text size="sm" c={tabHasErrors(errors, tab) ? 'red' : undefined}>
                {t(`${P}.tabs.${tab}`)}
              </Text>
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="general" pt="md">
          <Stack>
            {row && <RolImage rol={row} />}
            <TextField<RolForm> name="name" required maxLength={ROL_NAME_MAX} />
            <CategoryField categories={rolCategories(rows)} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberField<RolForm>
                name="price"
                required
                min={0}
                decimalScale={money.decimals}
                suffix={suffix}
              />
              <NumberField<RolForm>
                name="amountBonus"
                min={0}
                decimalScale={money.decimals}
                suffix={suffix}
              />
            </SimpleGrid>
            <Switch01Field<RolForm> name="tagRequired" />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="ticketing" pt="md">
          <Stack>
            <TimeRangesEditor ranges={extra?.timeRanges ?? []} />
            <LocationsChoice
              all="allLocations"
              list="locationsAvailable"
              locations={extra?.locations ?? []}
            />
            <LocationsChoice
              all="allPreTopUpLocations"
              list="preTopUpLocationsAvailable"
              locations={extra?.locations ?? []}
            />
            <ArticlesEditor articles={extra?.articles ?? []} />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="access" pt="md">
          <AccessEditor extra={extra} />
        </Tabs.Panel>

        <Tabs.Panel value="addon" pt="md">
          <AddonsEditor addons={extra?.addons ?? []} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

/** The table shows the image 200 wide (02-catalogue §9). */
const RolThumb = ({ url }: { url: string | undefined }) =>
  url ? (
    <Image src={url} w={ROL_IMAGE.displayWidth} fit="contain" radius="sm" alt="" />
  ) : (
    <IconPhotoOff size={20} color="gray" />
  );

/**
 * admin/access/rols (permission roles 14; 02-catalogue §2 Roles, §3, §4, §5, §8, §9): ticket types of
 * the event. New is hidden once the event has 127 (the server refuses one more too).
 */
function useDefinition(money: Money): ResourceDefinition<Rol, RolForm, Extra> {
  const { t } = useTranslation();
  return useMemo(() => {
    const locationsCell = (ids: number[] | null, extra: Extra | undefined) =>
      ids === null ? t(`${P}.all`) : <ItemsCell items={ids.map((id) => nameOf(extra?.locations, id))} />;
    return {
      prefix: P,
      queryKey: rolKeys.list(),
      load: async () => {
        const { rols, ...extra } = await listRols();
        return { rows: rols, extra };
      },
      rowKey: (r) => r.id,
      canCreate: (rows) => canCreateRol(rows.length),
      listSpan: 5,
      columns: [
        {
          key: 'image',
          collapse: true,
          width: ROL_IMAGE.displayWidth + 20,
          render: (r) => <RolThumb url={r.pictureFull?.url} />,
        },
        { key: 'name' },
        { key: 'category', render: (r) => r.category ?? '' },
        { key: 'tagRequired', collapse: true, render: (r) => <Tick on={r.tagRequired === 1} /> },
        {
          key: 'locationsAvailable',
          collapse: true,
          render: (r, x) => locationsCell(r.locationsAvailable, x),
        },
        {
          key: 'preTopUpLocationsAvailable',
          collapse: true,
          render: (r, x) => locationsCell(r.preTopUpLocationsAvailable, x),
        },
        {
          key: 'warning',
          render: (r) => (
            <Group gap={4} wrap="wrap">
              {rolWarnings(r).map((w) => (
                <Badge
                  key={w}
                  color="yellow"
                  variant="light"
                  size="sm"
                  leftSection={<IconAlertTriangle size={12} />}
                >
                  {t(`${P}.warningShort.${w}`)}
                </Badge>
              ))}
            </Group>
          ),
        },
      ],
      schema: RolForm,
      empty: () => ({
        name: '',
        categoryMode: 'any',
        categoryExisting: null,
        categoryNew: '',
        price: ROL_DEFAULTS.price,
        amountBonus: ROL_DEFAULTS.amountBonus,
        tagRequired: ROL_DEFAULTS.tagRequired,
        allLocations: true,
        locationsAvailable: [],
        allPreTopUpLocations: true,
        preTopUpLocationsAvailable: [],
        idsTimeRange: [],
        rolesAccess: [],
        idAddons: [],
        articles: [],
      }),
      toValues: (r) => ({
        name: r.name,
        categoryMode: r.category ? 'existing' : 'any',
        categoryExisting: r.category,
        categoryNew: '',
        price: money.toInput(r.price),
        amountBonus: money.toInput(r.amountBonus),
        tagRequired: r.tagRequired,
        allLocations: r.locationsAvailable === null,
        locationsAvailable: (r.locationsAvailable ?? []).map(String),
        allPreTopUpLocations: r.preTopUpLocationsAvailable === null,
        preTopUpLocationsAvailable: (r.preTopUpLocationsAvailable ?? []).map(String),
        idsTimeRange: r.idsTimeRange,
        rolesAccess: r.rolesAccess.map((a) => ({
          idZone: a.idZone,
          idTimeRange: a.idTimeRange,
          nAccess: a.nAccess,
        })),
        idAddons: r.idAddons,
        articles: r.articles,
      }),
      // The form-save helper has dropped empty values: absent means none.
      save: (v, row) =>
        saveRol({
          id: row?.id,
          name: v.name,
          price: money.toCents(v.price),
          amountBonus: money.toCents(v.amountBonus),
          category: chosenCategory({
            categoryMode: v.categoryMode,
            categoryExisting: v.categoryExisting ?? null,
            categoryNew: v.categoryNew ?? '',
          }),
          tagRequired: v.tagRequired,
          locationsAvailable: v.allLocations ? null : (v.locationsAvailable ?? []).map(Number),
          preTopUpLocationsAvailable: v.allPreTopUpLocations
            ? null
            : (v.preTopUpLocationsAvailable ?? []).map(Number),
          idsTimeRange: v.idsTimeRange ?? [],
          rolesAccess: v.rolesAccess ?? [],
          idAddons: v.idAddons ?? [],
          articles: v.articles ?? [],
        }),
      remove: (r) => deleteRol(r.id),
      matches: (r, text) => `${r.name} ${r.category ?? ''}`.toLowerCase().includes(text),
      Form: (props) => <RolFields {...props} money={money} />,
    };
  }, [money, t]);
}

export default function RolsPage() {
  // The ticket roles' amounts are inputs: typed in the entry currency.
  const c = useEventCurrency('entry');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the currency is its four values
  const money = useMemo(() => moneyOf(c), [c.iso, c.symbol, c.fraction, c.rate]);
  return <ResourceScreen def={useDefinition(money)} />;
}
