import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  type ApiKeyCreated,
  type ApiKeyRow,
  exampleApiCall,
  type Integrator,
  IntegratorSave,
  MAX_LIVE_API_KEYS,
  PERMISSION_AREAS,
  PERMISSIONS,
} from '@pulsera/contracts';
import { IconCheck, IconCopy, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { confirm, notifySuccess } from '../../../components/dialogs';
import {
  CheckboxField,
  MultiSelectField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form-fields';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { formatDateTime } from '../../../lib/format';
import {
  createApiKey,
  deleteIntegrator,
  integratorKeys,
  listIntegrators,
  revokeApiKey,
  saveIntegrator,
} from './api';

const P = 'integrators';
type Values = z.infer<typeof IntegratorSave>;
type Extra = { events: { id: number; name: string }[] };

/** The 45 codes by area, each with its translated name and area (as the roles screen shows them). */
function usePermissionOptions() {
  const { t } = useTranslation();
  return Object.entries(PERMISSION_AREAS).flatMap(([area, names]) =>
    names.map((n) => ({
      value: String(PERMISSIONS[n]),
      label: `${t(`permissions.codes.${n}`)} (${t(`permissions.areas.${area}`)})`,
    })),
  );
}

async function loadIntegrators() {
  const res = await listIntegrators();
  return { rows: res.integrators, extra: { events: res.events } as Extra };
}

const live = (k: ApiKeyRow) => !k.revokedAt && (!k.expiresAt || Date.parse(k.expiresAt) > Date.now());

/** The events the integrator may work in and, in each, its permission codes (like a person's). */
function GrantsEditor({ events }: { events: Extra['events'] }) {
  const { t } = useTranslation();
  const form = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'grants' });
  const choices = events.map((e) => ({ value: String(e.id), label: e.name }));
  const permissionOptions = usePermissionOptions();
  return (
    <Stack gap="xs" data-testid="integrator-grants">
      <Text fw={600}>{t(`${P}.grants`)}</Text>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t(`${P}.noGrants`)}
        </Text>
      )}
      {fields.map((f, i) => (
        <Group key={f.id} align="start" wrap="nowrap">
          <div style={{ width: 220 }}>
            <SelectField<Values>
              name={`grants.${i}.eventId`}
              label={t(`${P}.event`)}
              data={choices}
              numeric
            />
          </div>
          <div style={{ flex: 1 }}>
            <MultiSelectField<Values>
              name={`grants.${i}.permissions`}
              label={t(`${P}.permissions`)}
              data={permissionOptions}
              numeric
            />
          </div>
          <ActionIcon
            mt={28}
            color="red"
            variant="subtle"
            aria-label={t('common.delete')}
            onClick={() => remove(i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => append({ eventId: undefined as unknown as number, permissions: [] })}
          data-testid="integrator-add-grant"
        >
          {t(`${P}.addGrant`)}
        </Button>
      </Group>
    </Stack>
  );
}

/** The integrator's keys: a new one is shown once; revoking bites at the key's next request. */
function KeysPanel({ selected }: { selected: Integrator }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // The list's own query (shared cache): the keys as they are now, after a creation or a revocation.
  const list = useQuery({ queryKey: integratorKeys.list(), queryFn: loadIntegrators });
  const integrator = list.data?.rows.find((r) => r.id === selected.id) ?? selected;
  // A call the integrator was granted (never one that answers 403), in an event it was granted.
  const example = exampleApiCall(integrator.grants);
  const [asking, setAsking] = useState(false);
  const [label, setLabel] = useState('');
  const [expires, setExpires] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const reload = () => qc.invalidateQueries({ queryKey: integratorKeys.all });
  const create = useMutation({
    mutationFn: () =>
      createApiKey(integrator.id, {
        label: label.trim(),
        expiresAt: expires ? new Date(`${expires}T23:59:59`).toISOString() : undefined,
      }),
    onSuccess: async (res) => {
      setAsking(false);
      setCreated(res);
      setLabel('');
      setExpires(null);
      await reload();
    },
  });
  const revoke = useMutation({
    mutationFn: (k: ApiKeyRow) => revokeApiKey(k.id),
    onSuccess: async () => {
      notifySuccess();
      await reload();
    },
  });
  const liveCount = integrator.keys.filter(live).length;
  return (
    <Stack gap="xs" data-testid="integrator-keys">
      <Group justify="space-between">
        <Text fw={600}>{t(`${P}.keys`)}</Text>
        <Button
          size="xs"
          leftSection={<IconKey size={14} />}
          onClick={() => setAsking(true)}
          disabled={liveCount >= MAX_LIVE_API_KEYS}
          data-testid="integrator-new-key"
        >
          {t(`${P}.newKey`)}
        </Button>
      </Group>
      {liveCount >= MAX_LIVE_API_KEYS && (
        <Text size="xs" c="dimmed">
          {t(`${P}.keyLimit`)}
        </Text>
      )}
      {integrator.keys.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${P}.noKeys`)}
        </Text>
      ) : (
        <Table withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${P}.prefix`)}</Table.Th>
              <Table.Th>{t(`${P}.label`)}</Table.Th>
              <Table.Th>{t(`${P}.lastUsed`)}</Table.Th>
              <Table.Th>{t(`${P}.expires`)}</Table.Th>
              <Table.Th>{t(`${P}.status`)}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {integrator.keys.map((k) => (
              <Table.Tr key={k.id} data-testid={`api-key-${k.id}`}>
                <Table.Td>
                  <Code>{k.prefix}…</Code>
                </Table.Td>
                <Table.Td>{k.label}</Table.Td>
                <Table.Td>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t(`${P}.never`)}</Table.Td>
                <Table.Td>{k.expiresAt ? formatDateTime(k.expiresAt) : '—'}</Table.Td>
                <Table.Td>
                  {k.revokedAt ? (
                    <Badge color="red" variant="light">
                      {t(`${P}.revoked`)}
                    </Badge>
                  ) : live(k) ? (
                    <Badge color="green" variant="light">
                      {t(`${P}.active`)}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      {t(`${P}.expired`)}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {!k.revokedAt && (
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      loading={revoke.isPending}
                      onClick={async () => {
                        const sure = await confirm({
                          title: t(`${P}.revokeTitle`),
                          text: t(`${P}.revokeText`),
                          confirm: t(`${P}.revoke`),
                          cancel: t('dialogs.back'),
                          danger: true,
                        });
                        if (sure) revoke.mutate(k);
                      }}
                    >
                      {t(`${P}.revoke`)}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={asking} onClose={() => setAsking(false)} title={t(`${P}.newKey`)}>
        <Stack>
          <TextInput
            label={t(`${P}.label`)}
            value={label}
            maxLength={80}
            onChange={(e) => setLabel(e.currentTarget.value)}
            data-testid="api-key-label"
          />
          <DateInput
            label={t(`${P}.expires`)}
            description={t(`${P}.expiresHelp`)}
            valueFormat="DD/MM/YYYY"
            minDate={new Date()}
            value={expires}
            onChange={(v) => setExpires(v)}
            clearable
          />
          <Group justify="end">
            <Button loading={create.isPending} onClick={() => create.mutate()} data-testid="api-key-create">
              {t('common.create')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={t(`${P}.keyCreated`)}
        closeOnClickOutside={false}
        size="lg"
      >
        {created && (
          <Stack>
            <Alert color="yellow">{t(`${P}.shownOnce`)}</Alert>
            <Group wrap="nowrap">
              <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="api-key-secret">
                {created.secret}
              </Code>
              <CopyButton value={created.secret}>
                {({ copied, copy }) => (
                  <ActionIcon variant="light" onClick={copy} aria-label={t(`${P}.copy`)}>
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                )}
              </CopyButton>
            </Group>
            <Text size="sm">{t(`${P}.howToUse`)}</Text>
            {example ? (
              <Code
                block
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                data-testid="api-key-example"
              >{`curl -H 'x-api-key: ${created.secret}' -H 'x-event-id: ${example.eventId}' ${window.location.origin}${example.path}`}</Code>
            ) : (
              <Text size="sm" c="dimmed" data-testid="api-key-example">
                {t(`${P}.noExample`)}
              </Text>
            )}
            <Group justify="end">
              <Button onClick={() => setCreated(null)} data-testid="api-key-done">
                {t(`${P}.stored`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function IntegratorForm({ row, extra }: ResourceFormProps<Integrator, Values, Extra>) {
  return (
    <Stack>
      <TextField<Values> name="name" required maxLength={120} />
      <Group grow align="start">
        <TextField<Values> name="contactName" maxLength={120} />
        <TextField<Values> name="contactEmail" maxLength={200} />
      </Group>
      <TextAreaField<Values> name="notes" rows={2} />
      <CheckboxField<Values> name="disabled" />
      <GrantsEditor events={extra?.events ?? []} />
      {row && <KeysPanel selected={row} />}
    </Stack>
  );
}

const definition: ResourceDefinition<Integrator, Values, Extra> = {
  prefix: P,
  queryKey: integratorKeys.list(),
  load: loadIntegrators,
  rowKey: (r) => r.id,
  listSpan: 4,
  columns: [
    { key: 'name' },
    { key: 'contactEmail', collapse: true },
    {
      key: 'keys',
      render: (r) => r.keys.filter(live).length,
      width: 80,
    },
    { key: 'events', render: (r) => r.grants.length, width: 80, collapse: true },
  ],
  schema: IntegratorSave as unknown as z.ZodType<Values, Values>,
  empty: () => ({ name: '', contactName: '', contactEmail: '', notes: '', disabled: false, grants: [] }),
  toValues: (r) => ({
    name: r.name,
    contactName: r.contactName,
    contactEmail: r.contactEmail,
    notes: r.notes,
    disabled: r.disabled,
    grants: r.grants,
  }),
  save: (v, row) => saveIntegrator({ ...v, id: row?.id, updatedAt: row?.updatedAt }),
  remove: (r) => deleteIntegrator(r.id),
  matches: (r, text) => r.name.toLowerCase().includes(text) || r.contactEmail.toLowerCase().includes(text),
  Form: IntegratorForm,
};

/** admin/configuration/integrators (issue 13): systems that call the API with a key, admins only. */
export default function IntegratorsPage() {
  return <ResourceScreen def={definition} />;
}
