import {
  ActionIcon,
  Button,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ARTICLE_IMAGE,
  ARTICLE_NAME_MAX,
  type Article,
  ArticleForm,
  type ArticlesResult,
  addFlagOf,
  complementCandidates,
  FLAG_STATES,
  type FlagState,
  flagState,
  isAdminUser,
  SUGGESTED_COMMENT_MAX_LENGTH,
  SUGGESTED_COMMENTS_MAX,
} from '@pulsera/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type FieldErrors, useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  errorMessageAt,
  MoneyField,
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
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { type Money, useMoney } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { ARTICLE_IMAGE_PATH, articleKeys, deleteArticle, listArticles, saveArticle } from './api';
import { ArticleSearch } from './article-search';
import { C, newUuid, Thumb, Tick } from './shared';

const P = `${C}.articles`;

/** What the list call answers beside the articles, with the names the columns show. */
type Extra = Omit<ArticlesResult, 'articles'> & { names: Map<number, string>; rolNames: Map<number, string> };

const options = (list: { id: number; name: string }[]) =>
  list.map((o) => ({ value: String(o.id), label: o.name }));
/** Choices, plus the chosen ids the choices no longer have (shown by number). */
const withChosen = (opts: { value: string; label: string }[], chosen: number[]) => [
  ...opts,
  ...chosen
    .filter((id) => !opts.some((o) => o.value === String(id)))
    .map((id) => ({ value: String(id), label: `#${id}` })),
];

/**
 * admin/cashless/articles (permission articulos; 02-catalogue §2 Articles, §3, §4, §5): the server-side
 * search with the pending new articles above the table (image, name, only adults, only gift, note
 * required, forbidden roles, complement of, last modification, id for administrators), and the detail
 * with the tabs General, Sales restrictions, Suggested comments, Exchange article and Addons.
 */
