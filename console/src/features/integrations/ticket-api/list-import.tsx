import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ListCheck, TICKET_LIST_MAX_ROWS, type TicketListResult } from '@pulsera/contracts';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/dialogs';
import { ImportPreview, type PreviewRow } from '../../../components/import-preview';
import { translateMessage } from '../../../lib/i18n';
import {
  parseDelimited,
  readTableFile,
  TABLE_FILE_EXTENSIONS,
  type TableFile,
  type TableLine,
} from '../../../lib/table-file';
import { ticketApiKeys } from './api';

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/**
 * A list's rows from a table: with a header line naming the columns (any order; `headers` maps a
 * header's letters to a column), else the columns in the expected order.
 */
export function listRows<K extends string>(
  lines: TableLine[],
  columns: readonly K[],
  headers: Record<string, K>,
): ({ line: number } & Record<K, string>)[] {
  const first = lines[0]?.cells.map((c) => headers[norm(c)]);
  const hasHeader = !!first?.includes(columns[0]!);
  const order = hasHeader ? first! : [...columns];
  return (hasHeader ? lines.slice(1) : lines).map((l) => {
    const row = { line: l.line } as { line: number } & Record<K, string>;
    for (const c of columns) (row as Record<string, unknown>)[c] = '';
    order.forEach((col, i) => {
      if (col) (row as Record<string, unknown>)[col] = l.cells[i] ?? '';
    });
    return row;
  });
}

/**
 * The bulk side of the manual and converter screens: a list pasted or chosen as a CSV/TSV/XLSX file,
 * checked by the server row by row as it would apply it (preview), then applied; one bad row never
 * sinks the good ones, and the refused rows are shown with their reasons after applying too.
 */
