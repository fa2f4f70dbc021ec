import { ActionIcon, Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ARTICLE_NAME_MAX, type Article, isNewArticle } from '@pulsera/contracts';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/dialogs';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { notifyError } from '../../../lib/error-dialogs';
import { articleKeys, createArticles, findArticles } from './api';
import { C } from './shared';

const P = `${C}.articles`;
/** 02-catalogue §9: typing debounced 250 ms. */
const TYPING_DEBOUNCE_MS = 250;

interface Pending {
  nombre: string;
  externalAnalyticsId: string;
}

/**
 * The articles' server-side search (02-catalogue §2): finds articles as the name is typed (at most 10,
 * "without result" when none) and opens the one chosen, or offers the typed name as a new article.
 * New names wait in the pending panel, each with an optional external-analytics id, until they are
 * created together. A name whose id or trimmed lower-cased name already exists is ignored (§4).
 */
export function ArticleSearch({ rows, open }: { rows: Article[]; open: (row: Article) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<Pending[]>([]);
  const [debounced] = useDebouncedValue(text.trim(), TYPING_DEBOUNCE_MS);
  useUnsavedChanges(pending.length > 0);

  const found = useQuery({
    queryKey: articleKeys.find(debounced),
    queryFn: ({ signal }) => findArticles(debounced, signal),
    enabled: debounced.length > 0,
  });

  const create = useMutation({
    mutationFn: () =>
      createArticles(
        pending.map((p) => ({
          nombre: p.nombre,
          externalAnalyticsId: p.externalAnalyticsId.trim() || null,
        })),
      ),
    onSuccess: async (result) => {
      setPending([]);
      notifySuccess(t(`${P}.created`, { count: result.created.length }));
      if (result.ignored.length) notifyError(t(`${P}.ignored`, { names: result.ignored.join(', ') }));
      await qc.invalidateQueries({ queryKey: articleKeys.all });
    },
  });

  const addAsNew = () => {
    const nombre = text.trim();
    if (!nombre) return;
    // Ignored when an article or a pending one already has this name (02-catalogue §4).
    if (!isNewArticle({ nombre }, [...rows, ...pending])) {
      notifyError(t(`${P}.alreadyExists`, { name: nombre }));
      return;
    }
    setPending((list) => [...list, { nombre, externalAnalyticsId: '' }]);
    setText('');
  };

  const results = debounced ? (found.data ?? []) : [];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t(`${P}.search`)}
            placeholder={t(`${P}.searchHint`)}
            leftSection={<IconSearch size={16} />}
            rightSection={found.isFetching ? <Loader size={14} /> : null}
            maxLength={ARTICLE_NAME_MAX}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addAsNew();
              }
            }}
            data-testid="article-search"
          />
          <Button
            leftSection={<IconPlus size={16} />}
            variant="light"
            disabled={!text.trim()}
            onClick={addAsNew}
            data-testid="article-add-new"
          >
            {t(`${P}.addAsNew`)}
          </Button>
        </Group>
        {debounced && !found.isFetching && found.isSuccess && results.length === 0 && (
          <Text size="sm" c="dimmed">
            {t(`${P}.withoutResult`)}
          </Text>
        )}
        {results.length > 0 && (
          <Group gap="xs">
            {results.map((a) => (
              <Button
                key={a.id}
                size="xs"
                variant="default"
                onClick={() => {
                  const row = rows.find((r) => r.id === a.id);
                  if (row) open(row);
                }}
              >
                {a.nombre}
              </Button>
            ))}
          </Group>
        )}
        {pending.length > 0 && (
          <Stack gap="xs" data-testid="article-pending">
            <Title order={5}>{t(`${P}.pending`)}</Title>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${P}.fields.nombre`)}</Table.Th>
                  <Table.Th>{t(`${P}.fields.externalAnalyticsId`)}</Table.Th>
                  <Table.Th w={50} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pending.map((p, i) => (
                  <Table.Tr key={p.nombre}>
                    <Table.Td>{p.nombre}</Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        maxLength={100}
                        aria-label={t(`${P}.fields.externalAnalyticsId`)}
                        value={p.externalAnalyticsId}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          setPending((list) =>
                            list.map((x, j) => (j === i ? { ...x, externalAnalyticsId: value } : x)),
                          );
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('common.delete')}
                        onClick={() => setPending((list) => list.filter((_, j) => j !== i))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group>
              <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="article-create">
                {t(`${P}.createPending`, { count: pending.length })}
              </Button>
              <Button variant="default" onClick={() => setPending([])}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
