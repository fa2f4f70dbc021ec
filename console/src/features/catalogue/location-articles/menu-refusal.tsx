/** A refused menu or stick save placed on its rows: the refusal, how it is placed and how it shows. */
import { Stack, Text } from '@mantine/core';
import type { FormFieldError } from '../../../lib/form';

/**
 * A refusal of the server, placed: the messages of each row (by article id) and those that belong to
 * no row. The menu and stick saves answer field errors on `articles.N…` / `articlesStick.N…`, N being
 * the index in the list sent.
 */
export interface Refusal {
  rows: Map<number, string[]>;
  general: string[];
}
export const NO_REFUSAL: Refusal = { rows: new Map(), general: [] };

/**
 * Places the field errors of a refused save: `lists` maps a list of the body (`articles`) to the article
 * id each of its items belongs to (null: none); `label` prefixes a message (e.g. the stick's name).
 */
export function placeRefusal(
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
export function RowErrors({ lines }: { lines: string[] | undefined }) {
  return (lines ?? []).map((l) => (
    <Text key={l} size="xs" c="red">
      {l}
    </Text>
  ));
}

/** Under a refused save: `title`, then the errors that name no row (the rows show their own). */
export function RefusalSummary({
  refusal,
  title,
  testId,
}: {
  refusal: Refusal;
  title: string;
  testId: string;
}) {
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
