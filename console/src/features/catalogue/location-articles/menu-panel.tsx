/**
 * The menu of the selected location: add an article or import another location's menu, the menu table,
 * save, reset and clear all; the sticks panel of the article chosen beside it.
 */
import { ActionIcon, Button, Card, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  addToMenu,
  importMenu,
  type MenuArticleOption,
  type MenuLocation,
  pruneSticks,
  removedMenuItems,
  stickCounts,
} from '@pulsera/contracts';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, confirmExit, notifySuccess } from '../../../components/dialogs';
import { notifyError } from '../../../lib/error-dialogs';
import { formFieldErrors, sameItem } from '../../../lib/form';
import { translateMessage } from '../../../lib/i18n';
import { useMoney } from '../../../lib/money';
import { saveMenu } from '../articles/api';
import {
  byOrder,
  type Draft,
  type DraftStick,
  fromLocation,
  type MenuDraft,
  P,
  priceInvalid,
} from './menu-draft';
import { NO_REFUSAL, placeRefusal, type Refusal, RefusalSummary } from './menu-refusal';
import { MenuTable } from './menu-table';
import { StickPanel } from './stick-panel';

export function MenuPanel({
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
  const editSticks = async (idArticle: number) => {
    if (stickParent === idArticle) return;
    if (stickDirty && !(await confirmExit())) return;
    setStickDirty(false);
    setStickParent(idArticle);
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
    notifySuccess(
      t(`${P}.imported`, {
        articles: t(`${P}.importedArticles`, { count: out.addedArticles }),
        sticks: t(`${P}.importedSticks`, { count: out.addedSticks }),
      }),
    );
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
            <MenuTable
              items={items}
              counts={counts}
              money={money}
              tried={tried}
              menuDirty={menuDirty}
              refusal={refusal}
              stickParent={stickParent}
              onMove={move}
              onUpdate={update}
              onRemove={remove}
              onEditSticks={editSticks}
            />
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
