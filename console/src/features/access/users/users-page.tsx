import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Collapse,
  Divider,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  type ConsoleUser,
  type ConsoleUserOptions,
  ConsoleUserSave,
  type StaffFlags,
} from '@pulsera/contracts';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { queryClient } from '../../../app/providers';
import { DateTimeField } from '../../../components/date-fields';
import { CheckboxField, TextField } from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { downloadXlsx } from '../../../lib/xlsx';
import { PermissionPicker, usePermissionLabel } from '../roles/permission-picker';
import { createUser, listUsers, updateUser, userKeys, userOptions } from './api';
import { UserActions } from './user-actions';

const Schema = ConsoleUserSave.omit({ id: true, updatedAt: true });
type Values = z.input<typeof Schema>;
type Access = Values['eventAccess'][number];

/** "Above" (docs/decisions/access.md): mega 3, super 2, admin or users admin 1, others 0. */
const rankOf = (u: StaffFlags) =>
  u.isMegaAdmin ? 3 : u.isSuperAdmin ? 2 : u.isAdmin || u.isUsersAdmin ? 1 : 0;
const FLAGS = [
  ['isAdmin', 1],
  ['isUsersAdmin', 1],
  ['isSuperAdmin', 2],
  ['isMegaAdmin', 3],
] as const;
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;

function StateBadges({ u }: { u: ConsoleUser }) {
  const { t } = useTranslation();
  const inactive = u.dateInactive && Date.parse(u.dateInactive) <= Date.now();
  return (
    <Group gap={4}>
      {u.disabled && <Badge color="red">{t('config.users.state.disabled')}</Badge>}
      {inactive && <Badge color="orange">{t('config.users.state.inactive')}</Badge>}
      {u.invitationPending && <Badge color="blue">{t('config.users.state.invited')}</Badge>}
      {!u.disabled && !inactive && !u.invitationPending && (
        <Badge color="teal">{t('config.users.state.active')}</Badge>
      )}
    </Group>
  );
}

