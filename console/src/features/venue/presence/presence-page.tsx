import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  isWorkedTime,
  PRESENCE_FILTER_DEBOUNCE_MS,
  type PresenceListQuery,
  type PresenceRecord,
  type PresenceSummary,
} from '@pulsera/contracts';
import { IconArrowBackUp, IconDownload, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { confirmDelete, confirmExit, notifySuccess } from '../../../components/dialogs';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { fileSlug, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { downloadXlsx } from '../../../lib/xlsx';
import { deletePresenceRecords, loadPresence, loadPresenceDetail, presenceKeys } from './api';

const P = 'presence';
type Kind = 'internal' | 'external';

/** Hours as shown: a worked time, or why it cannot be told (02-catalogue §3). */
const hoursText = (t: TFunction, hours: string) =>
  isWorkedTime(hours) ? hours : t(`${P}.hoursIssues.${hours}`);

/** Green when the hours contain a colon-separated time, else red. */
function Hours({ hours }: { hours: string }) {
  const { t } = useTranslation();
  const ok = isWorkedTime(hours);
  return (
    <Text size="sm" fw={600} c={ok ? 'green.8' : 'red.7'} data-testid="presence-hours" data-ok={ok}>
      {hoursText(t, hours)}
    </Text>
  );
}

/**
 * admin/reports/control-presence (02-catalogue §2 Presence control, §4, §9; permission
 * control_presence): internal and external staff in two tables, each downloadable; a filter (name,
 * last location, at least one action) while nothing is selected, typing debounced 300 ms; a staff
 * member's records beside the lists, where deletions are collected and then saved together.
 */
export default function PresencePage() {
  const { t } = useTranslation();
  const { event } = useSession();
  const tz = event?.zona_horaria;
  const [name, setName] = useState('');
  const [debouncedName] = useDebouncedValue(name, PRESENCE_FILTER_DEBOUNCE_MS);
  const [idLocation, setIdLocation] = useState<number | null>(null);
  const [withActions, setWithActions] = useState(false);
  const [selected, setSelected] = useState<PresenceSummary | null>(null);
  const [marked, setMarked] = useState<Set<number>>(new Set());
  useUnsavedChanges(marked.size > 0);

  const query: PresenceListQuery = {
    ...(debouncedName.trim() ? { name: debouncedName.trim() } : {}),
    ...(idLocation !== null ? { idLocation } : {}),
    withActions,
  };
  const list = useQuery({
    queryKey: presenceKeys.list(query),
    queryFn: () => loadPresence(query),
    placeholderData: keepPreviousData,
  });
  const staff = list.data?.staff ?? [];
  const locations = list.data?.locations ?? [];
  const internal = staff.filter((s) => s.isIntern);
  const external = staff.filter((s) => !s.isIntern);

  /** Changing the selection with deletions not saved asks first. */
  const select = async (next: PresenceSummary | null) => {
    if (marked.size > 0 && !(await confirmExit())) return;
    setMarked(new Set());
    setSelected(next);
  };

  const download = (kind: Kind, rows: PresenceSummary[]) => {
    const f = (k: string) => t(`${P}.fields.${k}`);
    const location = locations.find((l) => l.id === idLocation)?.nombre;
    return downloadXlsx<PresenceSummary>({
      fileName: `presence-${kind}-${fileSlug(event?.nombre ?? 'event')}`,
      timezone: tz,
      title: t(`${P}.${kind}`),
      info: [
        [t(`${P}.event`), event?.nombre ?? ''],
        [t(`${P}.filter.name`), name.trim() || t(`${P}.filter.any`)],
        [t(`${P}.filter.lastLocation`), location ?? t(`${P}.filter.any`)],
        [t(`${P}.filter.withActions`), withActions ? t(`${P}.yes`) : t(`${P}.no`)],
        [t('common.date'), formatDateTime(new Date().toISOString(), tz)],
      ],
      columns: [
        { header: f('staff'), value: (r) => r.staff, width: 28 },
        { header: f('user'), value: (r) => r.user ?? '', width: 18 },
        { header: f('hours'), value: (r) => hoursText(t, r.hours), width: 22 },
        { header: f('nChecks'), value: (r) => r.nChecks, type: 'number' },
        { header: f('lastType'), value: (r) => (r.lastType ? t(`${P}.types.${r.lastType}`) : '') },
        {
          header: f('lastDate'),
          value: (r) => r.lastDate,
          type: 'date',
          width: 22,
        },
        { header: f('lastLocation'), value: (r) => r.lastLocation ?? '', width: 24 },
      ],
      rows,
    });
  };

  const open = selected !== null;
  return (
    <Stack gap="md">
      <Title order={2}>{t(`${P}.title`)}</Title>
      {!open && (
        <Card withBorder padding="md" data-testid="presence-filter">
          <SimpleGrid cols={{ base: 1, sm: 3 }} verticalSpacing="xs">
            <TextInput
              label={t(`${P}.filter.name`)}
              leftSection={<IconSearch size={16} />}
              value={name}
              maxLength={150}
              onChange={(e) => setName(e.currentTarget.value)}
              data-testid="presence-filter-name"
            />
            <Select
              label={t(`${P}.filter.lastLocation`)}
              placeholder={t(`${P}.filter.any`)}
              data={locations.map((l) => ({ value: String(l.id), label: l.nombre }))}
              value={idLocation === null ? null : String(idLocation)}
              onChange={(v) => setIdLocation(v ? Number(v) : null)}
              clearable
              searchable
              data-testid="presence-filter-location"
            />
            <Checkbox
              mt={{ sm: 30 }}
              label={t(`${P}.filter.withActions`)}
              checked={withActions}
              onChange={(e) => setWithActions(e.currentTarget.checked)}
              data-testid="presence-filter-actions"
            />
          </SimpleGrid>
        </Card>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: open ? 5 : 12 }}>
          <Stack gap="md">
            {(['internal', 'external'] as const).map((kind) => {
              const rows = kind === 'internal' ? internal : external;
              return (
                <StaffTable
                  key={kind}
                  kind={kind}
                  rows={rows}
                  fetching={list.isFetching}
                  collapsed={open}
                  selectedId={selected?.idStaff ?? null}
                  onSelect={(r) => void select(r)}
                  onDownload={() => void download(kind, rows)}
                />
              );
            })}
          </Stack>
        </Grid.Col>
        {selected && (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <PresenceDetailPanel
              key={selected.idStaff}
              summary={selected}
              marked={marked}
              setMarked={setMarked}
              onClose={() => void select(null)}
              onAllDeleted={() => {
                setMarked(new Set());
                setSelected(null);
              }}
            />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

function StaffTable({
  kind,
  rows,
  fetching,
  collapsed,
  selectedId,
  onSelect,
  onDownload,
}: {
  kind: Kind;
  rows: PresenceSummary[];
  fetching: boolean;
  collapsed: boolean;
  selectedId: number | null;
  onSelect: (r: PresenceSummary) => void;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  const tz = useSession().event?.zona_horaria;
  const f = (k: string) => t(`${P}.fields.${k}`);
  const columns: DataTableColumn<PresenceSummary>[] = [
    { accessor: 'staff', title: f('staff') },
    { accessor: 'user', title: f('user'), hidden: collapsed },
    { accessor: 'hours', title: f('hours'), render: (r) => <Hours hours={r.hours} /> },
    { accessor: 'nChecks', title: f('nChecks'), textAlign: 'right' },
    {
      accessor: 'lastType',
      title: f('lastType'),
      hidden: collapsed,
      render: (r) => (r.lastType ? t(`${P}.types.${r.lastType}`) : ''),
    },
    {
      accessor: 'lastDate',
      title: f('lastDate'),
      hidden: collapsed,
      render: (r) => (r.lastDate ? formatDateTime(r.lastDate, tz) : ''),
    },
    { accessor: 'lastLocation', title: f('lastLocation'), hidden: collapsed },
  ];
  return (
    <Card withBorder padding="sm" data-testid={`presence-${kind}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={4}>{t(`${P}.${kind}`)}</Title>
            <Badge variant="light" data-testid={`presence-${kind}-count`}>
              {rows.length}
            </Badge>
          </Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            disabled={rows.length === 0}
            onClick={onDownload}
            data-testid={`presence-${kind}-download`}
          >
            {t('common.download')}
          </Button>
        </Group>
        <DataTable<PresenceSummary>
          withTableBorder
          borderRadius="sm"
          striped
          highlightOnHover
          minHeight={rows.length ? undefined : 120}
          fetching={fetching}
          records={rows}
          columns={columns}
          idAccessor={(r) => String(r.idStaff)}
          noRecordsText={t('common.noRecords')}
          onRowClick={({ record }) => onSelect(record)}
          rowStyle={(r) =>
            r.idStaff === selectedId ? { backgroundColor: 'var(--mantine-primary-color-light)' } : undefined
          }
        />
      </Stack>
    </Card>
  );
}

function PresenceDetailPanel({
  summary,
  marked,
  setMarked,
  onClose,
  onAllDeleted,
}: {
  summary: PresenceSummary;
  marked: Set<number>;
  setMarked: (s: Set<number>) => void;
  onClose: () => void;
  onAllDeleted: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const tz = useSession().event?.zona_horaria;
  const detail = useQuery({
    queryKey: presenceKeys.detail(summary.idStaff),
    queryFn: () => loadPresenceDetail(summary.idStaff),
  });
  const records = detail.data?.records ?? [];
  const current = detail.data?.summary ?? summary;
  const save = useMutation({
    mutationFn: () => deletePresenceRecords([...marked]),
    onSuccess: async () => {
      notifySuccess();
      // A member who is not staff of the event and lost every record no longer exists here.
      if (current.user === null && marked.size === records.length) onAllDeleted();
      else setMarked(new Set());
      await qc.invalidateQueries({ queryKey: presenceKeys.all });
    },
  });
  const toggle = (id: number) => {
    const next = new Set(marked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setMarked(next);
  };
  const f = (k: string) => t(`${P}.records.fields.${k}`);
  return (
    <Card withBorder padding="md" data-testid="presence-detail">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={4} data-testid="presence-detail-name">
              {current.staff}
            </Title>
            <Text size="sm" c="dimmed">
              {[current.user, t(`${P}.${current.isIntern ? 'internalOne' : 'externalOne'}`)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <ActionIcon variant="subtle" aria-label={t('common.cancel')} onClick={onClose}>
            <IconX size={18} />
          </ActionIcon>
        </Group>
        <Group gap="xl">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t(`${P}.fields.hours`)}
            </Text>
            <Hours hours={current.hours} />
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t(`${P}.fields.nChecks`)}
            </Text>
            <Text size="sm" fw={600}>
              {current.nChecks}
            </Text>
          </Stack>
        </Group>
        {detail.isLoading ? (
          <Loader size="sm" />
        ) : (
          <DataTable<PresenceRecord>
            withTableBorder
            borderRadius="sm"
            striped
            minHeight={records.length ? undefined : 120}
            records={records}
            idAccessor={(r) => String(r.id)}
            noRecordsText={t(`${P}.records.none`)}
            data-testid="presence-records"
            rowStyle={(r) =>
              marked.has(r.id) ? { textDecoration: 'line-through', opacity: 0.55 } : undefined
            }
            columns={[
              {
                accessor: 'type',
                title: f('type'),
                render: (r) => (
                  <Badge color={r.type === 'in' ? 'teal' : 'gray'} variant="light">
                    {t(`${P}.types.${r.type}`)}
                  </Badge>
                ),
              },
              {
                accessor: 'datePresence',
                title: f('datePresence'),
                render: (r) => formatDateTime(r.datePresence, tz),
              },
              { accessor: 'controller', title: f('controller') },
              { accessor: 'location', title: f('location') },
              { accessor: 'device', title: f('device') },
              { accessor: 'date', title: f('date'), render: (r) => formatDateTime(r.date, tz) },
              {
                accessor: '__delete',
                title: '',
                width: 48,
                textAlign: 'right',
                render: (r) => {
                  const on = marked.has(r.id);
                  const label = on ? t(`${P}.records.keep`) : t(`${P}.records.markDelete`);
                  return (
                    <Tooltip label={label}>
                      <ActionIcon
                        variant="subtle"
                        color={on ? 'blue' : 'red'}
                        aria-label={label}
                        onClick={() => toggle(r.id)}
                        data-testid="presence-record-toggle"
                      >
                        {on ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  );
                },
              },
            ]}
          />
        )}
        <Group justify="space-between">
          <Text size="sm" c={marked.size ? 'red.7' : 'dimmed'} data-testid="presence-marked">
            {t(`${P}.records.marked`, { count: marked.size })}
          </Text>
          <Group>
            <Button
              variant="default"
              disabled={marked.size === 0}
              onClick={() => setMarked(new Set())}
              data-testid="presence-discard"
            >
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              disabled={marked.size === 0}
              loading={save.isPending}
              onClick={async () => {
                if (await confirmDelete()) save.mutate();
              }}
              data-testid="presence-save"
            >
              {t(`${P}.records.save`)}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
