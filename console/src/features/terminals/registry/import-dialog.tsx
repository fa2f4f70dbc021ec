import { Alert, Badge, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import {
  checkDeviceImportRows,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX_ROWS,
  type DeviceImportColumn,
  type DeviceImportResult,
  type DeviceImportRowInput,
} from '@pulsera/contracts';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess, notifyWarning } from '../../../components/dialogs';
import { ImportPreview, type PreviewRow } from '../../../components/import-preview';
import { translateMessage } from '../../../lib/i18n';
import {
  readTableFile,
  TABLE_FILE_EXTENSIONS,
  type TableFile,
  type TableLine,
} from '../../../lib/table-file';
import { importDevices, registryKeys } from './api';

/** Header names (lower case, letters only) a file may use for each column. */
const HEADER_NAMES: Record<string, DeviceImportColumn> = {
  nserie: 'n_serie',
  serial: 'n_serie',
  serialnumber: 'n_serie',
  model: 'model',
  type: 'type',
  devicetype: 'type',
  description: 'description',
  owner: 'owner',
  notes: 'notes',
};
const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/**
 * The rows of a table file: with a header line naming the columns (in any order), else the columns in
 * the expected order (serial, model, type, description, owner, notes).
 */
export function importRows(lines: TableLine[]): DeviceImportRowInput[] {
  const first = lines[0]?.cells.map((c) => HEADER_NAMES[norm(c)]);
  const hasHeader = !!first?.includes('n_serie');
  const order = hasHeader ? first! : [...DEVICE_IMPORT_COLUMNS];
  return (hasHeader ? lines.slice(1) : lines).map((l) => {
    const row: DeviceImportRowInput = { line: l.line, n_serie: '' };
    order.forEach((col, i) => {
      if (col) row[col] = l.cells[i] ?? '';
    });
    return row;
  });
}

/** The bulk import of terminals: a CSV, TSV or XLSX file, previewed with each row's problems. */
export function DeviceImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [table, setTable] = useState<TableFile | null>(null);
  const [result, setResult] = useState<DeviceImportResult | null>(null);

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

  const rows = useMemo(() => (table?.ok ? importRows(table.lines) : []), [table]);
  const tooMany = rows.length > DEVICE_IMPORT_MAX_ROWS;
  // The server's own check of the file (nothing written): a serial already registered is named
  // in the preview, before the upload.
  const known = useQuery({
    queryKey: [...registryKeys.all, 'import-check', rows],
    queryFn: () => importDevices(rows, true),
    enabled: rows.length > 0 && !tooMany,
  });
  const preview: PreviewRow[] = useMemo(() => {
    const checks = checkDeviceImportRows(rows);
    const taken = new Map(
      (known.data?.refused ?? []).filter((r) => r.reason === 'serialTaken').map((r) => [r.line, r]),
    );
    return rows.map((r, i) => {
      const c = checks[i]!;
      const server = taken.get(r.line);
      return {
        line: r.line,
        cells: Object.fromEntries(DEVICE_IMPORT_COLUMNS.map((k) => [k, String(r[k] ?? '')])),
        errors: !c.ok
          ? c.fields.map((f) => `${t(`registry.fields.${f.path}`)}: ${translateMessage(t, f.message)}`)
          : server
            ? (server.fields ?? []).map((f) => `${t(`registry.fields.${f.path}`)}: ${f.text}`)
            : [],
      };
    });
  }, [rows, t, known.data]);
  const good = preview.filter((p) => !p.errors.length).length;

  // Each count in its own plural ("1 terminal registered, 2 rows refused").
  const summary = (r: { created: number; refused: unknown[] }) =>
    t('registry.import.done', {
      created: t('registry.import.allDone', { count: r.created }),
      refused: t('registry.import.refusedRows', { count: r.refused.length }),
    });
  const upload = useMutation({
    mutationFn: () => importDevices(rows),
    onSuccess: async (r) => {
      setResult(r);
      // A partial result is a warning with its counts, never a green success beside refusals.
      if (r.refused.length) notifyWarning(summary(r));
      else notifySuccess(t('registry.import.allDone', { count: r.created }));
      await qc.invalidateQueries({ queryKey: registryKeys.all });
    },
  });

  const close = () => {
    setFile(null);
    setResult(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('registry.import.title')} size="xl">
      <Stack>
        <FileInput
          label={t('registry.import.file')}
          description={t('registry.import.fileHint', { extensions: TABLE_FILE_EXTENSIONS.join(', ') })}
          placeholder={t('registry.import.choose')}
          accept={TABLE_FILE_EXTENSIONS.join(',')}
          leftSection={<IconFileText size={16} />}
          value={file}
          onChange={(f) => {
            setResult(null);
            setFile(f);
          }}
          clearable
          data-testid="registry-import-file"
        />
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {t('registry.import.columns')}
          </Text>
          {DEVICE_IMPORT_COLUMNS.map((c, i) => (
            <Badge key={c} variant="light" radius="sm">{`${i + 1}. ${t(`registry.fields.${c}`)}`}</Badge>
          ))}
        </Group>
        {table && !table.ok && (
          <Alert color="red" data-testid="registry-import-error">
            {t(`registry.import.issues.${table.issue}`, { extensions: TABLE_FILE_EXTENSIONS.join(', ') })}
          </Alert>
        )}
        {table?.ok && table.fallback && <Alert color="yellow">{t('registry.import.undecoded')}</Alert>}
        {tooMany && (
          <Alert color="red">
            {t('registry.import.tooMany', { count: rows.length, max: DEVICE_IMPORT_MAX_ROWS })}
          </Alert>
        )}
        {result ? (
          <Stack gap="xs" data-testid="registry-import-result">
            <Alert color={result.refused.length ? 'orange' : 'teal'} data-testid="registry-import-summary">
              {summary(result)}
            </Alert>
            {result.refused.length > 0 && (
              <ImportPreview
                problemsOnly
                columns={[{ key: 'n_serie', label: t('registry.fields.n_serie') }]}
                rows={result.refused.map((r) => ({
                  line: r.line,
                  cells: { n_serie: r.n_serie },
                  // Each field as the screen calls it, with the server's message in our language.
                  errors: (r.fields ?? []).map(
                    (f) => `${t(`registry.fields.${f.path}`, { defaultValue: f.path })}: ${f.text}`,
                  ),
                }))}
              />
            )}
          </Stack>
        ) : (
          rows.length > 0 &&
          !tooMany && (
            <>
              <ImportPreview
                columns={DEVICE_IMPORT_COLUMNS.map((key) => ({ key, label: t(`registry.fields.${key}`) }))}
                rows={preview}
              />
              <Group>
                <Button
                  leftSection={<IconUpload size={16} />}
                  disabled={good === 0 || known.isFetching}
                  loading={upload.isPending}
                  onClick={() => upload.mutate()}
                  data-testid="registry-import-upload"
                >
                  {t('registry.import.upload', { count: good })}
                </Button>
              </Group>
            </>
          )
        )}
      </Stack>
    </Modal>
  );
}