export function ListImport<K extends string>({
  kind,
  columns,
  labels,
  headers,
  submit,
  check,
  onApplied,
}: {
  kind: 'manual' | 'converter';
  columns: readonly K[];
  labels: Record<K, string>;
  headers: Record<string, K>;
  submit: (rows: ({ line: number } & Record<K, string>)[], preview: boolean) => Promise<TicketListResult>;
  /** The rows' own checks (contracts), shown while the server's preview is on its way. */
  check: (rows: ({ line: number } & Record<K, string>)[]) => ListCheck<unknown>[];
  onApplied: () => unknown;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'paste' | 'file'>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [table, setTable] = useState<TableFile | null>(null);
  const [result, setResult] = useState<TicketListResult | null>(null);
  const [pasted] = useDebouncedValue(text, 400);

  useEffect(() => {
    let live = true;
    setTable(null);
    if (file)
      readTableFile(file)
        .then((r) => live && setTable(r))
        .catch(() => live && setTable({ ok: false, issue: 'unreadable' }));
    return () => {
      live = false;
    };
  }, [file]);

  const rows = useMemo(() => {
    if (mode === 'paste') return pasted.trim() ? listRows(parseDelimited(pasted), columns, headers) : [];
    return table?.ok ? listRows(table.lines, columns, headers) : [];
  }, [mode, pasted, table, columns, headers]);
  const tooMany = rows.length > TICKET_LIST_MAX_ROWS;

  const preview = useQuery({
    queryKey: [...ticketApiKeys.all, kind, 'preview', rows],
    queryFn: () => submit(rows, true),
    enabled: rows.length > 0 && !tooMany && !result,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const apply = useMutation({
    mutationFn: () => submit(rows, false),
    onSuccess: async (r) => {
      setResult(r);
      notifySuccess();
      await onApplied();
    },
  });

  const reasons = (list: TicketListResult['refused']) =>
    new Map(
      list.map((r) => [r.line, (r.fields ?? []).map((f) => `${labels[f.path as K] ?? f.path}: ${f.text}`)]),
    );
  const toPreview = (res: TicketListResult | undefined): PreviewRow[] => {
    const bad = reasons(res?.refused ?? []);
    return rows.map((r) => ({
      line: r.line,
      cells: Object.fromEntries(columns.map((c) => [c, r[c]])),
      errors: bad.get(r.line) ?? [],
    }));
  };
  // Until the server's preview of these very rows answers, the rows' own checks (same rules).
  const current = preview.data && !preview.isPlaceholderData;
  const previewRows = current
    ? toPreview(preview.data)
    : rows.map((r, i) => {
        const c = check(rows)[i]!;
        return {
          line: r.line,
          cells: Object.fromEntries(columns.map((k) => [k, r[k]])),
          errors: c.ok
            ? []
            : c.fields.map((f) => `${labels[f.path as K] ?? f.path}: ${translateMessage(t, f.message)}`),
        };
      });
  const good = current ? preview.data!.created + preview.data!.updated : 0;
  const columnList = columns.map((key) => ({ key, label: labels[key] }));
  const reset = () => {
    setResult(null);
    apply.reset();
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          value={mode}
          onChange={(v) => {
            reset();
            setMode(v as 'paste' | 'file');
          }}
          data={[
            { value: 'paste', label: t('ticketApi.list.paste') },
            { value: 'file', label: t('ticketApi.list.file') },
          ]}
          data-testid={`${kind}-list-mode`}
        />
        <Group gap={4}>
          <Text size="sm" fw={500}>
            {t('ticketApi.list.columns')}
          </Text>
          {columns.map((c, i) => (
            <Badge key={c} variant="light" radius="sm">{`${i + 1}. ${labels[c]}`}</Badge>
          ))}
        </Group>
      </Group>
      {mode === 'paste' ? (
        <Textarea
          label={t('ticketApi.list.pasteLabel')}
          description={t('ticketApi.list.pasteHint')}
          autosize
          minRows={4}
          maxRows={12}
          value={text}
          onChange={(e) => {
            reset();
            setText(e.currentTarget.value);
          }}
          styles={{ input: { fontFamily: 'monospace' } }}
          data-testid={`${kind}-list-text`}
        />
      ) : (
        <FileInput
          label={t('ticketApi.list.fileLabel')}
          description={t('registry.import.fileHint', { extensions: TABLE_FILE_EXTENSIONS.join(', ') })}
          placeholder={t('registry.import.choose')}
          accept={TABLE_FILE_EXTENSIONS.join(',')}
          leftSection={<IconFileText size={16} />}
          value={file}
          onChange={(f) => {
            reset();
            setFile(f);
          }}
          clearable
          data-testid={`${kind}-list-file`}
        />
      )}
      {mode === 'file' && table && !table.ok && (
        <Alert color="red">
          {t(`registry.import.issues.${table.issue}`, { extensions: TABLE_FILE_EXTENSIONS.join(', ') })}
        </Alert>
      )}
      {tooMany && (
        <Alert color="red">
          {t('registry.import.tooMany', { count: rows.length, max: TICKET_LIST_MAX_ROWS })}
        </Alert>
      )}
      {result ? (
        <Stack gap="xs" data-testid={`${kind}-list-result`}>
          <Alert color={result.refused.length ? 'yellow' : 'teal'}>
            {t('ticketApi.list.done', {
              created: result.created,
              updated: result.updated,
              unchanged: result.unchanged,
              refused: result.refused.length,
            })}
          </Alert>
          {result.refused.length > 0 && (
            <ImportPreview
              problemsOnly
              columns={columnList}
              rows={toPreview(result).filter((r) => r.errors.length)}
            />
          )}
        </Stack>
      ) : (
        rows.length > 0 &&
        !tooMany && (
          <>
            {current && (
              <Text size="sm" c="dimmed" data-testid={`${kind}-list-summary`}>
                {t('ticketApi.list.previewSummary', {
                  created: preview.data!.created,
                  updated: preview.data!.updated,
                  unchanged: preview.data!.unchanged,
                  refused: preview.data!.refused.length,
                })}
              </Text>
            )}
            <ImportPreview columns={columnList} rows={previewRows} />
            <Group>
              <Button
                leftSection={<IconUpload size={16} />}
                disabled={!current || good === 0 || preview.isFetching}
                loading={apply.isPending}
                onClick={() => apply.mutate()}
                data-testid={`${kind}-list-apply`}
              >
                {t('ticketApi.list.apply', { count: good })}
              </Button>
            </Group>
          </>
        )
      )}
    </Stack>
  );
}
