import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Card, Grid, Group, Stack, TextInput, Title } from '@mantine/core';
import { TABLE_PAGE_SIZE } from '@pulsera/contracts';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
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

export interface ResourceColumn<Row, Extra = unknown> {
  key: string;
  /** Defaults to `<prefix>.fields.<key>`. */
  label?: string;
  /** `extra` is what the list call answered beside the rows (see `ResourceLoad`). */
  render?: (row: Row, extra: Extra | undefined) => ReactNode;
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
/**
 * A list call that answers more than the rows (e.g. GET /locations: the locations and the gates to
 * choose from): `extra` reaches the columns and the form.
 */
export interface ResourceLoad<Row, Extra> {
  rows: Row[];
  extra: Extra;
}

export interface ResourceFormProps<Row, Values extends FieldValues, Extra = unknown> {
  form: UseFormReturn<Values>;
  row: Row | null;
  /** Every loaded row (e.g. the parent choices of a tree). */
  rows: Row[];
  extra: Extra | undefined;
}

export interface ResourceDefinition<Row, Values extends FieldValues, Extra = unknown> {
  /** i18n prefix: `<prefix>.title`, `<prefix>.fields.<name>`, `<prefix>.new`. */
  prefix: string;
  queryKey: readonly unknown[];
  load: () => Promise<Row[] | ResourceLoad<Row, Extra>>;
  rowKey: (row: Row) => string | number;
  columns: ResourceColumn<Row, Extra>[];
  schema: z.ZodType<Values, FieldValues>;
  /** A new item; `rows` are the loaded rows (e.g. to number it). */
  empty: (rows: Row[], extra: Extra | undefined) => Values;
  toValues: (row: Row) => Values;
  save: (values: Values, row: Row | null) => Promise<unknown>;
  remove?: (row: Row) => Promise<unknown>;
  /** False, or a function of the loaded rows, hides New (e.g. flags: at most 16). */
  canCreate?: boolean | ((rows: Row[], extra: Extra | undefined) => boolean);
  Form: (props: ResourceFormProps<Row, Values, Extra>) => ReactNode;
  /** Keep the saved item selected after a save (refund rules); `rows` are the reloaded rows. */
  reselectAfterSave?: (saved: unknown, values: Values, rows: Row[]) => Row | null | undefined;
  /** Client-side search over the loaded rows. */
  matches?: (row: Row, text: string) => boolean;
  /** List width (of 12) while the detail is open. */
  listSpan?: number;
  /** After a save, prepare a fresh new item instead of closing the detail (rooms). */
  newAfterSave?: boolean;
  /** A delete button on each row of the list (with the same confirmation). */
  rowDelete?: boolean;
  /** Other queries a save or a delete makes stale (e.g. lists that offer these rows as choices). */
  invalidates?: (readonly unknown[])[];
  /**
   * A panel above the list (e.g. the articles' server-side search and pending new articles); `open`
   * selects a loaded row as a click on it would (asking first about unsaved changes).
   */
  aboveList?: (ctx: { rows: Row[]; extra: Extra | undefined; open: (row: Row) => void }) => ReactNode;
}

/** A new item carries a counter so that a fresh one (after a save) remounts the form. */
type Selection<Row> = { mode: 'none' } | { mode: 'new'; n: number } | { mode: 'edit'; row: Row };

export function ResourceScreen<Row, Values extends FieldValues, Extra = unknown>({
  def,
}: {
  def: ResourceDefinition<Row, Values, Extra>;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: def.queryKey, queryFn: def.load });
  const [selection, setSelection] = useState<Selection<Row>>({ mode: 'none' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dirty, setDirty] = useState(false);

  const { all, extra } = useMemo(() => {
    const data = list.data;
    if (!data) return { all: [] as Row[], extra: undefined };
    return Array.isArray(data) ? { all: data, extra: undefined } : { all: data.rows, extra: data.extra };
  }, [list.data]);
  const rows = useMemo(() => {
    const text = search.trim().toLowerCase();
    return text && def.matches ? all.filter((r) => def.matches!(r, text)) : all;
  }, [all, search, def]);
  const reload = () =>
    Promise.all(
      [def.queryKey, ...(def.invalidates ?? [])].map((queryKey) => qc.invalidateQueries({ queryKey })),
    );
  const removeRow = useMutation({
    mutationFn: (r: Row) => def.remove!(r),
    onSuccess: async (_, r) => {
      notifySuccess();
      await reload();
      if (selection.mode === 'edit' && def.rowKey(selection.row) === def.rowKey(r)) {
        setDirty(false);
        setSelection({ mode: 'none' });
      }
    },
  });
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
      render: c.render ? (row: Row) => c.render!(row, extra) : undefined,
    }));
  if (def.rowDelete && def.remove) {
    columns.push({
      accessor: '__delete',
      title: '',
      width: 56,
      textAlign: 'right',
      render: (row: Row) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('common.delete')}
          data-testid="resource-row-delete"
          loading={removeRow.isPending && removeRow.variables === row}
          onClick={async (e) => {
            e.stopPropagation();
            if (await confirmDelete()) removeRow.mutate(row);
          }}
        >
          <IconTrash size={16} />
        </ActionIcon>
      ),
    });
  }

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
          {(typeof def.canCreate === 'function' ? def.canCreate(all, extra) : def.canCreate !== false) && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => void select({ mode: 'new', n: Date.now() })}
              data-testid="resource-new"
            >
              {t('common.new')}
            </Button>
          )}
        </Group>
      </Group>
      {def.aboveList?.({ rows: all, extra, open: (row) => void select({ mode: 'edit', row }) })}
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
              key={selection.mode === 'edit' ? `edit-${def.rowKey(selection.row)}` : `new-${selection.n}`}
              def={def}
              row={selection.mode === 'edit' ? selection.row : null}
              rows={all}
              extra={extra}
              onDirty={setDirty}
              onDone={(next, fresh) => {
                setDirty(false);
                if (next) setSelection({ mode: 'edit', row: next });
                else if (fresh) setSelection({ mode: 'new', n: Date.now() });
                else setSelection({ mode: 'none' });
              }}
              onSaved={reload}
            />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

function ResourceDetail<Row, Values extends FieldValues, Extra>({
  def,
  row,
  rows,
  extra,
  onDirty,
  onDone,
  onSaved,
}: {
  def: ResourceDefinition<Row, Values, Extra>;
  row: Row | null;
  rows: Row[];
  extra: Extra | undefined;
  onDirty: (dirty: boolean) => void;
  /** `fresh`: open a new item (after a save, with `newAfterSave`). */
  onDone: (next: Row | null, fresh?: boolean) => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // The initial item is fixed when the detail opens; a reload of the list does not reset the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows and extra are read once on opening
  const initial = useMemo(() => (row ? def.toValues(row) : def.empty(rows, extra)), [row, def]);
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
      const reloaded = qc.getQueryData<Row[] | ResourceLoad<Row, Extra>>(def.queryKey);
      const fresh = !reloaded ? [] : Array.isArray(reloaded) ? reloaded : reloaded.rows;
      const next = def.reselectAfterSave?.(saved, values, fresh) ?? null;
      onDone(next, !next && def.newAfterSave);
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
              <def.Form form={form} row={row} rows={rows} extra={extra} />
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
