/** The location menu's table: each item's order, image, name, price, visible and manual, and its sticks. */
import { ActionIcon, Badge, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import type { stickCounts } from '@pulsera/contracts';
import { IconArrowDown, IconArrowUp, IconListDetails, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/form-fields';
import type { Money } from '../../../lib/money';
import { Thumb } from '../articles/shared';
import { type Draft, P, priceInvalid } from './menu-draft';
import { type Refusal, RowErrors } from './menu-refusal';

export function MenuTable({
  items,
  counts,
  money,
  tried,
  menuDirty,
  refusal,
  stickParent,
  onMove,
  onUpdate,
  onRemove,
  onEditSticks,
}: {
  /** The draft's items in their order. */
  items: Draft[];
  counts: ReturnType<typeof stickCounts>;
  money: Money;
  tried: boolean;
  menuDirty: boolean;
  refusal: Refusal;
  stickParent: number | null;
  onMove: (index: number, step: -1 | 1) => void;
  onUpdate: (idArticle: number, patch: Partial<Draft>) => void;
  onRemove: (idArticle: number) => void;
  onEditSticks: (idArticle: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  // Beside the stick panel the columns need more room than the card: the table scrolls.
  return (
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
                      onClick={() => onMove(n, -1)}
                    >
                      <IconArrowUp size={14} />
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      disabled={n === items.length - 1}
                      aria-label={t(`${P}.down`)}
                      onClick={() => onMove(n, 1)}
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
                    onChange={(precio) => onUpdate(i.idArticle, { precio })}
                    error={bad ? t('validation.required') : undefined}
                    data-testid={`menu-price-${i.idArticle}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t(`${P}.fields.visible`)}
                    checked={i.visible === 1}
                    onChange={(e) => onUpdate(i.idArticle, { visible: e.currentTarget.checked ? 1 : 0 })}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t(`${P}.fields.isManual`)}
                    checked={i.isManual === 1}
                    onChange={(e) => onUpdate(i.idArticle, { isManual: e.currentTarget.checked ? 1 : 0 })}
                  />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t(`${P}.saveMenuFirst`)} disabled={canEditSticks}>
                    <ActionIcon
                      variant="light"
                      disabled={!canEditSticks}
                      aria-label={t(`${P}.editSticks`)}
                      onClick={() => onEditSticks(i.idArticle)}
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
                    onClick={() => onRemove(i.idArticle)}
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
  );
}
