import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Radio,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IMPORT_PREVIEW_ROWS, STAFF_IMPORT_COLUMNS, type StaffImportRow } from '@pulsera/contracts';
import { IconAlertTriangle, IconFileText, IconInfoCircle, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/dialogs';
import { ApiError } from '../../../lib/api';
import { type FormFieldError, formFieldErrors } from '../../../lib/form';
import { translateMessage } from '../../../lib/i18n';
import { importStaff, staffKeys } from './api';
import { ACCEPTED_EXTENSIONS, type ImportIssue, type ParseResult, readStaffImportFile } from './import-parse';

type Banner = { color: 'red' | 'yellow' | 'blue' | 'teal'; title: string; text: string } | null;

/** How many duplicated users a message names. */
const NAMED = 10;

/** The words of a file or row issue (row issues use the server's own texts). */
function describeIssue(t: TFunction, issue: ImportIssue): string {
  switch (issue.kind) {
    case 'extension':
      return t('staff.import.issues.extension', { extensions: ACCEPTED_EXTENSIONS.join(', ') });
    case 'empty':
      return t('staff.import.issues.empty');
    case 'noLineBreak':
      return t('staff.import.issues.noLineBreak');
    case 'tooManyColumns':
      return t('staff.import.issues.tooManyColumns', { found: issue.found, expected: issue.expected });
    case 'tooManyRows':
      return t('staff.import.issues.tooManyRows', { found: issue.found, max: issue.max });
    case 'missing':
      return t('errors.staffImportMissing', { column: issue.column, row: issue.row });
    case 'duplicated': {
      const named = issue.values.slice(0, NAMED).join(', ') + (issue.values.length > NAMED ? ', …' : '');
      return t('errors.staffDuplicated', { column: issue.column, count: issue.count, values: named });
    }
    case 'invalid':
      if (issue.reason === 'trusts') return t('errors.staffImportTrusts', { row: issue.row });
      if (issue.reason === 'intern') return t('errors.staffImportIntern', { row: issue.row });
      return t('errors.staffImportTooLong', { row: issue.row, column: issue.column, max: issue.max });
  }
}

function bannerOf(t: TFunction, parsed: ParseResult): Banner {
  if (!parsed.ok)
    return { color: 'red', title: t('staff.import.errorTitle'), text: describeIssue(t, parsed.issue) };
  if (parsed.fallback)
    return {
      color: 'yellow',
      title: t('staff.import.warningTitle'),
      text: t('staff.import.undecoded', { count: parsed.rows.length }),
    };
  return {
    color: 'blue',
    title: t('staff.import.infoTitle'),
    text: t('staff.import.ready', { count: parsed.rows.length, encoding: parsed.encoding.toUpperCase() }),
  };
}

/**
 * The first rows of the file, and every row the server refused (its message under the cell it
 * concerns: 1706 names each user that already exists, `staff.<row>.user`).
 */
function Preview({ rows, errors }: { rows: StaffImportRow[]; errors: Map<number, FormFieldError> }) {
  const { t } = useTranslation();
  const shown = rows.map((r, i) => ({ r, i })).filter(({ i }) => i < IMPORT_PREVIEW_ROWS || errors.has(i));
  const cell = (i: number, column: string, value: ReactNode) => {
    const e = errors.get(i);
    return (
      <Table.Td>
        {value}
        {e?.path.endsWith(`.${column}`) && (
          <Text size="xs" c="red" data-testid="import-row-error">
            {translateMessage(t, e.message) ?? e.text}
          </Text>
        )}
      </Table.Td>
    );
  };
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="import-count">
        {t('staff.import.previewCount', {
          shown: Math.min(rows.length, IMPORT_PREVIEW_ROWS),
          count: rows.length,
        })}
      </Text>
      <Table striped withTableBorder data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            {STAFF_IMPORT_COLUMNS.map((c) => (
              <Table.Th key={c}>{t(`staff.staff.fields.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map(({ r, i }) => (
            <Table.Tr key={r.user} bg={errors.has(i) ? 'var(--mantine-color-red-light)' : undefined}>
              <Table.Td>{i + 1}</Table.Td>
              {cell(i, 'user', r.user)}
              {cell(i, 'name', r.name)}
              <Table.Td>{r.trusts}</Table.Td>
              <Table.Td>{r.intern}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * admin/events/staffsImport (permission staff; 02-catalogue §2 Staff manual upload, §4, §5): choose
 * whether the file has headers, pick a .tsv or .txt file, see the expected columns, a banner and a
 * preview, and upload every row at once (all or none on the server).
 */
export default function StaffImportPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [headers, setHeaders] = useState<'yes' | 'no'>('yes');
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<ParseResult | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const [rowErrors, setRowErrors] = useState<Map<number, FormFieldError>>(new Map());
  // A new file (or header choice) starts without the previous upload's row errors.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the file or the header choice changes
  useEffect(() => setRowErrors(new Map()), [file, headers]);

  useEffect(() => {
    let live = true;
    if (!file) {
      setParsed(null);
      return;
    }
    readStaffImportFile(file, headers === 'yes')
      .then((result) => {
        if (!live) return;
        setParsed(result);
        setBanner(bannerOf(t, result));
      })
      .catch(() => {
        if (!live) return;
        setParsed(null);
        setBanner({ color: 'red', title: t('staff.import.errorTitle'), text: t('messages.errorReadFile') });
      });
    return () => {
      live = false;
    };
  }, [file, headers, t]);

  const upload = useMutation({
    mutationFn: (rows: StaffImportRow[]) => importStaff(rows),
    onSuccess: async (result) => {
      notifySuccess();
      setBanner({
        color: 'teal',
        title: t('staff.import.doneTitle'),
        text: t('staff.import.done', { count: result.inserted }),
      });
      setFile(null);
      await qc.invalidateQueries({ queryKey: staffKeys.all });
    },
    // The answer's error and description (02-catalogue §7: error 0 is a success).
    onError: (e) => {
      // Errors that name a row (`staff.<index>.<column>`) show on that row of the preview.
      const fields = formFieldErrors(e, 'staff.') ?? [];
      setRowErrors(new Map(fields.map((f) => [Number(f.path.split('.')[0]), f])));
      setBanner({
        color: 'red',
        title: t('staff.import.errorTitle'),
        text:
          e instanceof ApiError && !e.isNetwork
            ? t('staff.import.serverError', { code: e.code, description: e.description })
            : t('messages.errorUploadingFile'),
      });
    },
  });

  const rows = parsed?.ok ? parsed.rows : null;
  const icon =
    banner?.color === 'red' ? (
      <IconX size={18} />
    ) : banner?.color === 'yellow' ? (
      <IconAlertTriangle size={18} />
    ) : (
      <IconInfoCircle size={18} />
    );

  return (
    <Stack gap="md">
      <Title order={2}>{t('staff.import.title')}</Title>
      <Card withBorder padding="md">
        <Stack>
          <Radio.Group
            label={t('staff.import.hasHeaders')}
            value={headers}
            onChange={(v) => setHeaders(v === 'no' ? 'no' : 'yes')}
          >
            <Group mt={4}>
              <Radio value="yes" label={t('staff.import.yes')} data-testid="headers-yes" />
              <Radio value="no" label={t('staff.import.no')} data-testid="headers-no" />
            </Group>
          </Radio.Group>
          <FileInput
            label={t('staff.import.file')}
            description={t('staff.import.fileHint', { extensions: ACCEPTED_EXTENSIONS.join(', ') })}
            placeholder={t('staff.import.choose')}
            accept={ACCEPTED_EXTENSIONS.join(',')}
            leftSection={<IconFileText size={16} />}
            value={file}
            onChange={(f) => {
              setBanner(null);
              setFile(f);
            }}
            clearable
            data-testid="import-file"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('staff.import.columns')}
            </Text>
            <Group gap="xs">
              {STAFF_IMPORT_COLUMNS.map((c, i) => (
                <Badge key={c} variant="light" radius="sm">
                  {`${i + 1}. ${c}`}
                </Badge>
              ))}
            </Group>
            <Text size="xs" c="dimmed">
              {t('staff.import.columnsHint')}
            </Text>
          </Stack>
        </Stack>
      </Card>
      {banner && (
        <Alert color={banner.color} title={banner.title} icon={icon} data-testid="import-banner">
          {banner.text}
        </Alert>
      )}
      {rows && (
        <>
          <Preview rows={rows} errors={rowErrors} />
          <Group>
            <Button
              leftSection={<IconUpload size={16} />}
              loading={upload.isPending}
              onClick={() => upload.mutate(rows)}
              data-testid="import-upload"
            >
              {t('staff.import.uploadAll', { count: rows.length })}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
