import {
  ActionIcon,
  Button,
  Group,
  type MantineSpacing,
  Select,
  type SelectProps,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The list being edited: a react-hook-form `useFieldArray` (or the same three members over a plain array). */
export type ChildList<E> = {
  fields: readonly { id: string }[];
  append: (entry: E) => void;
  remove: (index: number) => void;
};

/** A column of the added entries: its head and the cell of entry `index` (`item` is its current value). */
export type ChildColumn<E> = {
  head: string;
  width?: number;
  cell: (item: E | undefined, index: number) => ReactNode;
};

/** A field error under a cell. */
export const ErrorText = ({ text }: { text: string | undefined }) =>
  text ? (
    <Text size="xs" c="red">
      {text}
    </Text>
  ) : null;

/**
 * A child list edited inside a form (02-catalogue §4): a row of pickers and an Add button, then a table
 * of the entries with a delete button each. An entry whose `keyOf` is in the list already is not added;
 * a yellow notice says so (`repeatedMessage`, `validation.configAlreadyInserted` unless told).
 */
export function ChildListEditor<E>({
  title,
  pickers,
  entry,
  onAdded,
  keyOf,
  list,
  items,
  columns,
  addLabel,
  emptyText,
  repeatedMessage,
  addTestId,
  tableTestId,
  gap = 'xs',
}: {
  title?: string;
  /** The pickers the entry is built from (their state is the caller's). */
  pickers: ReactNode;
  /** The entry the pickers make, or null while incomplete (Add is disabled then). */
  entry: E | null;
  /** Clears the pickers once the entry is added. */
  onAdded: () => void;
  /** What makes two entries the same one. */
  keyOf: (e: E) => string | number;
  list: ChildList<E>;
  /** The current values of the list (watched). */
  items: readonly (E | undefined)[];
  columns: ChildColumn<E>[];
  addLabel: string;
  emptyText: string;
  repeatedMessage?: string;
  addTestId: string;
  /** The table's test id; the "nothing added" line gets `${tableTestId}-empty`. */
  tableTestId?: string;
  gap?: MantineSpacing;
}) {
  const { t } = useTranslation();
  const add = () => {
    if (entry === null) return;
    const key = keyOf(entry);
    if (items.some((x) => x !== undefined && keyOf(x) === key)) {
      notifications.show({
        color: 'yellow',
        message: repeatedMessage ?? t('validation.configAlreadyInserted'),
        autoClose: 4000,
      });
      return;
    }
    list.append(entry);
    onAdded();
  };
  return (
    <Stack gap={gap}>
      {title && (
        <Text size="sm" fw={500}>
          {title}
        </Text>
      )}
      <Group align="flex-end">
        {pickers}
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={entry === null}
          onClick={add}
          data-testid={addTestId}
        >
          {addLabel}
        </Button>
      </Group>
      {list.fields.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={tableTestId && `${tableTestId}-empty`}>
          {emptyText}
        </Text>
      ) : (
        <Table withTableBorder data-testid={tableTestId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.head} w={c.width}>
                  {c.head}
                </Table.Th>
              ))}
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.fields.map((f, i) => (
              <Table.Tr key={f.id}>
                {columns.map((c) => (
                  <Table.Td key={c.head}>{c.cell(items[i], i)}</Table.Td>
                ))}
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
    </Stack>
  );
}

/** A plain list of ids (a `useController` value) as a ChildList: one row per id. */
export function idList(value: readonly number[], onChange: (ids: number[]) => void): ChildList<number> {
  return {
    fields: value.map((id) => ({ id: String(id) })),
    append: (id) => onChange([...value, id]),
    remove: (index) => onChange(value.filter((x) => x !== value[index])),
  };
}

/** A picker of the row: a searchable, clearable select. */
export const PickerSelect = (props: SelectProps) => <Select searchable clearable {...props} />;