function useDefinition(isAdmin: boolean, money: Money, tz: string | undefined) {
  return useMemo((): ResourceDefinition<Article, ArticleForm, Extra> => {
    return {
      prefix: P,
      serverFields: {
        prefix: 'articleEvent.',
        rename: { precio_base: 'precio', permite_importe_manual: 'permiteImporteManual' },
      },
      queryKey: articleKeys.list(),
      invalidates: [articleKeys.all],
      load: async () => {
        const { articles, ...rest } = await listArticles();
        return {
          rows: articles,
          extra: {
            ...rest,
            names: new Map(articles.map((a) => [a.id, a.nombre])),
            rolNames: new Map(rest.rols.map((r) => [r.id, r.name])),
          },
        };
      },
      rowKey: (r) => r.id,
      canCreate: false,
      columns: [
        { key: 'id', width: 70, hidden: !isAdmin },
        { key: 'image', width: 60, render: (r) => <Thumb url={r.pictureFull?.url} /> },
        { key: 'nombre' },
        { key: 'onlyAdults', collapse: true, render: (r) => <Tick on={r.onlyAdults === 1} /> },
        { key: 'gift', collapse: true, render: (r) => <Tick on={r.gift === 1} /> },
        { key: 'isNoteRequired', collapse: true, render: (r) => <Tick on={r.isNoteRequired === 1} /> },
        {
          key: 'bannedRols',
          collapse: true,
          render: (r, x) => <ItemsCell items={r.bannedRols.map((id) => x?.rolNames.get(id) ?? `#${id}`)} />,
        },
        {
          key: 'idBase',
          render: (r, x) => (r.idBase === null ? '' : (x?.names.get(r.idBase) ?? `#${r.idBase}`)),
        },
        { key: 'date_update', collapse: true, render: (r) => formatDateTime(r.date_update, tz) },
      ],
      schema: ArticleForm,
      // Articles are created from the pending panel (no New button): never used.
      empty: () => ({
        nombre: '',
        precio: 0,
        qrPrint: 0,
        isComplement: false,
        idBase: null,
        flags: [],
        gift: 0,
        onlyAdults: 0,
        bannedRols: [],
        isNoteRequired: 0,
        suggestedComments: [],
        addons: [],
        exchanges: [],
        externalAnalyticsId: '',
        permiteImporteManual: false,
        id_complemento: null,
      }),
      toValues: (r) => ({
        nombre: r.nombre,
        precio: money.toInput(r.precio_base),
        qrPrint: r.qrPrint,
        isComplement: r.idBase !== null,
        idBase: r.idBase === null ? null : String(r.idBase),
        flags: r.flags
          .map((f) => ({ idFlag: f.idFlag, state: flagState(f.addFlag) }))
          .sort((a, b) => a.idFlag - b.idFlag),
        gift: r.gift,
        onlyAdults: r.onlyAdults,
        bannedRols: r.bannedRols.map(String),
        isNoteRequired: r.isNoteRequired,
        suggestedComments: r.suggestedComments.map((s) => ({ uuid: s.uuid, text: s.text })),
        addons: r.addons.map(String),
        exchanges: r.exchanges.map((x) => ({
          idArticleExchange: x.idArticleExchange.map(String),
          sortBy: x.sortBy,
          timeRanges: x.timeRanges.map(String),
        })),
        externalAnalyticsId: r.externalAnalyticsId ?? '',
        permiteImporteManual: r.permite_importe_manual === 'S',
        id_complemento: r.id_complemento,
      }),
      // The form-save helper has dropped empty values: absent means none.
      save: (v, row) =>
        saveArticle({
          id: row!.id,
          nombre: v.nombre,
          precio_base: money.toCents(v.precio),
          qrPrint: v.qrPrint,
          idBase: v.isComplement && v.idBase ? Number(v.idBase) : null,
          flags: (v.flags ?? []).map((f) => ({ idFlag: f.idFlag, addFlag: addFlagOf(f.state) })),
          gift: v.gift,
          onlyAdults: v.onlyAdults,
          bannedRols: (v.bannedRols ?? []).map(Number),
          isNoteRequired: v.isNoteRequired,
          suggestedComments: (v.suggestedComments ?? []).map((s) => ({ uuid: s.uuid, text: s.text })),
          addons: (v.addons ?? []).map(Number),
          exchanges: (v.exchanges ?? []).map((x) => ({
            idArticleExchange: x.idArticleExchange.map(Number),
            sortBy: x.sortBy,
            timeRanges: (x.timeRanges ?? []).map(Number),
          })),
          externalAnalyticsId: v.externalAnalyticsId || null,
          permite_importe_manual: v.permiteImporteManual ? 'S' : 'N',
          id_complemento: v.id_complemento ?? null,
        }),
      remove: (r) => deleteArticle(r.id),
      listSpan: 5,
      aboveList: ({ rows, open }) => <ArticleSearch rows={rows} open={open} />,
      Form: (props) => <ArticleFields {...props} money={money} />,
    };
  }, [isAdmin, money, tz]);
}

/** Which tab holds a field (to mark a tab whose fields have errors). */
const TAB_FIELDS: Record<string, (keyof ArticleForm)[]> = {
  general: [
    'nombre',
    'precio',
    'qrPrint',
    'isComplement',
    'idBase',
    'flags',
    'externalAnalyticsId',
    'id_complemento',
  ],
  restrictions: ['onlyAdults', 'gift', 'bannedRols', 'isNoteRequired', 'permiteImporteManual'],
  comments: ['suggestedComments'],
  exchange: ['exchanges'],
  addons: ['addons'],
};
const tabHasErrors = (errors: FieldErrors<ArticleForm>, tab: string) =>
  TAB_FIELDS[tab]!.some((f) => errors[f] !== undefined);

