import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  EVENT_LIST_STATES,
  EVENT_PAGE_SIZE,
  type EventListItem,
  isAdminUser,
  statusOfEvent,
} from '@pulsera/contracts';
import { IconDownload, IconLock, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { confirm, notifySuccess } from '../../../components/dialogs';
import { EventStatusBadge } from '../../../components/event-status-badge';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { firstScreenPath } from '../../../lib/screen-paths';
import { session, useSession } from '../../../lib/session';
import { downloadXlsx } from '../../../lib/xlsx';
import { closeEvent, createEvent, eventKeys, listEvents, selectEvent } from './api';
import type { ChooserSearch } from './chooser-search';

/** The chooser's lists (01-console §2, §4), a closed event in the closed one. */
export const STATES = EVENT_LIST_STATES;

/** admin/choose-event/{state} (01-console §2 Event chooser). */
export function ChooseEventPage({ state, search }: { state: string; search: ChooserSearch }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const s = useSession();
  const admin = s.user ? isAdminUser(s.user) : false;
  const superAdmin = !!(s.user?.isSuperAdmin || s.user?.isMegaAdmin);
  const [name, setName] = useState(search.eventName ?? '');
  // The search filters as you type, debounced like every other list (the resource screens: 300 ms).
  const [typed] = useDebouncedValue(name.trim(), 300);
  const [creating, setCreating] = useState(false);
  const page = search.page ?? 1;
  const q = { state, page, eventName: search.eventName || undefined };
  const list = useQuery({
    queryKey: eventKeys.list(q),
    queryFn: () => listEvents(state, { page, paginationLimit: EVENT_PAGE_SIZE, eventName: q.eventName }),
  });

  const setSearch = (next: Partial<ChooserSearch>) =>
    navigate({ to: '/admin/choose-event/$state', params: { state }, search: { ...search, ...next } });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new typed text moves the URL
  useEffect(() => {
    if (typed !== (search.eventName ?? '')) void setSearch({ eventName: typed || undefined, page: 1 });
  }, [typed]);

  const open = useMutation({
    mutationFn: (row: EventListItem) => selectEvent(row.id, admin),
    onSuccess: () => navigate({ to: firstScreenPath(session.get()) }),
  });
  const close = useMutation({
    mutationFn: (row: EventListItem) => closeEvent(row.id),
    onSuccess: async (_, row) => {
      if (session.get().event?.id === row.id) session.clearEvent();
      notifySuccess(t('events.eventClosed'));
      await qc.invalidateQueries({ queryKey: eventKeys.all });
      await setSearch({ page: 1 });
    },
  });

  const columns: DataTableColumn<EventListItem>[] = [
    ...(admin ? [{ accessor: 'id', title: t('events.fields.id'), width: 70 }] : []),
    {
      accessor: 'nombre',
      title: t('events.fields.nombre'),
      render: (r) => (
        <Group gap="xs">
          {r.nombre}
          <EventStatusBadge event={r} size="xs" data-testid={`event-status-${r.id}`} />
        </Group>
      ),
    },
    {
      accessor: 'f_inicio',
      title: t('events.fields.f_inicio'),
      render: (r) => formatDateTime(r.f_inicio, r.zona_horaria),
    },
    {
      accessor: 'f_fin',
      title: t('events.fields.f_fin'),
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (r) => formatDateTime(r.f_fin, r.zona_horaria),
    },
    {
      accessor: 'onlineServicesUrl',
      title: t('events.fields.onlineServicesUrl'),
      render: (r) =>
        r.onlineServicesUrl ? (
          <Anchor href={r.onlineServicesUrl} target="_blank" onClick={(e) => e.stopPropagation()}>
            {r.onlineServicesUrl}
          </Anchor>
        ) : null,
    },
    ...(superAdmin
      ? [
          {
            accessor: 'actions',
            title: '',
            width: 60,
            render: (r: EventListItem) =>
              r.isClosed ? null : (
                <Tooltip label={t('events.close')}>
                  <ActionIcon
                    color="red"
                    variant="subtle"
                    aria-label={t('events.close')}
                    data-testid={`close-event-${r.id}`}
                    onClick={async (e) => {
                      e.stopPropagation();
                      const yes = await confirm({
                        title: t('events.doYouWantCloseEvent'),
                        text: r.nombre,
                        confirm: t('events.yesDeactivate'),
                        cancel: t('dialogs.back'),
                        danger: true,
                      });
                      if (yes) close.mutate(r);
                    }}
                  >
                    <IconLock size={16} />
                  </ActionIcon>
                </Tooltip>
              ),
          },
        ]
      : []),
  ];

  const download = async () => {
    const all = await listEvents(state, {
      page: 1,
      paginationLimit: EVENT_PAGE_SIZE,
      eventName: q.eventName,
      disablePagination: true,
    });
    await downloadXlsx<EventListItem>({
      fileName: `events-${state}`,
      title: t('events.chooserTitle'),
      info: [
        [
          t('events.state'),
          t(`events.states.${(STATES as readonly string[]).includes(state) ? state : 'all'}`),
        ],
        [t('events.fields.nombre'), q.eventName ?? ''],
        [t('common.date'), formatDateTime(new Date().toISOString())],
      ],
      columns: [
        ...(admin ? [{ header: t('events.fields.id'), value: (r: EventListItem) => r.id }] : []),
        { header: t('events.fields.nombre'), value: (r) => r.nombre, width: 32 },
        {
          header: t('events.fields.f_inicio'),
          value: (r) => r.f_inicio,
          type: 'date',
          timezone: (r) => r.zona_horaria,
          width: 22,
        },
        {
          header: t('events.fields.f_fin'),
          value: (r) => r.f_fin,
          type: 'date',
          timezone: (r) => r.zona_horaria,
          width: 22,
        },
        { header: t('events.fields.status'), value: (r) => t(`events.status.${statusOfEvent(r)}`) },
        { header: t('events.fields.onlineServicesUrl'), value: (r) => r.onlineServicesUrl, width: 40 },
      ],
      rows: all.events,
    });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('events.chooserTitle')}</Title>
        <Group>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void download()}
            data-testid="events-download"
          >
            {t('common.download')}
          </Button>
          {admin && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setCreating(true)}
              data-testid="event-new"
            >
              {t('events.new')}
            </Button>
          )}
        </Group>
      </Group>
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          value={(STATES as readonly string[]).includes(state) ? state : 'all'}
          data={STATES.map((v) => ({ value: v, label: t(`events.states.${v}`) }))}
          onChange={(v) =>
            navigate({
              to: '/admin/choose-event/$state',
              params: { state: v },
              search: { page: 1, eventName: search.eventName },
            })
          }
        />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void setSearch({ eventName: name.trim() || undefined, page: 1 });
          }}
        >
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('events.searchByName')}
            aria-label={t('events.searchByName')}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="events-search"
          />
        </form>
      </Group>
      <DataTable<EventListItem>
        withTableBorder
        striped
        highlightOnHover
        minHeight={200}
        records={list.data?.events ?? []}
        fetching={list.isFetching || open.isPending}
        columns={columns}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={EVENT_PAGE_SIZE}
        page={page}
        onPageChange={(p) => void setSearch({ page: p })}
        onRowClick={({ record }) => open.mutate(record)}
        // A non-admin with no event at all (e.g. after a revocation) is told why, not "No records".
        noRecordsText={
          !admin && state === 'active' && !q.eventName && page === 1
            ? t('events.noEventAccess')
            : t('common.noRecords')
        }
        rowStyle={(r) =>
          s.event?.id === r.id ? { backgroundColor: 'var(--mantine-primary-color-light)' } : undefined
        }
      />
      <NewEventModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={async (id) => {
          setCreating(false);
          notifySuccess();
          await qc.invalidateQueries({ queryKey: eventKeys.all });
          await selectEvent(id, admin);
          await navigate({ to: firstScreenPath(session.get()) });
        }}
      />
    </Stack>
  );
}

function NewEventModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () => createEvent(name),
    onSuccess: (id) => {
      setName('');
      onCreated(id);
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields[0]) setError(translateMessage(t, e.fields[0].message));
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t('events.new')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return setError(t('validation.required'));
          create.mutate();
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('events.fields.nombre')}
            value={name}
            maxLength={150}
            autoFocus
            required
            error={error}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(undefined);
            }}
            data-testid="new-event-name"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('common.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
