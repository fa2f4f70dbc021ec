import { ActionIcon, Button, Group, Input, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { type Kitchen, KitchenForm, KitchenPrinterSave, type KitchensResult } from '@pulsera/contracts';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MultiSelectField, SelectField, TextField } from '../../../components/form-fields';
import { ItemsCell } from '../../../components/items-cell';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { translateMessage } from '../../../lib/i18n';
import { createKitchen, deleteKitchen, kitchenKeys, listKitchens, updateKitchen, venueKeys } from '../api';
import { nameOf, options } from '../shared';

const P = 'venue.kitchens';
type Choices = Omit<KitchensResult, 'kitchens'>;

/**
 * admin/events/kitchens (02-catalogue §2, §3, §5, §7): name, location and rooms, with the printers
 * sub-form (name and ip; add or save, a table with select and delete). Printers are saved with the
 * kitchen.
 */
function useDefinition(): ResourceDefinition<Kitchen, KitchenForm, Choices> {
  return useMemo(
    () => ({
      prefix: P,
      queryKey: kitchenKeys.list(),
      invalidates: [venueKeys.all],
      load: async () => {
        const { kitchens, ...choices } = await listKitchens();
        return { rows: kitchens, extra: choices };
      },
      rowKey: (r) => r.id,
      columns: [
        { key: 'name' },
        { key: 'location', render: (r, x) => nameOf(x?.locations, r.idLocation) },
        {
          key: 'rooms',
          render: (r, x) => <ItemsCell items={r.rooms.map((id) => nameOf(x?.rooms, id))} />,
        },
      ],
      schema: KitchenForm,
      empty: () => ({ name: '', idLocation: '', printers: [], rooms: [] }),
      toValues: (r) => ({
        name: r.name,
        idLocation: String(r.idLocation),
        printers: r.printers.map((p) => ({ id: p.id, name: p.name, ip: p.ip })),
        rooms: r.rooms.map(String),
      }),
      save: (v, row) => {
        const kitchen = {
          name: v.name,
          idLocation: Number(v.idLocation),
          printers: (v.printers ?? []).map((p) => ({ id: p.id, name: p.name, ip: p.ip })),
          rooms: (v.rooms ?? []).map(Number),
        };
        return row ? updateKitchen({ ...kitchen, id: row.id }) : createKitchen(kitchen);
      },
      remove: (r) => deleteKitchen(r.id),
      matches: (r, text) => r.name.toLowerCase().includes(text),
      Form: KitchenFields,
    }),
    [],
  );
}

function KitchenFields({ form, extra }: ResourceFormProps<Kitchen, KitchenForm, Choices>) {
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField<KitchenForm> name="name" required maxLength={150} />
        <SelectField<KitchenForm> name="idLocation" data={options(extra?.locations)} required />
      </SimpleGrid>
      <Printers form={form} />
      <MultiSelectField<KitchenForm> name="rooms" data={options(extra?.rooms)} />
    </Stack>
  );
}

const Draft = KitchenPrinterSave.omit({ id: true });
type DraftErrors = { name?: string; ip?: string };

/** The printers sub-form: a printer is added or saved into the kitchen's list, selected, deleted. */
function Printers({ form }: { form: UseFormReturn<KitchenForm> }) {
  const { t } = useTranslation();
  const printers = useFieldArray({ control: form.control, name: 'printers', keyName: 'key' });
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState({ name: '', ip: '' });
  const [errors, setErrors] = useState<DraftErrors>({});
  const listError = form.formState.errors.printers;

  const pick = (index: number | null) => {
    setSelected(index);
    setErrors({});
    const p = index === null ? null : printers.fields[index];
    setDraft(p ? { name: p.name, ip: p.ip } : { name: '', ip: '' });
  };
  const submit = () => {
    const parsed = Draft.safeParse(draft);
    if (!parsed.success) {
      const next: DraftErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof DraftErrors;
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    if (selected === null) printers.append(parsed.data);
    else printers.update(selected, { id: printers.fields[selected]?.id, ...parsed.data });
    pick(null);
  };

  return (
    <Input.Wrapper label={t(`${P}.fields.printers`)} data-testid="kitchen-printers">
      <Stack gap="xs" mt={4}>
        <Group align="flex-start" grow>
          <TextInput
            label={t(`${P}.printers.name`)}
            required
            maxLength={100}
            value={draft.name}
            error={translateMessage(t, errors.name)}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            data-testid="printer-name"
          />
          <TextInput
            label={t(`${P}.printers.ip`)}
            required
            maxLength={45}
            value={draft.ip}
            error={translateMessage(t, errors.ip)}
            onChange={(e) => setDraft({ ...draft, ip: e.currentTarget.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
            data-testid="printer-ip"
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={selected === null ? <IconPlus size={16} /> : <IconDeviceFloppy size={16} />}
            onClick={submit}
            data-testid="printer-submit"
          >
            {selected === null ? t(`${P}.printers.add`) : t(`${P}.printers.save`)}
          </Button>
          {selected !== null && (
            <Button variant="subtle" onClick={() => pick(null)}>
              {t(`${P}.printers.new`)}
            </Button>
          )}
        </Group>
        {printers.fields.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="printers-empty">
            {t(`${P}.printers.empty`)}
          </Text>
        ) : (
          <Table withTableBorder highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${P}.printers.name`)}</Table.Th>
                <Table.Th>{t(`${P}.printers.ip`)}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {printers.fields.map((p, index) => (
                <Table.Tr
                  key={p.key}
                  onClick={() => pick(index)}
                  style={{
                    cursor: 'pointer',
                    backgroundColor: selected === index ? 'var(--mantine-primary-color-light)' : undefined,
                  }}
                >
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{p.ip}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('common.delete')}
                      onClick={(e) => {
                        e.stopPropagation();
                        printers.remove(index);
                        if (selected !== null) pick(null);
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {listError && (
          <Text size="sm" c="red">
            {t(`${P}.printers.invalid`)}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

export default function KitchensPage() {
  return <ResourceScreen def={useDefinition()} />;
}
