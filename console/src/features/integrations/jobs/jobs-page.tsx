import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Code,
  Grid,
  Group,
  Menu,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { JOB_STATUSES, type Job, type JobStatus } from '@pulsera/contracts';
import { IconPlayerPlay, IconRefresh, IconRotateClockwise } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { isoToWall, wallToIso } from '../../../components/date-fields';
import { notifySuccess } from '../../../components/dialogs';
import { dayjs } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type JobFilter, jobKeys, listAllEvents, listJobs, retryJob, runJob } from './api';

const PAGE_SIZE = 20;
const STATUS_COLOR: Record<JobStatus, string> = { failed: 'red', enqueued: 'blue', processed: 'teal' };
/** Jobs belong to the installation, not to an event: times are shown in the browser's zone. */
const TZ = dayjs.tz.guess();
const when = (iso: string | null) =>
  iso ? dayjs(iso).tz(TZ).locale(currentLanguage()).format('D MMM YYYY, HH:mm:ss') : '';
const hours = (r: Job['hourRange']) =>
  r
    ? `${dayjs(r.start).tz(TZ).format('D MMM, HH:mm')}–${dayjs(r.end)
        .tz(TZ)
        .format(dayjs(r.end).tz(TZ).isSame(dayjs(r.start).tz(TZ), 'day') ? 'HH:mm' : 'D MMM, HH:mm')}`
    : '';

type Search = { status?: string; kind?: string; event?: number; start?: string; end?: string; page?: number };