function RoleBadges({ u }: { u: ConsoleUser }) {
  const { t } = useTranslation();
  const roles = [
    u.isMegaAdmin && 'isMegaAdmin',
    !u.isMegaAdmin && u.isSuperAdmin && 'isSuperAdmin',
    !u.isMegaAdmin && !u.isSuperAdmin && u.isAdmin && 'isAdmin',
    u.isUsersAdmin && 'isUsersAdmin',
  ].filter(Boolean) as string[];
  if (!roles.length)
    return (
      <Text size="sm" c="dimmed">
        {t('config.users.eventsCount', { count: u.eventAccess.length })}
      </Text>
    );
  return (
    <Group gap={4}>
      {roles.map((r) => (
        <Badge key={r} variant="light">
          {t(`config.users.fields.${r}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** One event of the user's access: the event, its roles and its direct codes. */
function AccessCard({
  index,
  form,
  options,
  locked,
  onRemove,
}: {
  index: number;
  form: UseFormReturn<Values>;
  options: ConsoleUserOptions;
  locked: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const label = usePermissionLabel();
  const [open, setOpen] = useState(false);
  const item = useWatch({ control: form.control, name: `eventAccess.${index}` }) as Access | undefined;
  const roleCodes = options.roles.filter((r) => item?.roleIds.includes(r.id)).flatMap((r) => r.permissions);
  const effective = [...new Set([...(item?.permissions ?? []), ...roleCodes])].sort((a, b) => a - b);
  const eventName = options.events.find((e) => e.id === item?.eventId)?.name ?? '';
  return (
    <Card withBorder padding="sm" data-testid="access-card" data-event={eventName}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {eventName}
          </Text>
          {!locked && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('config.users.removeEvent')}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        <Controller
          name={`eventAccess.${index}.roleIds`}
          control={form.control}
          render={({ field }) => (
            <MultiSelect
              label={t('config.users.roles')}
              data={options.roles.map((r) => ({ value: String(r.id), label: r.name }))}
              value={(field.value ?? []).map(String)}
              onChange={(v) => field.onChange(v.map(Number))}
              disabled={locked}
              searchable
              data-testid="access-roles"
            />
          )}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed" data-testid="access-effective">
            {effective.length > 0 && effective.length <= 6
              ? t('config.users.effectiveList', {
                  count: effective.length,
                  list: effective.map(label).join(', '),
                })
              : t('config.users.effective', { count: effective.length })}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setOpen((o) => !o)}
            data-testid="access-codes-toggle"
          >
            {open ? t('config.users.hideCodes') : t('config.users.directCodes')}
          </Button>
        </Group>
        <Collapse expanded={open}>
          <Controller
            name={`eventAccess.${index}.permissions`}
            control={form.control}
            render={({ field }) => (
              <PermissionPicker
                value={field.value ?? []}
                onChange={field.onChange}
                granted={roleCodes}
                disabled={locked}
                testId="access-codes"
              />
            )}
          />
        </Collapse>
      </Stack>
    </Card>
  );
}

function EventAccessEditor({ form, locked }: { form: UseFormReturn<Values>; locked: boolean }) {
  const { t } = useTranslation();
  const options = useQuery({ queryKey: userKeys.options(), queryFn: userOptions });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'eventAccess' });
  const chosen = useWatch({ control: form.control, name: 'eventAccess' }) ?? [];
  if (!options.data) return null;
  const free = options.data.events.filter((e) => !chosen.some((a) => a.eventId === e.id));
  return (
    <Stack gap="xs">
      <Divider label={t('config.users.eventAccess')} labelPosition="left" />
      <Text size="xs" c="dimmed">
        {t('config.users.eventAccessHelp')}
      </Text>
      {fields.map((f, i) => (
        <AccessCard
          key={f.id}
          index={i}
          form={form}
          options={options.data}
          locked={locked}
          onRemove={() => remove(i)}
        />
      ))}
      {!locked && (
        <Select
          placeholder={t('config.users.addEvent')}
          aria-label={t('config.users.addEvent')}
          data={free.map((e) => ({ value: String(e.id), label: e.name }))}
          value={null}
          searchable
          onChange={(v) => v && append({ eventId: Number(v), permissions: [], roleIds: [] })}
          data-testid="access-add-event"
        />
      )}
    </Stack>
  );
}

function UserForm({ form, row }: { form: UseFormReturn<Values>; row: ConsoleUser | null }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const actorRank = user ? rankOf(user) : 0;
  const self = !!row && row.id === user?.id;
  const above = !!row && rankOf(row) > actorRank;
  const locked = self || above;
  return (
    <>
      {above && <Alert color="orange">{t('errors.userAbove')}</Alert>}
      {self && <Alert color="blue">{t('config.users.selfNote')}</Alert>}
      <TextField<Values> name="name" required maxLength={150} disabled={above} />
      <TextField<Values> name="email" required maxLength={254} disabled={above} />
      <SimpleGrid cols={2} spacing="xs">
        {FLAGS.map(([f, rank]) => (
          <CheckboxField<Values> key={f} name={f} disabled={locked || rank > actorRank} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="xs">
        <CheckboxField<Values> name="disabled" disabled={locked} />
        <CheckboxField<Values> name="mustChangePassword" disabled={locked} />
        <CheckboxField<Values> name="otpRequired" disabled={locked} />
      </SimpleGrid>
      <DateTimeField<Values> name="dateInactive" timezone={TZ} disabled={locked} />
      {row && <UserActions row={row} above={above} />}
      <EventAccessEditor form={form} locked={locked} />
    </>
  );
}

async function download(t: (k: string, o?: Record<string, unknown>) => string, label: (c: number) => string) {
  const { users } = await listUsers({ disablePagination: true });
  const f = (k: string) => t(`config.users.fields.${k}`);
  const yes = (b: boolean) => (b ? t('dialogs.yes') : t('dialogs.no'));
  await downloadXlsx<ConsoleUser>({
    fileName: 'console-users',
    title: t('config.users.title'),
    info: [[t('config.users.downloadedAt'), formatDateTime(new Date().toISOString(), TZ)]],
    columns: [
      { header: f('id'), value: (u) => u.id, width: 8 },
      { header: f('name'), value: (u) => u.name, width: 24 },
      { header: f('email'), value: (u) => u.email, width: 30 },
      { header: f('isAdmin'), value: (u) => yes(u.isAdmin) },
      { header: f('isUsersAdmin'), value: (u) => yes(u.isUsersAdmin) },
      { header: f('isSuperAdmin'), value: (u) => yes(u.isSuperAdmin) },
      { header: f('isMegaAdmin'), value: (u) => yes(u.isMegaAdmin) },
      { header: f('disabled'), value: (u) => yes(u.disabled) },
      { header: f('dateInactive'), value: (u) => formatDateTime(u.dateInactive, TZ) },
      { header: f('otpEnabled'), value: (u) => yes(u.otpEnabled) },
      { header: f('lastSignInAt'), value: (u) => formatDateTime(u.lastSignInAt, TZ), width: 20 },
      {
        header: t('config.users.eventAccess'),
        value: (u) =>
          u.eventAccess.map((a) => `${a.eventName}: ${a.effective.map(label).join(', ')}`).join(' | '),
        width: 60,
      },
    ],
    rows: users,
  });
}

const definition: ResourceDefinition<ConsoleUser, Values> = {
  prefix: 'config.users',
  queryKey: userKeys.list(),
  loadPage: async (page, paginationLimit) => {
    const { users, total } = await listUsers({ page, paginationLimit });
    return { rows: users, total };
  },
  search: async (search) => (await listUsers({ search, paginationLimit: 100 })).users,
  rowKey: (r) => r.id,
  columns: [
    { key: 'name' },
    { key: 'email' },
    { key: 'role', render: (r) => <RoleBadges u={r} />, collapse: true },
    { key: 'state', render: (r) => <StateBadges u={r} /> },
    {
      key: 'lastSignInAt',
      render: (r) => <Text size="sm">{formatDateTime(r.lastSignInAt, TZ)}</Text>,
      collapse: true,
    },
  ],
  schema: Schema as unknown as ResourceDefinition<ConsoleUser, Values>['schema'],
  empty: () => ({
    name: '',
    email: '',
    isAdmin: false,
    isSuperAdmin: false,
    isMegaAdmin: false,
    isUsersAdmin: false,
    disabled: false,
    dateInactive: null,
    mustChangePassword: false,
    otpRequired: false,
    eventAccess: [],
  }),
  toValues: (r) => ({
    name: r.name,
    email: r.email,
    isAdmin: r.isAdmin,
    isSuperAdmin: r.isSuperAdmin,
    isMegaAdmin: r.isMegaAdmin,
    isUsersAdmin: r.isUsersAdmin,
    disabled: r.disabled,
    dateInactive: r.dateInactive,
    mustChangePassword: r.mustChangePassword,
    otpRequired: r.otpRequired,
    eventAccess: r.eventAccess.map((a) => ({
      eventId: a.eventId,
      permissions: a.permissions,
      roleIds: a.roleIds,
    })),
  }),
  save: async (v, row) => {
    const values = {
      ...v,
      dateInactive: v.dateInactive ?? null,
      eventAccess: v.eventAccess ?? [],
    } as ConsoleUserSave;
    try {
      if (row) return await updateUser({ ...values, id: row.id, updatedAt: row.updatedAt });
      return await createUser(values);
    } catch (e) {
      // The e-mail failed: the user was saved all the same; show them (with "Send invitation again").
      if (e instanceof ApiError && e.code === 3002)
        await queryClient.invalidateQueries({ queryKey: userKeys.all });
      throw e;
    }
  },
  // A new user was e-mailed an invitation; a new address was e-mailed its confirmation: say so.
  savedMessage: (saved, v) => {
    const r = saved as { sent?: boolean; emailPending?: string } | undefined;
    if (r?.emailPending) return i18n.t('config.users.actions.emailPending', { email: r.emailPending });
    return r?.sent ? i18n.t('config.users.actions.invitationDone', { email: v.email }) : undefined;
  },
  listSpan: 6,
  invalidates: [userKeys.options()],
  aboveList: () => <DownloadButton />,
  Form: UserForm,
};

function DownloadButton() {
  const { t } = useTranslation();
  const label = usePermissionLabel();
  const [busy, setBusy] = useState(false);
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} />}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await download(t, label);
          } finally {
            setBusy(false);
          }
        }}
        data-testid="users-download"
      >
        {t('reports.download')}
      </Button>
    </Group>
  );
}

/**
 * admin/configuration/users (users-admin guard): console users, their flags, state, one-time code and
 * event access (direct codes and permission roles per event). New users get an invitation e-mail.
 */
export default function UsersPage() {
  return <ResourceScreen def={definition} />;
}
