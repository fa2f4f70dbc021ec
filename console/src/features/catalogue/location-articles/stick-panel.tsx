/** The sticks panel of the location menu: the articles added to an order with one menu article. */
import { ActionIcon, Button, Card, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { type MenuLocation, STICK_QUANTITY_MAX, stickProblem } from '@pulsera/contracts';
import { IconTrash, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmExit } from '../../../components/dialogs';
import { notifyError } from '../../../lib/error-dialogs';
import { formFieldErrors, sameItem } from '../../../lib/form';
import { translateMessage } from '../../../lib/i18n';
import { saveSticks } from '../articles/api';
import { type Draft, P } from './menu-draft';
import { NO_REFUSAL, placeRefusal, type Refusal, RefusalSummary, RowErrors } from './menu-refusal';

/**
 * The sticks of one menu article (02-catalogue §2, §5): articles added to an order with the parent,
 * each with a quantity of at least 1; a stick cannot be the parent or one already listed. Saving
 * replaces that parent's sticks at this location.
 */
export function StickPanel({
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
