import { ActionIcon, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ROUTES, TABLE_PAGE_SIZE } from '@pulsera/contracts';
import { IconHistory, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCan } from '../../lib/can';
import {
  cleanForSave,
  type FormFieldError,
  formFieldErrors,
  formResolver,
  type ServerFieldNames,
  sameItem,
} from '../../lib/form';
import { translateMessage } from '../../lib/i18n';
import { DataTable, type DataTableColumn } from '../data-table';
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
  /** Opens a loaded row instead (asking first about unsaved changes), e.g. the existing item a duplicate names. */
  open: (row: Row) => void;
}

export interface ResourceDefinition<Row, Values extends FieldValues, Extra = unknown> {
  /** i18n prefix: `<prefix>.title`, `<prefix>.fields.<name>`, `<prefix>.new`. */
  prefix: string;
  queryKey: readonly unknown[];
  /** The whole list (paged in the table). Needed unless `loadPage` pages it on the server. */
  load?: () => Promise<Row[] | ResourceLoad<Row, Extra>>;
  /**
   * Paging on the server (long lists): the table asks for each page and pages by the answer's total;
   * used instead of `load` while there is no search text.
   */
  loadPage?: (page: number, pageSize: number) => Promise<ResourcePage<Row>>;
  rowKey: (row: Row) => string | number;
  columns: ResourceColumn<Row, Extra>[];
  schema: z.ZodType<Values, FieldValues>;
  /** A new item; `rows` are the loaded rows (e.g. to number it). */
  empty: (rows: Row[], extra: Extra | undefined) => Values;
  toValues: (row: Row) => Values;
  save: (values: Values, row: Row | null) => Promise<unknown>;
  remove?: (row: Row) => Promise<unknown>;
  /** The question before a delete (default: the generic one); false = do not delete. */
  confirmRemove?: (row: Row) => Promise<boolean>;
  /** False, or a function of the loaded rows, hides New (e.g. flags: at most 16). */
  canCreate?: boolean | ((rows: Row[], extra: Extra | undefined) => boolean);
  Form: (props: ResourceFormProps<Row, Values, Extra>) => ReactNode;
  /** Keep the saved item selected after a save (refund rules); `rows` are the reloaded rows. */
  reselectAfterSave?: (saved: unknown, values: Values, rows: Row[]) => Row | null | undefined;
  /** The success notice of a save, when it says more than "done" (users: the invitation was e-mailed). */
  savedMessage?: (saved: unknown, values: Values, row: Row | null) => string | undefined;
  /** Client-side search over the loaded rows. */
  matches?: (row: Row, text: string) => boolean;
  /**
   * Search on the server instead of `matches`: the search box's text (debounced) goes to this call,
   * whose rows are listed (paged in the table) until the text is cleared.
   */
  search?: (text: string) => Promise<Row[]>;
  /** List width (of 12) while the detail is open. */
  listSpan?: number;
  /** After a save, prepare a fresh new item instead of closing the detail (rooms). */
  newAfterSave?: boolean;
  /** A delete button on each row of the list (with the same confirmation). */
  rowDelete?: boolean;
  /**
   * How the save call names the fields in its field errors (the body's wrapper, the server's names
   * that differ from the form's). A server field error whose field (first path segment) is a field of
   * the form lands on it; the form shows it there, on the field or on the list that holds it. One that
   * matches no field of the form shows in the detail's error line: no refusal goes unseen.
   */
  serverFields?: ServerFieldNames;
  /** Other queries a save or a delete makes stale (e.g. lists that offer these rows as choices). */
  invalidates?: (readonly unknown[])[];
  /**
   * A panel above the list (e.g. the articles' server-side search and pending new articles); `open`
   * selects a loaded row as a click on it would (asking first about unsaved changes).
   */
  aboveList?: (ctx: {
    rows: Row[];
    /** The rows the list shows under the search text. */
    shown: Row[];
    extra: Extra | undefined;
    open: (row: Row) => void;
  }) => ReactNode;
  /** Reload the list every this many milliseconds while the screen is shown (live lists). */
  refetchInterval?: number;
}

/**
 * Every form of an item links to its history in the audit trail (issue 13): the audit screen filtered
 * on this screen and the item's id. Shown to those who may open the audit screen.
 */
