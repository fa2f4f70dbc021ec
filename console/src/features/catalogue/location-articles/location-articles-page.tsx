import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  addToMenu,
  importMenu,
  type MenuArticleOption,
  type MenuLocation,
  pruneSticks,
  removedMenuItems,
  STICK_QUANTITY_MAX,
  stickCounts,
  stickProblem,
  TABLE_PAGE_SIZE,
} from '@pulsera/contracts';
import {
  IconArrowDown,
  IconArrowUp,
  IconInfoCircle,
  IconListDetails,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { confirm, confirmExit, notifySuccess } from '../../../components/dialogs';
import { MoneyInput } from '../../../components/form-fields';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { notifyError } from '../../../lib/error-dialogs';
import { type FormFieldError, formFieldErrors, sameItem } from '../../../lib/form';
import { translateMessage } from '../../../lib/i18n';
import { type Money, useMoney } from '../../../lib/money';
import { articleKeys, listLocationArticles, saveMenu, saveSticks } from '../articles/api';
import { C, Thumb, Tick } from '../articles/shared';

const P = `${C}.locationArticles`;

/** A menu item as the screen edits it: the price in the display currency (null while not a number). */
interface Draft {
  /** The saved item's id; absent for an article added since the last save. */
  id?: number;
  idArticle: number;
  nombre: string;
  precio: number | null;
  order: number;
  isManual: 0 | 1;
  visible: 0 | 1;
  srcPicture: string | null;
}
interface DraftStick {
  idArticle: number;
  idArticleStick: number;
  quantity: number;
}
interface MenuDraft {
  items: Draft[];
  sticks: DraftStick[];
}

const fromLocation = (l: MenuLocation, money: Money): MenuDraft => ({
  items: l.articles.map((a) => ({
    id: a.id,
    idArticle: a.idArticle,
    nombre: a.nombre,
    precio: money.toInput(a.precio),
    order: a.order,
    isManual: a.isManual,
    visible: a.visible,
    srcPicture: a.srcPicture,
  })),
  sticks: l.articlesStick.map((s) => ({
    idArticle: s.idArticle,
    idArticleStick: s.idArticleStick,
    quantity: s.quantity,
  })),
});

const priceInvalid = (p: number | null) => p === null || !Number.isFinite(p) || p < 0;
const byOrder = (items: Draft[]) => [...items].sort((a, b) => a.order - b.order);

/**
 * A refusal of the server, placed: the messages of each row (by article id) and those that belong to
 * no row. The menu and stick saves answer field errors on `articles.N…` / `articlesStick.N…`, N being
 * the index in the list sent.
 */
interface Refusal {
  rows: Map<number, string[]>;
  general: string[];
}
const NO_REFUSAL: Refusal = { rows: new Map(), general: [] };

/**
 * Places the field errors of a refused save: `lists` maps a list of the body (`articles`) to the article
 * id each of its items belongs to (null: none); `label` prefixes a message (e.g. the stick's name).
 */
function placeRefusal(
  fields: FormFieldError[],
  text: (f: FormFieldError) => string,
  lists: Record<string, (index: number) => { row: number; label?: string } | null>,
): Refusal {
  const rows = new Map<number, string[]>();
  const general: string[] = [];
  for (const f of fields) {
    const [list = '', index] = f.path.split('.');
    const at = index !== undefined && /^\d+$/.test(index) ? lists[list]?.(Number(index)) : null;
    const message = text(f);
    if (!at) {
      general.push(message);
      continue;
    }
    const line = at.label ? `${at.label}: ${message}` : message;
    rows.set(at.row, [...(rows.get(at.row) ?? []), line]);
  }
  return { rows, general };
}

/** The messages of a refused row, under its name. */
function RowErrors({ lines }: { lines: string[] | undefined }) {
  return (lines ?? []).map((l) => (
    <Text key={l} size="xs" c="red">
      {l}
    </Text>
  ));
}

/** Under a refused save: `title`, then the errors that name no row (the rows show their own). */
function RefusalSummary({ refusal, title, testId }: { refusal: Refusal; title: string; testId: string }) {
  if (refusal.rows.size === 0 && refusal.general.length === 0) return null;
  return (
    <Stack gap={2} role="alert" data-testid={testId}>
      <Text c="red" size="sm" fw={500}>
        {title}
      </Text>
      {refusal.general.map((l) => (
        <Text key={l} c="red" size="sm">
          {l}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * admin/cashless/locarticle (permission menuUbicaciones; 02-catalogue §2 Location articles, §4, §5):
 * the selling locations; the menu of the one selected (add, import from another location, Reset,
 * Clear all; editable price, visible and manual); and the sticks of a menu article beside it.
 */
export default function LocationArticlesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: articleKeys.locations(), queryFn: listLocationArticles });
  const [selected, setSelected] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const [page, setPage] = useState(1);
  useUnsavedChanges(dirty);

  const locations = list.data?.locations ?? [];
  const location = locations.find((l) => l.id === selected) ?? null;
  const select = async (id: number | null) => {
    if (id === selected) return;
    if (dirty && !(await confirmExit())) return;
    setDirty(false);
    setSelected(id);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t(`${P}.title`)}</Title>
      <Alert variant="light" icon={<IconInfoCircle size={18} />}>
        {t(`${P}.note`)}
      </Alert>
      <Grid>
        <Grid.Col span={{ base: 12, md: location ? 3 : 12 }}>
          <DataTable<MenuLocation>
            withTableBorder
            borderRadius="sm"
            striped
            highlightOnHover
            minHeight={160}
            fetching={list.isFetching}
            records={locations.slice((page - 1) * TABLE_PAGE_SIZE, page * TABLE_PAGE_SIZE)}
            idAccessor={(l) => String(l.id)}
            noRecordsText={t(`${P}.noLocations`)}
            loadingText={t('common.loading')}
            totalRecords={locations.length}
            recordsPerPage={TABLE_PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            onRowClick={({ record }) => void select(record.id)}
            rowStyle={(l) =>
              l.id === selected ? { backgroundColor: 'var(--mantine-primary-color-light)' } : undefined
            }
            columns={[
              { accessor: 'nombre', title: t(`${P}.fields.nombre`) },
              {
                accessor: 'isIntern',
                title: t(`${P}.fields.interna`),
                render: (l) => <Tick on={l.isIntern} />,
              },
              { accessor: 'numArticles', title: t(`${P}.fields.numArticles`) },
              { accessor: 'numCompounds', title: t(`${P}.fields.numCompounds`) },
            ]}
          />
        </Grid.Col>
        {location && (
          <Grid.Col span={{ base: 12, md: 9 }}>
            <MenuPanel
              key={location.id}
              location={location}
              locations={locations}
              articles={list.data?.articles ?? []}
              onDirty={setDirty}
              onClose={() => void select(null)}
              onSaved={() => qc.invalidateQueries({ queryKey: articleKeys.all })}
            />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

function MenuPanel({
  location,
  locations,
  articles,
  onDirty,
  onClose,
  onSaved,
}: {
  location: MenuLocation;
  locations: MenuLocation[];
  articles: MenuArticleOption[];
  onDirty: (dirty: boolean) => void;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  // The saved menu is what the last load or save answered; the draft is what is being edited.
  const [saved, setSaved] = useState(location);
  const initial = useMemo(() => fromLocation(saved, money), [saved, money]);
  const [draft, setDraft] = useState<MenuDraft>(initial);
  const [stickParent, setStickParent] = useState<number | null>(null);
  const [stickDirty, setStickDirty] = useState(false);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const menuDirty = !sameItem(initial, draft);
  useEffect(() => onDirty(menuDirty || stickDirty), [menuDirty, stickDirty, onDirty]);

  const items = byOrder(draft.items);
  const counts = stickCounts(pruneSticks(draft.items, draft.sticks));
  const invalid = draft.items.some((i) => priceInvalid(i.precio));

  const applySaved = async (loc: MenuLocation) => {
    setSaved(loc);
    setDraft(fromLocation(loc, money));
    setTried(false);
    setRefusal(NO_REFUSAL);
    notifySuccess();
    await onSaved();
  };
  const names = new Map(articles.map((a) => [a.id, a.nombre]));
  const save = useMutation({
    onMutate: () => setRefusal(NO_REFUSAL),
    mutationFn: (d: MenuDraft) =>
      saveMenu({
        idLocation: saved.id,
        articles: d.items.map((i) => ({
          id: i.id ?? null,
          article: i.idArticle,
          precio: money.toCents(i.precio),
          order: i.order,
          isManual: i.isManual,
          visible: i.visible,
        })),
        deletedArticles: removedMenuItems(
          saved.articles.map((a) => ({ id: a.id, idArticle: a.idArticle, order: a.order })),
          d.items,
        ),
        articlesStick: pruneSticks(d.items, d.sticks),
      }),
    onSuccess: applySaved,
    // A refusal with field errors (an article not of the event, a stick repeated…) flags its rows;
    // other failures open the generic dialog (lib/error-dialogs).
    onError: (e, d) => {
      const fields = formFieldErrors(e);
      if (!fields) return;
      const sticks = pruneSticks(d.items, d.sticks);
      setRefusal(
        placeRefusal(fields, (f) => translateMessage(t, f.message) ?? f.text ?? f.message, {
          articles: (n) => (d.items[n] ? { row: d.items[n].idArticle } : null),
          articlesStick: (n) => {
            const stick = sticks[n];
            if (!stick) return null;
            return {
              row: stick.idArticle,
              label: names.get(stick.idArticleStick) ?? `#${stick.idArticleStick}`,
            };
          },
        }),
      );
    },
  });

  const update = (idArticle: number, patch: Partial<Draft>) =>
    setDraft((d) => ({
      ...d,
      items: d.items.map((i) => (i.idArticle === idArticle ? { ...i, ...patch } : i)),
    }));
  const remove = (idArticle: number) => {
    if (stickParent === idArticle) setStickParent(null);
    setDraft((d) => ({ ...d, items: d.items.filter((i) => i.idArticle !== idArticle) }));
  };
  const move = (index: number, step: -1 | 1) => {
    const sorted = items.map((i, n) => ({ ...i, order: n + 1 }));
    const other = index + step;
    if (other < 0 || other >= sorted.length) return;
    const a = sorted[index]!;
    const b = sorted[other]!;
    [a.order, b.order] = [b.order, a.order];
    setDraft((d) => ({ ...d, items: sorted }));
  };

  const add = (value: string | null) => {
    const article = articles.find((a) => String(a.id) === value);
    if (!article) return;
    const result = addToMenu<Draft>(draft.items, {
      idArticle: article.id,
      nombre: article.nombre,
      precio: money.toInput(article.precio_base),
      isManual: 0,
      visible: 1,
      srcPicture: article.pictureFull?.url ?? null,
    });
    if (!result.ok) return notifyError(t('validation.articleAlreadyContained'));
    setDraft((d) => ({ ...d, items: result.items }));
  };

  const importFrom = (value: string | null) => {
    const source = locations.find((l) => String(l.id) === value);
    if (!source) return;
    const out = importMenu<Draft, MenuLocation['articles'][number], DraftStick>(
      draft,
      { items: source.articles.map((a) => ({ ...a })), sticks: source.articlesStick },
      (a, order) => ({
        idArticle: a.idArticle,
        nombre: a.nombre,
        precio: money.toInput(a.precio),
        order,
        isManual: a.isManual,
        visible: a.visible,
        srcPicture: a.srcPicture,
      }),
      (s) => ({ idArticle: s.idArticle, idArticleStick: s.idArticleStick, quantity: s.quantity }),
    );
    setDraft({ items: out.items, sticks: out.sticks });
    notifySuccess(t(`${P}.imported`, { articles: out.addedArticles, sticks: out.addedSticks }));
  };

  const clearAll = async () => {
    const yes = await confirm({
      title: t(`${P}.clearTitle`),
      text: t(`${P}.clearText`, { name: saved.nombre }),
      confirm: t(`${P}.clearConfirm`),
      cancel: t('dialogs.back'),
      danger: true,
    });
    setStickParent(null);
    if (!yes) {
      setDraft(initial);
      setRefusal(NO_REFUSAL);
      return;
    }
    const empty: MenuDraft = { items: [], sticks: [] };
    setDraft(empty);
    save.mutate(empty);
  };

  const submit = () => {
    setTried(true);
    if (invalid) return;
    save.mutate(draft);
  };

  const close = async () => {
    if ((menuDirty || stickDirty) && !(await confirmExit())) return;
    onDirty(false);
    onClose();
  };

  const inMenu = new Set(draft.items.map((i) => i.idArticle));
  const addOptions = articles
    .filter((a) => !inMenu.has(a.id))
    .map((a) => ({ value: String(a.id), label: a.nombre }));
  const importOptions = locations
    .filter((l) => l.id !== saved.id && l.articles.length > 0)
    .map((l) => ({ value: String(l.id), label: `${l.nombre} (${l.numArticles})` }));
  const parent = stickParent !== null ? (draft.items.find((i) => i.idArticle === stickParent) ?? null) : null;

  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: parent ? 8 : 12 }}>
        <Card withBorder padding="md" data-testid="menu-panel">
          <Stack>
            <Group justify="space-between">
              <Title order={4}>{t(`${P}.menuOf`, { name: saved.nombre })}</Title>
              <ActionIcon variant="subtle" aria-label={t('common.cancel')} onClick={() => void close()}>
                <IconX size={18} />
              </ActionIcon>
            </Group>
            <Group align="flex-end" grow>
              <Select
                label={t(`${P}.add`)}
                placeholder={t(`${P}.addHint`)}
                data={addOptions}
                searchable
                value={null}
                onChange={add}
                nothingFoundMessage={t(`${P}.withoutResult`)}
                leftSection={<IconPlus size={16} />}
                data-testid="menu-add"
              />
              <Select
                label={t(`${P}.import`)}
                placeholder={t(`${P}.importHint`)}
                data={importOptions}
                searchable
                value={null}
                onChange={importFrom}
                nothingFoundMessage={t(`${P}.withoutResult`)}
                data-testid="menu-import"
              />
            </Group>
            {/* Beside the stick panel the columns need more room than the card: the table scrolls. */}
            <Table.ScrollContainer minWidth={720} type="native">
              <Table withTableBorder striped verticalSpacing={4} data-testid="menu-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t(`${P}.fields.order`)}</Table.Th>
                    <Table.Th>{t(`${P}.fields.image`)}</Table.Th>
                    <Table.Th>{t(`${P}.fields.article`)}</Table.Th>
                    <Table.Th>{t(`${P}.fields.precio`)}</Table.Th>
                    <Table.Th>{t(`${P}.fields.visible`)}</Table.Th>
                    <Table.Th>{t(`${P}.fields.isManual`)}</Table.Th>
                    <Table.Th>{t(`${P}.fields.sticks`)}</Table.Th>
                    <Table.Th>{t(`${P}.fields.numStick`)}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={9}>
                        <Text size="sm" c="dimmed">
                          {t(`${P}.empty`)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {items.map((i, n) => {
                    const bad = priceInvalid(i.precio) && (tried || i.precio !== null);
                    const canEditSticks = i.id !== undefined && !menuDirty;
                    const refused = refusal.rows.get(i.idArticle);
                    return (
                      <Table.Tr
                        key={i.idArticle}
                        data-refused={refused ? true : undefined}
                        bg={
                          refused
                            ? 'var(--mantine-color-red-light)'
                            : stickParent === i.idArticle
                              ? 'var(--mantine-primary-color-light)'
                              : undefined
                        }
                      >
                        <Table.Td>
                          <Group gap={2} wrap="nowrap">
                            <Text size="sm" w={24}>
                              {n + 1}
                            </Text>
                            <ActionIcon
                              size="sm"
                              variant="subtle"
                              disabled={n === 0}
                              aria-label={t(`${P}.up`)}
                              onClick={() => move(n, -1)}
                            >
                              <IconArrowUp size={14} />
                            </ActionIcon>
                            <ActionIcon
                              size="sm"
                              variant="subtle"
                              disabled={n === items.length - 1}
                              aria-label={t(`${P}.down`)}
                              onClick={() => move(n, 1)}
                            >
                              <IconArrowDown size={14} />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Thumb url={i.srcPicture} />
                        </Table.Td>
                        <Table.Td>
                          {i.nombre}
                          <RowErrors lines={refused} />
                        </Table.Td>
                        <Table.Td miw={130}>
                          <MoneyInput
                            money={money}
                            compact
                            size="xs"
                            aria-label={t(`${P}.fields.precio`)}
                            value={i.precio}
                            onChange={(precio) => update(i.idArticle, { precio })}
                            error={bad ? t('validation.required') : undefined}
                            data-testid={`menu-price-${i.idArticle}`}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            aria-label={t(`${P}.fields.visible`)}
                            checked={i.visible === 1}
                            onChange={(e) =>
                              update(i.idArticle, { visible: e.currentTarget.checked ? 1 : 0 })
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <Checkbox
                            aria-label={t(`${P}.fields.isManual`)}
                            checked={i.isManual === 1}
                            onChange={(e) =>
                              update(i.idArticle, { isManual: e.currentTarget.checked ? 1 : 0 })
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <Tooltip label={t(`${P}.saveMenuFirst`)} disabled={canEditSticks}>
                            <ActionIcon
                              variant="light"
                              disabled={!canEditSticks}
                              aria-label={t(`${P}.editSticks`)}
                              onClick={async () => {
                                if (stickParent === i.idArticle) return;
                                if (stickDirty && !(await confirmExit())) return;
                                setStickDirty(false);
                                setStickParent(i.idArticle);
                              }}
                              data-testid={`menu-sticks-${i.idArticle}`}
                            >
                              <IconListDetails size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Table.Td>
                        <Table.Td data-testid={`menu-stick-count-${i.idArticle}`}>
                          <Badge variant="light">{counts.perParent.get(i.idArticle) ?? 0}</Badge>
                        </Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('common.delete')}
                            onClick={() => remove(i.idArticle)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {tried && invalid && (
              <Text c="red" size="sm" role="alert">
                {t(`${P}.fixPrices`)}
              </Text>
            )}
            <RefusalSummary refusal={refusal} title={t(`${P}.notSaved`)} testId="menu-refused" />
            <Group justify="space-between">
              <Group>
                <Button
                  onClick={submit}
                  loading={save.isPending}
                  disabled={!menuDirty}
                  data-testid="menu-save"
                >
                  {t('common.save')}
                </Button>
                <Button
                  variant="default"
                  disabled={!menuDirty}
                  onClick={() => {
                    setDraft(initial);
                    setRefusal(NO_REFUSAL);
                  }}
                >
                  {t(`${P}.reset`)}
                </Button>
              </Group>
              {draft.items.length > 0 && (
                <Button color="red" variant="light" onClick={() => void clearAll()} data-testid="menu-clear">
                  {t(`${P}.clearAll`)}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      </Grid.Col>
      {parent && (
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <StickPanel
            key={parent.idArticle}
            location={saved}
            parent={parent}
            items={draft.items}
            onDirty={setStickDirty}
            onClose={() => {
              setStickDirty(false);
              setStickParent(null);
            }}
            onSaved={async (loc) => {
              setStickDirty(false);
              await applySaved(loc);
            }}
          />
        </Grid.Col>
      )}
    </Grid>
  );
}

/**
 * The sticks of one menu article (02-catalogue §2, §5): articles added to an order with the parent,
 * each with a quantity of at least 1; a stick cannot be the parent or one already listed. Saving
 * replaces that parent's sticks at this location.
 */
function StickPanel({
  location,
  parent,
  items,
  onDirty,
  onClose,
  onSaved,
}: {
  location: MenuLocation;
  parent: Draft;
  items: Draft[];
  onDirty: (dirty: boolean) => void;
  onClose: () => void;
  onSaved: (loc: MenuLocation) => Promise<void>;
}) {
  const { t } = useTranslation();
  const initial = useMemo(
    () =>
      location.articlesStick
        .filter((s) => s.idArticle === parent.idArticle)
        .map((s) => ({ idArticleStick: s.idArticleStick, quantity: s.quantity as number | null })),
    [location, parent.idArticle],
  );
  const [rows, setRows] = useState(initial);
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const dirty = !sameItem(initial, rows);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const invalid = rows.some((r) => r.quantity === null || r.quantity < 1);
  const names = new Map(items.map((i) => [i.idArticle, i.nombre]));

  const save = useMutation({
    onMutate: () => setRefusal(NO_REFUSAL),
    mutationFn: (sent: typeof rows) =>
      saveSticks({
        idLocation: location.id,
        idArticleParent: parent.idArticle,
        articlesStick: sent.map((r) => ({ idArticleStick: r.idArticleStick, quantity: r.quantity ?? 0 })),
      }),
    onSuccess: onSaved,
    // A refusal with field errors (the parent or a stick no longer on the menu, a stick repeated…)
    // flags its rows; other failures open the generic dialog.
    onError: (e, sent) => {
      const fields = formFieldErrors(e);
      if (!fields) return;
      setRefusal(
        placeRefusal(fields, (f) => translateMessage(t, f.message) ?? f.text ?? f.message, {
          articlesStick: (n) => (sent[n] ? { row: sent[n].idArticleStick } : null),
        }),
      );
    },
  });

  const options = items
    .filter((i) => stickProblem(items, parent.idArticle, rows, i.idArticle) === null)
    .map((i) => ({ value: String(i.idArticle), label: i.nombre }));

  return (
    <Card withBorder padding="md" data-testid="stick-panel">
      <Stack>
        <Group justify="space-between" wrap="nowrap">
          <Title order={5}>{t(`${P}.sticksOf`, { name: parent.nombre })}</Title>
          <ActionIcon
            variant="subtle"
            aria-label={t('common.cancel')}
            onClick={async () => {
              if (dirty && !(await confirmExit())) return;
              onClose();
            }}
          >
            <IconX size={18} />
          </ActionIcon>
        </Group>
        <Text size="xs" c="dimmed">
          {t(`${P}.sticksHint`)}
        </Text>
        <Select
          label={t(`${P}.addStick`)}
          data={options}
          searchable
          value={null}
          nothingFoundMessage={t(`${P}.withoutResult`)}
          onChange={(v) => {
            const id = Number(v);
            const problem = stickProblem(items, parent.idArticle, rows, id);
            if (problem) return notifyError(t(`validation.${problem}`));
            setRows((list) => [...list, { idArticleStick: id, quantity: 1 }]);
          }}
          data-testid="stick-add"
        />
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t(`${P}.noSticks`)}
          </Text>
        )}
        {rows.map((r, n) => {
          const bad = r.quantity === null || r.quantity < 1;
          const refused = refusal.rows.get(r.idArticleStick);
          return (
            <Group
              key={r.idArticleStick}
              wrap="nowrap"
              align="flex-start"
              data-refused={refused ? true : undefined}
              data-testid={`stick-row-${r.idArticleStick}`}
            >
              <Stack gap={0} style={{ flex: 1 }} pt={6}>
                <Text size="sm">{names.get(r.idArticleStick) ?? `#${r.idArticleStick}`}</Text>
                <RowErrors lines={refused} />
              </Stack>
              <NumberInput
                w={100}
                size="xs"
                min={1}
                max={STICK_QUANTITY_MAX}
                allowDecimal={false}
                aria-label={t(`${P}.fields.quantity`)}
                value={r.quantity ?? ''}
                onChange={(v) =>
                  setRows((list) =>
                    list.map((x, j) => (j === n ? { ...x, quantity: v === '' ? null : Number(v) } : x)),
                  )
                }
                error={bad ? t('validation.min', { min: 1 }) : undefined}
                data-testid={`stick-quantity-${r.idArticleStick}`}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={2}
                aria-label={t('common.delete')}
                onClick={() => setRows((list) => list.filter((_, j) => j !== n))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        <RefusalSummary refusal={refusal} title={t(`${P}.sticksNotSaved`)} testId="stick-refused" />
        <Group>
          <Button
            onClick={() => save.mutate(rows)}
            loading={save.isPending}
            disabled={!dirty || invalid}
            data-testid="stick-save"
          >
            {t(`${P}.saveSticks`)}
          </Button>
          <Button
            variant="default"
            disabled={!dirty}
            onClick={() => {
              setRows(initial);
              setRefusal(NO_REFUSAL);
            }}
          >
            {t(`${P}.reset`)}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
