import { Badge, Stack, Table, Text } from '@mantine/core';
import { IMPORT_PREVIEW_ROWS } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';

/** A row of an import as the preview shows it: its line in the file, its cells, its problems. */
export interface PreviewRow {
  line: number;
  cells: Record<string, string>;
  /** Translated problems; none = the row will be imported. */
  errors: string[];
}

/**
 * The preview of an import checked row by row (one bad row never sinks the good ones): the first
 * rows of the file (01-console §9: 10), each with its status, then every row with a problem, by line.
 */
export function ImportPreview({
  columns,
  rows,
  problemsOnly,
}: {
  /** Column key and its label. */
  columns: { key: string; label: string }[];
  rows: PreviewRow[];
  /** Only the table of the rows with a problem (an import's refusals: each row listed once). */
  problemsOnly?: boolean;
}) {
  const { t } = useTranslation();
  const bad = rows.filter((r) => r.errors.length);
  const head = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th>{t('importPreview.line')}</Table.Th>
        {columns.map((c) => (
          <Table.Th key={c.key}>{c.label}</Table.Th>
        ))}
        <Table.Th>{t('importPreview.status')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
  const body = (list: PreviewRow[]) => (
    <Table.Tbody>
      {list.map((r) => (
        <Table.Tr key={r.line} data-testid={`import-row-${r.line}`}>
          <Table.Td>{r.line}</Table.Td>
          {columns.map((c) => (
            <Table.Td key={c.key}>{r.cells[c.key]}</Table.Td>
          ))}
          <Table.Td>
            {r.errors.length ? (
              <Text size="sm" c="red">
                {r.errors.join('; ')}
              </Text>
            ) : (
              <Badge color="teal" variant="light">
                {t('importPreview.ok')}
              </Badge>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
  return (
    <Stack gap="xs">
      {!problemsOnly && (
        <>
          <Text size="sm" c="dimmed" data-testid="import-count">
            {t('importPreview.summary', {
              rows: t('importPreview.rows', { count: rows.length }),
              good: t('importPreview.good', { count: rows.length - bad.length }),
              bad: t('importPreview.bad', { count: bad.length }),
              shown: t('importPreview.shown', { count: Math.min(rows.length, IMPORT_PREVIEW_ROWS) }),
            })}
          </Text>
          <Table.ScrollContainer minWidth={600}>
            <Table striped withTableBorder data-testid="import-preview">
              {head}
              {body(rows.slice(0, IMPORT_PREVIEW_ROWS))}
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {bad.length > 0 && (
        <>
          <Text size="sm" fw={500}>
            {t('importPreview.problems', { count: bad.length })}
          </Text>
          <Table.ScrollContainer minWidth={600}>
            <Table withTableBorder data-testid="import-problems">
              {head}
              {body(bad)}
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
