import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Grid, Group, Stack, TextInput, Title } from '@mantine/core';
import { TABLE_PAGE_SIZE } from '@pulsera/contracts';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type Resolver,
  type UseFormReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors, cleanForSave, sameItem } from '../../lib/form';
import { confirmDelete, confirmExit, notifySuccess } from '../dialogs';
import { FieldPrefix } from '../form-fields';
import { useUnsavedChanges } from '../unsaved-changes';

export interface ResourceColumn<Row> {
  key: string;
  /** Defaults to `<prefix>.fields.<key>`. */
  label?: string;
  render?: (row: Row) => ReactNode;
  /** Hidden while the detail is open (the list narrows). */
  collapse?: boolean;
  width?: number | string;
  hidden?: boolean;
}

/**
 * A list + detail screen as a definition (ARCHITECTURE.md convention 3). The generic screen gives
 * selection, New / Save / Cancel / Delete, the delete confirmation, the success notice and reload,
 * unsaved-changes detection (initial vs current, ignoring create and update dates) and the form-save
 * helper. Screens fill the slots; they never fork this.
 */
export interface ResourceDefinition<Row, Values extends FieldValues> {
  /** i18n prefix: `<prefix>.title`, `<prefix>.fields.<name>`, `<prefix>.new`. */
  prefix: string;
  queryKey: readonly unknown[];
  load: () => Promise<Row[]>;
  rowKey: (row: Row) => string | number;
  columns: ResourceColumn<Row>[];
  schema: z.ZodType<Values, FieldValues>;
  empty: () => Values;
  toValues: (row: Row) => Values;
  save: (values: Values, row: Row | null) => Promise<unknown>;
  remove?: (row: Row) => Promise<unknown>;
  canCreate?: boolean;
  Form: (props: { form: UseFormReturn<Values>; row: Row | null }) => ReactNode;
  /** Keep the saved item selected after a save (refund rules). */
  reselectAfterSave?: (saved: unknown, values: Values) => Row | null | undefined;
  /** Client-side search over the loaded rows. */
  matches?: (row: Row, text: string) => boolean;
  /** List width (of 12) while the detail is open. */
  listSpan?: number;
}

type Selection<Row> = { mode: 'none' } | { mode: 'new' } | { mode: 'edit'; row: Row };