/**
 * Jobs (admin/configuration/jobs, super admin): the queue's jobs by status (failed, enqueued,
 * processed), filtered by kind, event and creation dates in the address, paged on the server; a job
 * opens beside the list with its payload, attempts, last error and timings; a failed one can be
 * retried, and a kind can be run now.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const search = useSearch({ strict: false }) as Search;
  const navigate = useNavigate();
  const location = useLocation();
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const set = (patch: Partial<Search>) => {
    const next: Record<string, unknown> = { ...search, page: undefined, ...patch };
    for (const k of Object.keys(next))
      if (next[k] === undefined || next[k] === null || next[k] === '') delete next[k];
    navigate({ to: location.pathname, search: next, replace: true });
  };
  const status = JOB_STATUSES.includes(search.status as JobStatus) ? (search.status as JobStatus) : undefined;
  const page = Number(search.page) > 0 ? Number(search.page) : 1;
  const dateError = !!search.start && !!search.end && Date.parse(search.end) < Date.parse(search.start);
  const query: JobFilter = useMemo(
    () => ({
      page,
      paginationLimit: PAGE_SIZE,
      ...(status ? { status } : {}),
      ...(search.kind ? { kind: String(search.kind) } : {}),
      ...(search.event ? { eventId: Number(search.event) } : {}),
      ...(search.start && !dateError ? { dateStart: String(search.start) } : {}),
      ...(search.end && !dateError ? { dateEnd: String(search.end) } : {}),
    }),
    [page, status, search.kind, search.event, search.start, search.end, dateError],
  );

  const jobs = useQuery({
    queryKey: jobKeys.list(query),
    queryFn: () => listJobs(query),
    placeholderData: keepPreviousData,
    // Jobs move on their own: the list follows while it is open.
    refetchInterval: 5000,
  });
  const events = useQuery({ queryKey: jobKeys.events(), queryFn: listAllEvents, staleTime: 60_000 });
  const rows = jobs.data?.jobs ?? [];
  const selected = rows.find((j) => j.id === selectedId) ?? null;

  const retry = useMutation({
    mutationFn: (job: Job) => retryJob(job.id),
    onSuccess: (job) => {
      notifySuccess(t('jobs.retried'));
      setSelectedId(job.id);
      qc.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
  const run = useMutation({
    mutationFn: runJob,
    onSuccess: (job) => {
      notifySuccess(t('jobs.queued'));
      set({ status: undefined, kind: job.kind });
      setSelectedId(job.id);
      qc.invalidateQueries({ queryKey: jobKeys.all });
    },
  });

  const kindOptions = (jobs.data?.kinds ?? []).map((k) => ({ value: k.name, label: kindLabel(t, k.name) }));
  const eventOptions = (events.data?.events ?? []).map((e) => ({ value: String(e.id), label: e.nombre }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('jobs.title')}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => qc.invalidateQueries({ queryKey: jobKeys.all })}
            data-testid="jobs-reload"
          >
            {t('jobs.reload')}
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button leftSection={<IconPlayerPlay size={16} />} data-testid="jobs-run">
                {t('jobs.runNow')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {(jobs.data?.kinds ?? [])
                .filter((k) => k.runnable)
                .map((k) => (
                  <Menu.Item
                    key={k.name}
                    onClick={() => run.mutate(k.name)}
                    data-testid={`jobs-run-${k.name}`}
                  >
                    {kindLabel(t, k.name)}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <Card withBorder padding="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('jobs.fields.status')}
            </Text>
            <SegmentedControl
              value={status ?? 'all'}
              onChange={(v) => set({ status: v === 'all' ? undefined : v })}
              data={[
                { value: 'all', label: t('jobs.all') },
                ...JOB_STATUSES.map((s) => ({ value: s, label: t(`jobs.status.${s}`) })),
              ]}
              data-testid="jobs-filter-status"
            />
          </Stack>
          <Select
            label={t('jobs.fields.kind')}
            data={[{ value: '', label: t('jobs.all') }, ...kindOptions]}
            value={search.kind ? String(search.kind) : ''}
            onChange={(v) => set({ kind: v || undefined })}
            allowDeselect={false}
            w={190}
            data-testid="jobs-filter-kind"
          />
          <Select
            label={t('jobs.fields.event')}
            data={[{ value: '', label: t('jobs.all') }, ...eventOptions]}
            value={search.event ? String(search.event) : ''}
            onChange={(v) => set({ event: v ? Number(v) : undefined })}
            searchable
            allowDeselect={false}
            w={190}
            data-testid="jobs-filter-event"
          />
          <DateTimePicker
            label={t('jobs.from')}
            valueFormat="DD/MM/YYYY HH:mm"
            clearable
            value={isoToWall(search.start ? String(search.start) : null, TZ)}
            onChange={(v) => set({ start: wallToIso(v, TZ) ?? undefined })}
            w={150}
            data-testid="jobs-filter-start"
          />
          <DateTimePicker
            label={t('jobs.to')}
            valueFormat="DD/MM/YYYY HH:mm"
            clearable
            value={isoToWall(search.end ? String(search.end) : null, TZ)}
            onChange={(v) => set({ end: wallToIso(v, TZ) ?? undefined })}
            error={dateError ? t('validation.errorDates') : undefined}
            w={150}
            data-testid="jobs-filter-end"
          />
        </Group>
      </Card>

      <Grid>
        <Grid.Col span={{ base: 12, lg: selected ? 7 : 12 }}>
          <DataTable<Job>
            withTableBorder
            striped
            highlightOnHover
            minHeight={rows.length ? undefined : 160}
            records={rows}
            idAccessor="id"
            fetching={jobs.isFetching && !jobs.data}
            noRecordsText={t('jobs.none')}
            totalRecords={jobs.data?.total ?? 0}
            recordsPerPage={PAGE_SIZE}
            page={page}
            onPageChange={(p) => set({ ...search, page: p })}
            onRowClick={({ record }) => setSelectedId(record.id)}
            rowStyle={(r) =>
              r.id === selectedId ? { background: 'var(--mantine-color-blue-light)' } : undefined
            }
            data-testid="jobs-table"
            columns={[
              {
                accessor: 'status',
                title: t('jobs.fields.status'),
                width: 125,
                render: (r) => <StatusBadge job={r} />,
              },
              { accessor: 'kind', title: t('jobs.fields.kind'), render: (r) => kindLabel(t, r.kind) },
              {
                accessor: 'eventId',
                title: t('jobs.fields.eventId'),
                hidden: !!selected,
                render: (r) => r.eventName ?? (r.eventId ? `#${r.eventId}` : t('jobs.allEvents')),
              },
              { accessor: 'hourRange', title: t('jobs.fields.hourRange'), render: (r) => hours(r.hourRange) },
              {
                accessor: 'attempts',
                title: t('jobs.fields.attempts'),
                render: (r) => `${r.attempts}/${r.maxAttempts}`,
              },
              { accessor: 'createdAt', title: t('jobs.fields.createdAt'), render: (r) => when(r.createdAt) },
              {
                accessor: 'lastError',
                title: t('jobs.fields.lastError'),
                hidden: !!selected,
                render: (r) => (
                  <Text size="sm" c="red" lineClamp={1} maw={260}>
                    {r.lastError}
                  </Text>
                ),
              },
            ]}
          />
        </Grid.Col>
        {selected && (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <JobDetail
              job={selected}
              onRetry={() => retry.mutate(selected)}
              retrying={retry.isPending}
              onClose={() => setSelectedId(null)}
            />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

type T = ReturnType<typeof useTranslation>['t'];
const kindLabel = (t: T, kind: string) => t(`jobs.kinds.${kind}`, { defaultValue: kind });

function StatusBadge({ job }: { job: Job }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Badge color={STATUS_COLOR[job.status]} variant="light" data-testid="job-status">
        {t(`jobs.status.${job.status}`)}
      </Badge>
      {job.status === 'enqueued' && job.engineState !== 'created' && (
        <Text size="xs" c="dimmed">
          {t(`jobs.engine.${job.engineState}`)}
        </Text>
      )}
    </Stack>
  );
}

function JobDetail({
  job,
  onRetry,
  retrying,
  onClose,
}: {
  job: Job;
  onRetry: () => void;
  retrying: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const item = (key: string, value: ReactNode) => (
    <div>
      <Text size="xs" c="dimmed">
        {t(`jobs.fields.${key}`)}
      </Text>
      <Text size="sm" data-testid={`job-${key}`} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
  return (
    <Card withBorder padding="md" data-testid="job-detail">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{kindLabel(t, job.kind)}</Title>
          <Group gap="xs">
            <StatusBadge job={job} />
            <CloseButton onClick={onClose} aria-label={t('jobs.close')} data-testid="job-close" />
          </Group>
        </Group>
        {job.lastError && (
          <Alert color="red" title={t('jobs.fields.lastError')} data-testid="job-lastError">
            {job.lastError}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="sm">
          {item('eventId', job.eventName ?? (job.eventId ? `#${job.eventId}` : t('jobs.allEvents')))}
          {item('hourRange', hours(job.hourRange))}
          {item('tourId', job.tourId)}
          {item('attempts', `${job.attempts}/${job.maxAttempts}`)}
          {item('createdAt', when(job.createdAt))}
          {item('startAfter', when(job.startAfter))}
          {item('startedAt', when(job.startedAt))}
          {item('completedAt', when(job.completedAt))}
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed">
            {t('jobs.fields.messageBody')}
          </Text>
          <Code block data-testid="job-messageBody">
            {job.messageBody}
          </Code>
        </div>
        {job.output && (
          <div>
            <Text size="xs" c="dimmed">
              {t('jobs.fields.output')}
            </Text>
            <Code block>{job.output}</Code>
          </div>
        )}
        <Text size="xs" c="dimmed">
          {t('jobs.idLine', { id: job.id })}
          {job.archived ? ` · ${t('jobs.archived')}` : ''}
        </Text>
        {job.status === 'failed' && !job.archived && (
          <Group justify="flex-end">
            <Button
              color="orange"
              leftSection={<IconRotateClockwise size={16} />}
              onClick={onRetry}
              loading={retrying}
              data-testid="job-retry"
            >
              {t('jobs.retry')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
