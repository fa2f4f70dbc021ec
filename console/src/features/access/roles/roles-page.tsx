import { Badge, Input, List, Text } from '@mantine/core';
import { type PermissionRole, PermissionRoleSave } from '@pulsera/contracts';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { translateMessage } from '../../../lib/i18n';
import { createRole, deleteRole, listRoles, roleHolders, roleKeys, updateRole, userKeys } from '../users/api';
import { PermissionPicker } from './permission-picker';

type Values = { name: string; permissions: number[] };

/** Who holds the role, and in which event (a role in use is not deleted). */
function RoleHolders({ role }: { role: PermissionRole }) {
  const { t } = useTranslation();
  const holders = useQuery({ queryKey: roleKeys.holders(role.id), queryFn: () => roleHolders(role.id) });
  if (!holders.data) return null;
  return (
    <Input.Wrapper label={t('config.roles.holdersTitle', { count: holders.data.length })}>
      {holders.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="role-holders">
          {t('config.roles.noHolders')}
        </Text>
      ) : (
        <List size="sm" data-testid="role-holders">
          {holders.data.map((h) => (
            <List.Item key={`${h.userId}-${h.eventId}`}>
              {t('config.roles.holder', { name: h.name, email: h.email, event: h.event })}
            </List.Item>
          ))}
        </List>
      )}
    </Input.Wrapper>
  );
}

function RoleForm({
  form,
  row,
}: {
  form: import('react-hook-form').UseFormReturn<Values>;
  row: PermissionRole | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField<Values> name="name" required maxLength={100} />
      <Controller
        name="permissions"
        control={form.control}
        render={({ field, fieldState }) => (
          <Input.Wrapper
            label={t('config.roles.fields.permissions')}
            error={translateMessage(t, fieldState.error?.message)}
          >
            <PermissionPicker value={field.value} onChange={field.onChange} testId="role-permissions" />
          </Input.Wrapper>
        )}
      />
      {row && <RoleHolders role={row} />}
    </>
  );
}

/**
 * admin/configuration/roles (super admins): permission roles, named sets of the 45 codes. Granting a
 * role in an event (users screen) grants its codes; editing one changes everyone who holds it; a role
 * in use is not deleted (the server names who holds it).
 */
const definition: ResourceDefinition<PermissionRole, Values> = {
  prefix: 'config.roles',
  queryKey: roleKeys.list(),
  load: listRoles,
  rowKey: (r) => r.id,
  columns: [
    { key: 'name' },
    {
      key: 'permissions',
      render: (r) => <Text size="sm">{r.permissions.length}</Text>,
      width: 120,
    },
    {
      key: 'holders',
      render: (r) => <Badge variant="light">{r.holders}</Badge>,
      width: 110,
      collapse: true,
    },
  ],
  matches: (r, text) => r.name.toLowerCase().includes(text),
  schema: PermissionRoleSave.omit({ id: true }) as unknown as ResourceDefinition<
    PermissionRole,
    Values
  >['schema'],
  empty: () => ({ name: '', permissions: [] }),
  toValues: (r) => ({ name: r.name, permissions: [...r.permissions] }),
  save: (v, row) => (row ? updateRole({ id: row.id, ...v }) : createRole(v)),
  remove: (r) => deleteRole(r.id),
  invalidates: [userKeys.all],
  listSpan: 5,
  Form: RoleForm,
};

export default function RolesPage() {
  return <ResourceScreen def={definition} />;
}