export function ResourceScreen<Row, Values extends FieldValues>({
  def,
}: {
  def: ResourceDefinition<Row, Values>;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: def.queryKey, queryFn: def.load });
  const [selection, setSelection] = useState<Selection<Row>>({ mode: 'none' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dirty, setDirty] = useState(false);

  const rows = useMemo(() => {
    const all = list.data ?? [];
    const text = search.trim().toLowerCase();
    return text && def.matches ? all.filter((r) => def.matches!(r, text)) : all;
  }, [list.data, search, def]);
  const open = selection.mode !== 'none';
  const selectedKey = selection.mode === 'edit' ? def.rowKey(selection.row) : null;

  /** Changing the selection with unsaved changes asks first. */
  const select = async (next: Selection<Row>) => {
    if (dirty && !(await confirmExit())) return;
    setDirty(false);
    setSelection(next);
  };

  const columns: DataTableColumn<Row>[] = def.columns
    .filter((c) => !c.hidden && !(open && c.collapse))
    .map((c) => ({
      accessor: c.key,
      title: c.label ?? t(`${def.prefix}.fields.${c.key}`),
      width: c.width,
      render: c.render ? (row: Row) => c.render!(row) : undefined,
    }));

  const start = (page - 1) * TABLE_PAGE_SIZE;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t(`${def.prefix}.title`)}</Title>
        <Group>
          {def.matches && (
            <TextInput
              leftSection={<IconSearch size={16} />}
              placeholder={t('common.search')}
              aria-label={t('common.search')}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
            />
          )}
          {def.canCreate !== false && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => void select({ mode: 'new' })}
              data-testid="resource-new"
            >
              {t('common.new')}
            </Button>
          )}
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: open ? (def.listSpan ?? 7) : 12 }}>
          <DataTable<Row>
            withTableBorder
            borderRadius="sm"
            striped
            highlightOnHover
            minHeight={160}
            fetching={list.isFetching}
            records={rows.slice(start, start + TABLE_PAGE_SIZE)}
            columns={columns}
            idAccessor={(r) => String(def.rowKey(r))}
            noRecordsText={t('common.noRecords')}
            loadingText={t('common.loading')}
            totalRecords={rows.length}
            recordsPerPage={TABLE_PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            onRowClick={({ record }) => void select({ mode: 'edit', row: record })}
            rowStyle={(r) =>
              selectedKey !== null && def.rowKey(r) === selectedKey
                ? { backgroundColor: 'var(--mantine-primary-color-light)' }
                : undefined
            }
          />
        </Grid.Col>
        {open && (
          <Grid.Col span={{ base: 12, md: 12 - (def.listSpan ?? 7) }}>
            <ResourceDetail
              key={selection.mode === 'edit' ? String(def.rowKey(selection.row)) : 'new'}
              def={def}
              row={selection.mode === 'edit' ? selection.row : null}
              onDirty={setDirty}
              onDone={(next) => {
                setDirty(false);
                setSelection(next ? { mode: 'edit', row: next } : { mode: 'none' });
              }}
              onSaved={() => qc.invalidateQueries({ queryKey: def.queryKey })}
            />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

function ResourceDetail<Row, Values extends FieldValues>({
  def,
  row,
  onDirty,
  onDone,
  onSaved,
}: {
  def: ResourceDefinition<Row, Values>;
  row: Row | null;
  onDirty: (dirty: boolean) => void;
  onDone: (next: Row | null) => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const initial = useMemo(() => (row ? def.toValues(row) : def.empty()), [row, def]);
  const form = useForm<Values>({
    resolver: zodResolver(def.schema as never) as unknown as Resolver<Values>,
    defaultValues: initial as DefaultValues<Values>,
    mode: 'onTouched',
  });
  const current = useWatch({ control: form.control });
  const dirty = !sameItem(initial, current);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  useUnsavedChanges(dirty);

  const save = useMutation({
    mutationFn: (values: Values) => def.save(cleanForSave(values), row),
    onSuccess: async (saved, values) => {
      notifySuccess();
      await onSaved();
      onDone(def.reselectAfterSave?.(saved, values) ?? null);
    },
    onError: (e) => applyServerErrors(e, form.setError),
  });
  const remove = useMutation({
    mutationFn: (r: Row) => def.remove!(r),
    onSuccess: async () => {
      notifySuccess();
      await onSaved();
      onDone(null);
    },
  });

  return (
    <Card withBorder padding="md" data-testid="resource-detail">
      <FormProvider {...form}>
        <FieldPrefix.Provider value={def.prefix}>
          <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
            <Stack>
              <Title order={4}>{row ? t('common.edit') : t(`${def.prefix}.new`)}</Title>
              <def.Form form={form} row={row} />
              <Group justify="space-between" mt="sm">
                <Group>
                  <Button
                    type="submit"
                    loading={save.isPending}
                    disabled={!dirty}
                    data-testid="resource-save"
                  >
                    {t('common.save')}
                  </Button>
                  <Button
                    variant="default"
                    onClick={async () => {
                      if (dirty && !(await confirmExit())) return;
                      onDone(null);
                    }}
                  >
                    {t('common.cancel')}
                  </Button>
                </Group>
                {row && def.remove && (
                  <Button
                    color="red"
                    variant="light"
                    loading={remove.isPending}
                    onClick={async () => {
                      if (await confirmDelete()) remove.mutate(row);
                    }}
                  >
                    {t('common.delete')}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        </FieldPrefix.Provider>
      </FormProvider>
    </Card>
  );
}