function HistoryButton({ id }: { id: string | number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = useCan('audit');
  if (!allowed) return null;
  return (
    <Button
      variant="subtle"
      leftSection={<IconHistory size={16} />}
      data-testid="resource-history"
      onClick={() =>
        navigate({
          to: `/admin/${ROUTES.audit.path}`,
          search: { screen: window.location.pathname, entityId: String(id) } as never,
        })
      }
    >
      {t('audit.history')}
    </Button>
  );
}

/** One page of a list paged on the server, with the total for the pager. */
export interface ResourcePage<Row> {
  rows: Row[];
  total: number;
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
  const [selection, setSelection] = useState<Selection<Row>>({ mode: 'none' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dirty, setDirty] = useState(false);
  // The server's search and paging, when the definition asks for them (keys under def.queryKey, so
  // a reload refreshes them all).
  const [searched] = useDebouncedValue(search.trim(), 300);
  const serverSearch = !!def.search && searched !== '';
  const serverPage = !!def.loadPage && !serverSearch;
  const list = useQuery({
    queryKey: serverSearch
      ? [...def.queryKey, 'search', searched]
      : serverPage
        ? [...def.queryKey, 'page', page]
        : def.queryKey,
    queryFn: (): Promise<Row[] | ResourceLoad<Row, Extra> | ResourcePage<Row>> =>
      serverSearch ? def.search!(searched) : serverPage ? def.loadPage!(page, TABLE_PAGE_SIZE) : def.load!(),
    placeholderData: def.search || def.loadPage || def.refetchInterval ? keepPreviousData : undefined,
    refetchInterval: def.refetchInterval,
  });

  const { all, extra, total } = useMemo(() => {
    const data = list.data;
    if (!data) return { all: [] as Row[], extra: undefined, total: undefined };
    if (Array.isArray(data)) return { all: data, extra: undefined, total: undefined };
    if ('total' in data) return { all: data.rows, extra: undefined, total: data.total };
    return { all: data.rows, extra: data.extra, total: undefined };
  }, [list.data]);
  const rows = useMemo(() => {
    const text = search.trim().toLowerCase();
    return text && def.matches && !def.search ? all.filter((r) => def.matches!(r, text)) : all;
  }, [all, search, def]);
  // A server page past the end (its last rows deleted): go back to the last page.
  useEffect(() => {
    if (serverPage && total !== undefined && page > 1 && (page - 1) * TABLE_PAGE_SIZE >= total)
      setPage(Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE)));
  }, [serverPage, total, page]);
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
            if (await (def.confirmRemove ?? confirmDelete)(row)) removeRow.mutate(row);
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
          {(def.matches || def.search) && (
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
      {def.aboveList?.({ rows: all, shown: rows, extra, open: (row) => void select({ mode: 'edit', row }) })}
      <Grid>
        <Grid.Col span={{ base: 12, md: open ? (def.listSpan ?? 7) : 12 }}>
          <DataTable<Row>
            withTableBorder
            borderRadius="sm"
            striped
            highlightOnHover
            minHeight={160}
            fetching={list.isFetching}
            records={total !== undefined ? rows : rows.slice(start, start + TABLE_PAGE_SIZE)}
            columns={columns}
            idAccessor={(r) => String(def.rowKey(r))}
            noRecordsText={t('common.noRecords')}
            loadingText={t('common.loading')}
            totalRecords={total ?? rows.length}
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
              onOpen={(r) => void select({ mode: 'edit', row: r })}
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
  onOpen,
  onDone,
  onSaved,
}: {
  def: ResourceDefinition<Row, Values, Extra>;
  row: Row | null;
  rows: Row[];
  extra: Extra | undefined;
  onDirty: (dirty: boolean) => void;
  onOpen: (row: Row) => void;
  /** `fresh`: open a new item (after a save, with `newAfterSave`). */
  onDone: (next: Row | null, fresh?: boolean) => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  // The initial item is fixed when the detail opens; a reload of the list does not reset the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rows and extra are read once on opening
  const initial = useMemo(() => (row ? def.toValues(row) : def.empty(rows, extra)), [row, def]);
  const form = useForm<Values>({
    resolver: formResolver<Values>(def.schema),
    defaultValues: initial as DefaultValues<Values>,
    mode: 'onTouched',
  });
  const current = useWatch({ control: form.control });
  const dirty = !sameItem(initial, current);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  useUnsavedChanges(dirty);
  /** A field's label when the screen has one (`<prefix>.fields.<name>`), else its path. */
  const fieldLabel = (path: string) => {
    const key = `${def.prefix}.fields.${path.split('.')[0]}`;
    return i18n.exists(key) ? t(key) : path;
  };
  /** Server field errors that match no field of the form. */
  const [unplaced, setUnplaced] = useState<FormFieldError[]>([]);
  const placeServerErrors = (e: unknown) => {
    const fields = formFieldErrors(e, def.serverFields);
    if (!fields) return;
    const values = form.getValues() as Record<string, unknown>;
    const rest: FormFieldError[] = [];
    for (const f of fields) {
      const head = f.path.split('.')[0]!;
      if (Object.hasOwn(values, head)) form.setError(f.path as never, { type: 'server', message: f.message });
      else rest.push(f);
    }
    setUnplaced(rest);
  };

  const save = useMutation({
    onMutate: () => setUnplaced([]),
    mutationFn: (values: Values) => def.save(cleanForSave(values), row),
    onSuccess: async (saved, values) => {
      notifySuccess(def.savedMessage?.(saved, values, row));
      await onSaved();
      const reloaded = qc.getQueryData<Row[] | ResourceLoad<Row, Extra>>(def.queryKey);
      const fresh = !reloaded ? [] : Array.isArray(reloaded) ? reloaded : reloaded.rows;
      const next = def.reselectAfterSave?.(saved, values, fresh) ?? null;
      onDone(next, !next && def.newAfterSave);
    },
    onError: placeServerErrors,
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
              <def.Form form={form} row={row} rows={rows} extra={extra} open={onOpen} />
              {unplaced.length > 0 && (
                <Stack gap={2} role="alert" data-testid="resource-errors">
                  {unplaced.map((f) => (
                    <Text key={`${f.path}|${f.message}`} c="red" size="sm">
                      {t('common.fieldError', {
                        field: fieldLabel(f.path),
                        message: translateMessage(t, f.message) ?? f.text ?? f.message,
                      })}
                    </Text>
                  ))}
                </Stack>
              )}
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
                {row && <HistoryButton id={def.rowKey(row)} />}
                {row && def.remove && (
                  <Button
                    color="red"
                    variant="light"
                    loading={remove.isPending}
                    onClick={async () => {
                      if (await (def.confirmRemove ?? confirmDelete)(row)) remove.mutate(row);
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
