import { ActionIcon, Group, Input, NumberInput, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  ARTICLE_NAME_MAX,
  PACK_QUANTITY_MAX,
  type Pack,
  PackForm,
  type PacksResult,
} from '@pulsera/contracts';
import { IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useController, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-fields';
import { MoneyField, MultiSelectField, TextField } from '../../../components/form-fields';
import { ItemsCell } from '../../../components/items-cell';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { notifyError } from '../../../lib/error-dialogs';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { type Money, useMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { articleKeys, deletePack, listPacks, savePack } from '../articles/api';
import { C } from '../articles/shared';

const P = `${C}.packs`;
type Extra = Omit<PacksResult, 'packs'> & { locationNames: Map<number, string> };

/**
 * admin/cashless/packs (permission pack). The spec names the screen only; the design
 * (docs/decisions.md): a named bundle of articles with quantities, sold for one price in the chosen
 * locations (none = every location), optionally between two dates. An article is listed once
 * (errorArticleDuplicatePack).
 */
function useDefinition(t: TFunction, money: Money, tz: string | undefined, lang: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `lang` re-renders the prices in the language shown
  return useMemo((): ResourceDefinition<Pack, PackForm, Extra> => {
    return {
      prefix: P,
      serverFields: { prefix: 'pack.' },
      queryKey: articleKeys.packs(),
      load: async () => {
        const { packs, ...rest } = await listPacks();
        return {
          rows: packs,
          extra: { ...rest, locationNames: new Map(rest.locations.map((l) => [l.id, l.name])) },
        };
      },
      rowKey: (r) => r.id,
      columns: [
        { key: 'nombre' },
        { key: 'precio', render: (r) => money.format(r.precio) },
        {
          key: 'articles',
          render: (r) => <ItemsCell items={r.articles.map((a) => `${a.quantity} × ${a.nombre}`)} />,
        },
        {
          key: 'locationsAvailable',
          collapse: true,
          render: (r, x) =>
            r.locationsAvailable.length === 0 ? (
              t(`${P}.allLocations`)
            ) : (
              <ItemsCell items={r.locationsAvailable.map((id) => x?.locationNames.get(id) ?? `#${id}`)} />
            ),
        },
        { key: 'dateStart', collapse: true, render: (r) => formatDateTime(r.dateStart, tz) },
        { key: 'dateEnd', collapse: true, render: (r) => formatDateTime(r.dateEnd, tz) },
        { key: 'date_update', collapse: true, render: (r) => formatDateTime(r.date_update, tz) },
      ],
      schema: PackForm,
      empty: () => ({
        nombre: '',
        precio: 0,
        articles: [],
        locationsAvailable: [],
        dateStart: null,
        dateEnd: null,
      }),
      toValues: (r) => ({
        nombre: r.nombre,
        precio: money.toInput(r.precio),
        articles: r.articles.map((a) => ({ idArticle: a.idArticle, quantity: a.quantity })),
        locationsAvailable: r.locationsAvailable.map(String),
        dateStart: r.dateStart,
        dateEnd: r.dateEnd,
      }),
      save: (v, row) =>
        savePack({
          id: row?.id,
          nombre: v.nombre,
          precio: money.toCents(v.precio),
          articles: v.articles.map((a) => ({ idArticle: a.idArticle, quantity: a.quantity })),
          locationsAvailable: (v.locationsAvailable ?? []).map(Number),
          dateStart: v.dateStart ?? null,
          dateEnd: v.dateEnd ?? null,
        }),
      remove: (r) => deletePack(r.id),
      matches: (r, text) =>
        `${r.nombre} ${r.articles.map((a) => a.nombre).join(' ')}`.toLowerCase().includes(text),
      Form: (props) => <PackFields {...props} money={money} />,
    };
  }, [t, money, tz, lang]);
}

function PackFields({ extra, money }: ResourceFormProps<Pack, PackForm, Extra> & { money: Money }) {
  const { t } = useTranslation();
  const locations = (extra?.locations ?? []).map((l) => ({ value: String(l.id), label: l.name }));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField<PackForm> name="nombre" required maxLength={ARTICLE_NAME_MAX} />
        <MoneyField<PackForm> name="precio" money={money} />
      </SimpleGrid>
      <PackArticles articles={extra?.articles ?? []} />
      <MultiSelectField<PackForm> name="locationsAvailable" data={locations} />
      <Text size="xs" c="dimmed" mt={-10}>
        {t(`${P}.locationsHint`)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimeField<PackForm> name="dateStart" />
        <DateTimeField<PackForm> name="dateEnd" />
      </SimpleGrid>
    </Stack>
  );
}

/** The articles of the pack with their quantities; an article already listed is refused. */
function PackArticles({ articles }: { articles: Extra['articles'] }) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<PackForm>();
  const list = useFieldArray({ control, name: 'articles', keyName: 'key' });
  const names = new Map(articles.map((a) => [a.id, a.nombre]));
  const listError = formState.errors.articles?.root?.message ?? formState.errors.articles?.message;
  return (
    <Input.Wrapper label={t(`${P}.fields.articles`)} required error={translateMessage(t, listError)}>
      <Stack gap="xs" mt={4}>
        {list.fields.length > 0 && (
          <Table withTableBorder verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${P}.fields.article`)}</Table.Th>
                <Table.Th w={120}>{t(`${P}.fields.quantity`)}</Table.Th>
                <Table.Th w={50} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.fields.map((f, i) => (
                <Table.Tr key={f.key}>
                  <Table.Td>{names.get(f.idArticle) ?? `#${f.idArticle}`}</Table.Td>
                  <Table.Td>
                    <Quantity index={i} />
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
        <Group>
          <Select
            style={{ flex: 1 }}
            placeholder={t(`${P}.addArticle`)}
            aria-label={t(`${P}.addArticle`)}
            data={articles.map((a) => ({ value: String(a.id), label: a.nombre }))}
            searchable
            value={null}
            nothingFoundMessage={t(`${P}.withoutResult`)}
            onChange={(v) => {
              if (!v) return;
              const idArticle = Number(v);
              if (list.fields.some((a) => a.idArticle === idArticle)) {
                notifyError(t('messages.errorArticleDuplicatePack'));
                return;
              }
              list.append({ idArticle, quantity: 1 });
            }}
            data-testid="pack-add-article"
          />
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

function Quantity({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<PackForm>();
  const { field } = useController({ control, name: `articles.${index}.quantity` });
  const rowErrors = formState.errors.articles?.[index];
  const message = rowErrors?.quantity?.message ?? rowErrors?.idArticle?.message;
  return (
    <NumberInput
      size="xs"
      min={1}
      max={PACK_QUANTITY_MAX}
      allowDecimal={false}
      clampBehavior="strict"
      aria-label={t(`${P}.fields.quantity`)}
      value={field.value ?? ''}
      onChange={(v) => field.onChange(v === '' ? null : Number(v))}
      onBlur={field.onBlur}
      error={translateMessage(t, message)}
    />
  );
}

export default function PacksPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const money = useMoney();
  const def = useDefinition(t, money, session.event?.zona_horaria, i18n.language);
  return <ResourceScreen def={def} />;
}