function ArticleFields({
  form,
  row,
  rows,
  extra,
  money,
}: ResourceFormProps<Article, ArticleForm, Extra> & { money: Money }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  const [isComplement] = useWatch({ control: form.control, name: ['isComplement'] });
  const selfId = row?.id ?? null;
  const candidates = complementCandidates(rows, selfId).map((a) => ({
    value: String(a.id),
    label: a.nombre,
  }));
  const tabs = ['general', 'restrictions', 'comments', 'exchange', 'addons'] as const;
  return (
    <Tabs defaultValue="general" keepMounted>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab} color={tabHasErrors(errors, tab) ? 'red' : undefined}>
            <Text size="sm" c={tabHasErrors(errors, tab) ? 'red' : undefined}>
              {t(`${P}.tabs.${tab}`)}
            </Text>
          </Tabs.Tab>
        ))}
      </Tabs.List>

      <Tabs.Panel value="general" pt="md">
        <Stack>
          {row && <ArticleImage article={row} />}
          <TextField<ArticleForm> name="nombre" required maxLength={ARTICLE_NAME_MAX} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyField<ArticleForm> name="precio" money={money} />
            <NumberField<ArticleForm> name="id_complemento" min={1} allowDecimal={false} />
          </SimpleGrid>
          <TextField<ArticleForm> name="externalAnalyticsId" maxLength={100} />
          <Switch01Field<ArticleForm> name="qrPrint" />
          <CheckboxField<ArticleForm> name="isComplement" />
          {isComplement && <SelectField<ArticleForm> name="idBase" data={candidates} clearable />}
          <FlagsChoice flags={extra?.flags ?? []} />
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="restrictions" pt="md">
        <Stack>
          <Switch01Field<ArticleForm> name="onlyAdults" />
          <Switch01Field<ArticleForm> name="gift" />
          <Switch01Field<ArticleForm> name="isNoteRequired" />
          <CheckboxField<ArticleForm> name="permiteImporteManual" />
          <MultiSelectField<ArticleForm>
            name="bannedRols"
            data={withChosen(options(extra?.rols ?? []), row?.bannedRols ?? [])}
          />
          {(extra?.rols ?? []).length === 0 && (
            <Text size="xs" c="dimmed">
              {t(`${P}.noRoles`)}
            </Text>
          )}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="comments" pt="md">
        <CommentsEditor />
      </Tabs.Panel>

      <Tabs.Panel value="exchange" pt="md">
        <ExchangesEditor
          articles={rows
            .filter((a) => a.id !== selfId)
            .map((a) => ({ value: String(a.id), label: a.nombre }))}
          timeRanges={options(extra?.timeRanges ?? [])}
        />
      </Tabs.Panel>

      <Tabs.Panel value="addons" pt="md">
        <Stack>
          <MultiSelectField<ArticleForm>
            name="addons"
            data={withChosen(options(extra?.addons ?? []), row?.addons ?? [])}
          />
          {(extra?.addons ?? []).length === 0 && (
            <Text size="xs" c="dimmed">
              {t(`${P}.noAddons`)}
            </Text>
          )}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

/** The 200 × 200 image, saved on its own as soon as it is chosen. */
function ArticleImage({ article }: { article: Article }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [image, setImage] = useState(article.pictureFull);
  return (
    <ImageUploadField
      label={t(`${P}.fields.image`)}
      value={image}
      path={ARTICLE_IMAGE_PATH}
      folder={ARTICLE_IMAGE.folder}
      size={ARTICLE_IMAGE.size}
      extra={{ articleId: article.id }}
      onChange={(saved) => {
        setImage(saved ? { id: saved.id, url: saved.url } : null);
        void qc.invalidateQueries({ queryKey: articleKeys.all });
      }}
    />
  );
}

/** The tri-state choice per flag: enabled, disabled or unused (02-catalogue §4). */
function FlagsChoice({ flags }: { flags: Extra['flags'] }) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ArticleForm>();
  const { field } = useController({ control, name: 'flags' });
  const value = (field.value ?? []) as ArticleForm['flags'];
  const stateOf = (idFlag: number): FlagState => value.find((f) => f.idFlag === idFlag)?.state ?? 'unused';
  const set = (idFlag: number, state: FlagState) => {
    const others = value.filter((f) => f.idFlag !== idFlag);
    field.onChange(
      state === 'unused' ? others : [...others, { idFlag, state }].sort((a, b) => a.idFlag - b.idFlag),
    );
  };
  return (
    <Input.Wrapper
      label={t(`${P}.fields.flags`)}
      error={translateMessage(t, errorMessageAt(formState.errors, 'flags', true))}
    >
      {flags.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t(`${P}.noFlags`)}
        </Text>
      ) : (
        <Stack gap={6} mt={4}>
          {flags.map((f) => (
            <Group key={f.id} justify="space-between" wrap="nowrap">
              <Text size="sm">{`${f.flagNumber}. ${f.name}`}</Text>
              <SegmentedControl
                size="xs"
                value={stateOf(f.id)}
                onChange={(v) => set(f.id, v as FlagState)}
                data={FLAG_STATES.map((s) => ({ value: s, label: t(`${P}.flagStates.${s}`) }))}
                data-testid={`flag-${f.id}`}
              />
            </Group>
          ))}
        </Stack>
      )}
    </Input.Wrapper>
  );
}

