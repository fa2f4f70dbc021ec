import {
  Badge,
  Button,
  Checkbox,
  Code,
  Drawer,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import {
  AUDIT_EXPORT_MAX,
  type AuditChange,
  type AuditDetail,
  type AuditEntry,
  type AuditQuery,
  isAdminUser,
} from '@pulsera/contracts';
import { IconDownload, IconSearch, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { downloadXlsx } from '../../../lib/xlsx';
import { usePermissionLabel } from '../roles/permission-picker';
import { auditKeys, listAudit, loadAuditDetail, loadAuditOptions } from './api';

const P = 'audit';
const PAGE_SIZE = 50;

type Search = {
  screen?: string;
  entityId?: string;
  entity?: string;
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
  text?: string;
  eventOnly?: string;
  page?: string;
};

const str = (v: unknown) =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;

/** Who acted, as shown: the user's e-mail, the integrator's name, or an attendee (on the portal). */
const who = (t: TFunction, r: AuditEntry) =>
  r.actorKind === 'integrator'
    ? `${t(`${P}.integrator`)}: ${r.integratorName ?? r.integratorId}`
    : r.actorKind === 'attendee'
      ? [t(`${P}.attendee`), r.userEmail].filter(Boolean).join(': ')
      : (r.userEmail ?? t(`${P}.anonymous`));

const actionLabel = (t: TFunction, action: string) => t(`${P}.actions.${action}`, { defaultValue: action });

/** 'payout_run_items' → 'Payout run items' (a table the console has no name for). */
const humanize = (s: string) => {
  const words = s.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
/** What the console calls a table's items ("Payout run", "API key"). */
const entityLabel = (t: TFunction, table: string) =>
  t(`${P}.entities.${table}`, { defaultValue: humanize(table) });
/** The item an entry is about: its kind and its name (else its id). */
const itemOf = (t: TFunction, r: AuditEntry) =>
  r.entity ? `${entityLabel(t, r.entity)} ${r.subject ?? (r.entityId ? `#${r.entityId}` : '')}`.trim() : '—';
/** The entry in words: "Payout run marked sent: Payout run PULSERA-1-1, by ops@…". */
const sentenceOf = (t: TFunction, r: AuditEntry) =>
  t(`${P}.sentence`, {
    action: actionLabel(t, r.action),
    thing: r.entity ? entityLabel(t, r.entity) : '',
    name: r.subject ?? (r.entityId ? `#${r.entityId}` : ''),
    who: who(t, r),
  });

const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** One changed row as a readable diff: each field with its value before and after. */
function ChangeDiff({ change, names }: { change: AuditChange; names: AuditDetail['names'] }) {
  const { t } = useTranslation();
  const permissionLabel = usePermissionLabel();
  /** A value as the console shows it: names for ids, permission names for codes. */
  const value = (k: string, v: unknown) => {
    if (v === null || v === undefined) return '—';
    if (k === 'event_id') return names.events[String(v)] ?? show(v);
    if (k === 'user_id') return names.users[String(v)] ?? show(v);
    if (k === 'role_id') return names.roles[String(v)] ?? show(v);
    if (k === 'permissions' && Array.isArray(v)) return v.map((c) => permissionLabel(Number(c))).join(', ');
    return show(v);
  };
  const keys = Array.from(new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})]));
  return (
    <Stack gap={4} data-testid="audit-change">
      <Group gap="xs">
        <Badge variant="light">{t(`${P}.ops.${change.op}`)}</Badge>
        <Text fw={600}>{entityLabel(t, change.table)}</Text>
        {change.rowId && <Text c="dimmed">#{change.rowId}</Text>}
      </Group>
      <Table withTableBorder withColumnBorders striped fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="30%">{t(`${P}.field`)}</Table.Th>
            <Table.Th>{t(`${P}.before`)}</Table.Th>
            <Table.Th>{t(`${P}.after`)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => {
            const b = change.before?.[k];
            const a = change.after?.[k];
            const changed = change.op === 'update' || JSON.stringify(b) !== JSON.stringify(a);
            return (
              <Table.Tr key={k} data-testid={`audit-field-${k}`}>
                <Table.Td>{t(`${P}.fieldNames.${k}`, { defaultValue: humanize(k) })}</Table.Td>
                <Table.Td
                  c={changed && change.before ? 'red.8' : undefined}
                  style={{ wordBreak: 'break-all' }}
                >
                  {change.before ? value(k, b) : ''}
                </Table.Td>
                <Table.Td
                  c={changed && change.after ? 'green.8' : undefined}
                  style={{ wordBreak: 'break-all' }}
                >
                  {change.after ? value(k, a) : ''}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function AuditDetailDrawer({ id, tz, onClose }: { id: number | null; tz?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: auditKeys.detail(id ?? 0),
    queryFn: () => loadAuditDetail(id!),
    enabled: id !== null,
  });
  const d = detail.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="xl" title={t(`${P}.detail`)}>
      {d && (
        <Stack data-testid="audit-detail">
          <Text fw={600} data-testid="audit-sentence">
            {sentenceOf(t, d)}
          </Text>
          <Table fz="sm" withRowBorders={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>{t(`${P}.at`)}</Table.Th>
                <Table.Td>{formatDateTime(d.at, tz)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t(`${P}.who`)}</Table.Th>
                <Table.Td>{who(t, d)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t(`${P}.ip`)}</Table.Th>
                <Table.Td>{d.ip}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t(`${P}.event`)}</Table.Th>
                <Table.Td>{d.eventName ?? '—'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t(`${P}.action`)}</Table.Th>
                <Table.Td>{actionLabel(t, d.action)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t(`${P}.call`)}</Table.Th>
                <Table.Td>
                  <Code>
                    {d.method} {d.route}
                  </Code>
                </Table.Td>
              </Table.Tr>
              {d.detail && (
                <Table.Tr>
                  <Table.Th>{t(`${P}.more`)}</Table.Th>
                  <Table.Td>
                    {typeof d.detail.reason === 'string' ? (
                      t(`errors.${d.detail.reason}`, { defaultValue: d.detail.reason })
                    ) : (
                      <Code>{JSON.stringify(d.detail)}</Code>
                    )}
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {d.changes.length === 0 && <Text c="dimmed">{t(`${P}.noChanges`)}</Text>}
          {d.changes.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: changes are a fixed, ordered list
            <ChangeDiff key={i} change={c} names={d.names} />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * admin/configuration/audit (issue 13): who changed what, when, from where and in which event. Admins
 * see every row; a user holding edicionDeEventos the selected event's (the server decides). Filters
 * live in the URL, so an item's history (`screen` + `entityId`, from the History button of every
 * resource form) is a link.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const session = useSession();
  const admin = session.user ? isAdminUser(session.user) : false;
  const tz = session.event?.zona_horaria;
  const location = useLocation();
  const navigate = useNavigate();
  const search = location.search as Record<string, unknown>;
  const s: Search = Object.fromEntries(Object.entries(search).map(([k, v]) => [k, str(v)])) as Search;
  const setSearch = (next: Partial<Search>) =>
    navigate({
      to: location.pathname,
      search: Object.fromEntries(
        Object.entries({ ...s, page: undefined, ...next }).filter(([, v]) => v !== undefined && v !== ''),
      ),
      replace: true,
    });
  const [text, setText] = useState(s.text ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const [opened, setOpened] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the debounced text only
  useEffect(() => {
    if ((s.text ?? '') !== debounced) setSearch({ text: debounced || undefined });
  }, [debounced]);

  const eventOnly = !admin || s.eventOnly === '1';
  const page = Math.max(1, Number(s.page ?? '1') || 1);
  const query: AuditQuery = useMemo(() => {
    const [kind, actorId] = (s.actor ?? '').split(':');
    return {
      page,
      paginationLimit: PAGE_SIZE,
      screen: s.screen,
      entityId: s.entityId,
      entity: s.entity,
      action: s.action,
      userId: kind === 'u' ? Number(actorId) : undefined,
      integratorId: kind === 'i' ? Number(actorId) : undefined,
      from: s.from,
      to: s.to,
      text: s.text,
      eventOnly: admin && s.eventOnly === '1' ? 1 : undefined,
    };
  }, [s.actor, s.screen, s.entityId, s.entity, s.action, s.from, s.to, s.text, s.eventOnly, page, admin]);

  const list = useQuery({
    queryKey: auditKeys.list(query),
    queryFn: () => listAudit(query),
    placeholderData: keepPreviousData,
  });
  const options = useQuery({
    queryKey: auditKeys.options(eventOnly),
    queryFn: () => loadAuditOptions(eventOnly),
  });
  const actors = [
    ...(options.data?.users ?? []).map((u) => ({ value: `u:${u.id}`, label: u.email })),
    ...(options.data?.integrators ?? []).map((i) => ({
      value: `i:${i.id}`,
      label: `${t(`${P}.integrator`)}: ${i.name}`,
    })),
  ];

  const download = async () => {
    const all = await listAudit({ ...query, page: 1, paginationLimit: AUDIT_EXPORT_MAX });
    await downloadXlsx<AuditEntry>({
      fileName: 'audit-trail',
      title: t(`${P}.title`),
      info: [
        [t(`${P}.event`), eventOnly ? (session.event?.nombre ?? '') : t(`${P}.allEvents`)],
        [t(`${P}.filters`), [s.actor, s.entity, s.action, s.text].filter(Boolean).join(' · ') || '—'],
        [t('common.date'), formatDateTime(new Date().toISOString(), tz)],
      ],
      columns: [
        { header: t(`${P}.at`), value: (r) => formatDateTime(r.at, tz), width: 20 },
        { header: t(`${P}.who`), value: (r) => who(t, r), width: 28 },
        { header: t(`${P}.ip`), value: (r) => r.ip, width: 16 },
        { header: t(`${P}.event`), value: (r) => r.eventName, width: 24 },
        { header: t(`${P}.action`), value: (r) => actionLabel(t, r.action), width: 18 },
        { header: t(`${P}.entity`), value: (r) => itemOf(t, r), width: 28 },
        { header: t(`${P}.entityId`), value: (r) => r.entityId, width: 10 },
        { header: t(`${P}.call`), value: (r) => `${r.method ?? ''} ${r.route ?? ''}`, width: 36 },
        { header: t(`${P}.changes`), value: (r) => r.changeCount, width: 10 },
      ],
      rows: all.rows,
    });
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t(`${P}.title`)}</Title>
        <Button
          leftSection={<IconDownload size={16} />}
          variant="default"
          onClick={download}
          disabled={!list.data?.total}
          data-testid="audit-download"
        >
          {t('common.download')}
        </Button>
      </Group>
      {s.entityId && (
        <Group gap="xs" data-testid="audit-history-filter">
          <Badge size="lg" variant="light">
            {t(`${P}.historyOf`, { id: s.entityId })}
          </Badge>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconX size={14} />}
            onClick={() => setSearch({ screen: undefined, entityId: undefined })}
          >
            {t(`${P}.clearHistory`)}
          </Button>
        </Group>
      )}
      <Group align="end" gap="sm" wrap="wrap">
        <TextInput
          label={t('common.search')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          w={220}
          data-testid="audit-text"
        />
        <Select
          label={t(`${P}.who`)}
          data={actors}
          value={s.actor ?? null}
          onChange={(v) => setSearch({ actor: v ?? undefined })}
          clearable
          searchable
          w={240}
          data-testid="audit-actor"
        />
        <Select
          label={t(`${P}.entity`)}
          data={(options.data?.entities ?? []).map((e) => ({ value: e, label: entityLabel(t, e) }))}
          value={s.entity ?? null}
          onChange={(v) => setSearch({ entity: v ?? undefined })}
          clearable
          searchable
          w={190}
        />
        <Select
          label={t(`${P}.action`)}
          data={(options.data?.actions ?? []).map((a) => ({ value: a, label: actionLabel(t, a) }))}
          value={s.action ?? null}
          onChange={(v) => setSearch({ action: v ?? undefined })}
          clearable
          w={170}
        />
        <DateInput
          label={t(`${P}.from`)}
          valueFormat="DD/MM/YYYY"
          value={s.from ? new Date(s.from) : null}
          onChange={(v) => setSearch({ from: v ? new Date(`${v}T00:00:00`).toISOString() : undefined })}
          clearable
          w={140}
        />
        <DateInput
          label={t(`${P}.to`)}
          valueFormat="DD/MM/YYYY"
          value={s.to ? new Date(s.to) : null}
          onChange={(v) => setSearch({ to: v ? new Date(`${v}T23:59:59.999`).toISOString() : undefined })}
          clearable
          w={140}
        />
        {admin && (
          <Checkbox
            label={t(`${P}.eventOnly`)}
            checked={s.eventOnly === '1'}
            onChange={(e) => setSearch({ eventOnly: e.currentTarget.checked ? '1' : undefined })}
            mb={8}
          />
        )}
      </Group>
      <DataTable<AuditEntry>
        withTableBorder
        striped
        highlightOnHover
        minHeight={200}
        records={list.data?.rows ?? []}
        totalRecords={list.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={(p) => setSearch({ page: String(p) })}
        fetching={list.isFetching}
        noRecordsText={t('common.noRecords')}
        onRowClick={({ record }) => setOpened(record.id)}
        rowStyle={() => ({ cursor: 'pointer' })}
        idAccessor="id"
        columns={[
          { accessor: 'at', title: t(`${P}.at`), render: (r) => formatDateTime(r.at, tz), width: 170 },
          { accessor: 'who', title: t(`${P}.who`), render: (r) => who(t, r) },
          { accessor: 'ip', title: t(`${P}.ip`), width: 130 },
          { accessor: 'eventName', title: t(`${P}.event`), render: (r) => r.eventName ?? '—' },
          {
            accessor: 'action',
            title: t(`${P}.action`),
            render: (r) => (
              <Badge
                variant="light"
                color={r.action === 'signInFailed' || r.action === 'refused' ? 'red' : 'blue'}
              >
                {actionLabel(t, r.action)}
              </Badge>
            ),
          },
          {
            accessor: 'entity',
            title: t(`${P}.entity`),
            render: (r) => itemOf(t, r),
          },
          { accessor: 'changeCount', title: t(`${P}.changes`), width: 90, textAlign: 'right' },
        ]}
      />
      <AuditDetailDrawer id={opened} tz={tz} onClose={() => setOpened(null)} />
    </Stack>
  );
}