function CommentsEditor() {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ArticleForm>();
  const list = useFieldArray({ control, name: 'suggestedComments', keyName: 'key' });
  const [text, setText] = useState('');
  const add = () => {
    const value = text.trim();
    if (!value) return;
    list.append({ uuid: newUuid(), text: value });
    setText('');
  };
  const listError = translateMessage(t, errorMessageAt(formState.errors, 'suggestedComments'));
  return (
    <Stack>
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      {list.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t(`${P}.noComments`)}
        </Text>
      )}
      {list.fields.map((f, i) => (
        <Group key={f.key} wrap="nowrap" align="flex-start">
          <Controlled
            name={`suggestedComments.${i}.text`}
            error={translateMessage(t, errorMessageAt(formState.errors, `suggestedComments.${i}`, true))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('common.delete')}
            onClick={() => list.remove(i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {list.fields.length < SUGGESTED_COMMENTS_MAX && (
        <Group wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t(`${P}.newComment`)}
            maxLength={SUGGESTED_COMMENT_MAX_LENGTH}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={!text.trim()}>
            {t(`${P}.addComment`)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A text input registered on a field of the form (the field arrays' rows). */
function Controlled({ name, error }: { name: `suggestedComments.${number}.text`; error?: string }) {
  const { register } = useFormContext<ArticleForm>();
  return (
    <TextInput
      style={{ flex: 1 }}
      maxLength={SUGGESTED_COMMENT_MAX_LENGTH}
      {...register(name)}
      error={error}
    />
  );
}

function ExchangesEditor({
  articles,
  timeRanges,
}: {
  articles: { value: string; label: string }[];
  timeRanges: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ArticleForm>();
  const list = useFieldArray({ control, name: 'exchanges', keyName: 'key' });
  const listError = translateMessage(t, errorMessageAt(formState.errors, 'exchanges'));
  return (
    <Stack>
      <Text size="xs" c="dimmed">
        {t(`${P}.exchangeHint`)}
      </Text>
      {listError && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      {list.fields.map((f, i) => (
        <Stack
          key={f.key}
          gap="xs"
          p="sm"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
        >
          <MultiSelectField<ArticleForm>
            name={`exchanges.${i}.idArticleExchange`}
            label={t(`${P}.fields.idArticleExchange`)}
            data={articles}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelectField<ArticleForm>
              name={`exchanges.${i}.timeRanges`}
              label={t(`${P}.fields.timeRanges`)}
              data={timeRanges}
            />
            <SortBy index={i} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => list.remove(i)}
            >
              {t(`${P}.removeExchange`)}
            </Button>
          </Group>
        </Stack>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => list.append({ idArticleExchange: [], sortBy: list.fields.length, timeRanges: [] })}
        >
          {t(`${P}.addExchange`)}
        </Button>
      </Group>
    </Stack>
  );
}

function SortBy({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ArticleForm>();
  const { field } = useController({ control, name: `exchanges.${index}.sortBy` });
  return (
    <NumberInput
      label={t(`${P}.fields.sortBy`)}
      min={0}
      allowDecimal={false}
      clampBehavior="strict"
      value={field.value ?? ''}
      onChange={(v) => field.onChange(v === '' ? null : Number(v))}
      onBlur={field.onBlur}
      error={translateMessage(t, formState.errors.exchanges?.[index]?.sortBy?.message)}
    />
  );
}

export default function ArticlesPage() {
  const session = useSession();
  const isAdmin = session.user ? isAdminUser(session.user) : false;
  const money = useMoney();
  const def = useDefinition(isAdmin, money, session.event?.zona_horaria);
  return <ResourceScreen def={def} />;
}
