import { Checkbox, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  ERRORS,
  type Staff,
  StaffForm,
  TRUST_LETTER_LIST,
  TRUST_LETTERS,
  type TrustLetter,
  type VenueOption,
} from '@pulsera/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-fields';
import { confirm } from '../../../components/dialogs';
import { CheckboxField, MultiSelectField, Switch01Field, TextField } from '../../../components/form-fields';
import { ItemsCell } from '../../../components/items-cell';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { ApiError } from '../../../lib/api';
import { handleApiError } from '../../../lib/error-dialogs';
import { formatDateTime } from '../../../lib/format';
import { i18n, translateMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { deleteStaff, listStaff, saveStaff, staffKeys } from './api';

type Options = { locations: VenueOption[]; rooms: VenueOption[] };
const NO_OPTIONS: Options = { locations: [], rooms: [] };

/** The event's locations and rooms, as the last list load left them (one call for list and choices). */
function useOptions(): Options {
  const q = useQuery({
    queryKey: staffKeys.options(),
    queryFn: async () => {
      const r = await listStaff();
      return { locations: r.locations, rooms: r.rooms };
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return q.data ?? NO_OPTIONS;
}

const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

function TrustNames({ trusts }: { trusts: string }) {
  const { t } = useTranslation();
  const letters = TRUST_LETTER_LIST.filter((l) => trusts.includes(l));
  return <ItemsCell items={letters.map((l) => `${l} ${t(`staff.staff.trustNames.${TRUST_LETTERS[l]}`)}`)} />;
}

/** Location or room names of a staff member; null means all. */
function VenueNames({ ids, kind }: { ids: number[] | null; kind: keyof Options }) {
  const { t } = useTranslation();
  const options = useOptions()[kind];
  if (ids === null) return <>{t('staff.staff.all')}</>;
  const names = new Map(options.map((o) => [o.id, o.name]));
  return <ItemsCell items={ids.map((id) => names.get(id) ?? `#${id}`)} />;
}

function InactiveCell({ iso }: { iso: string | null }) {
  const { event } = useSession();
  return <>{formatDateTime(iso, event?.zona_horaria)}</>;
}

/** The 15 trust letters as checkboxes, held as a string of letters (C S T V R A G P X H B M K O D). */
function TrustsField() {
  const { t } = useTranslation();
  const form = useFormContext<StaffForm>();
  const message = form.formState.errors.trusts?.message;
  return (
    <Controller
      name="trusts"
      control={form.control}
      render={({ field }) => {
        const value = (field.value ?? '').toUpperCase();
        const toggle = (letter: TrustLetter, on: boolean) =>
          field.onChange(TRUST_LETTER_LIST.filter((l) => (l === letter ? on : value.includes(l))).join(''));
        return (
          <Input.Wrapper
            label={t('staff.staff.fields.trusts')}
            required
            error={translateMessage(t, message)}
            data-testid="field-trusts"
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={6} verticalSpacing={6} mt={6}>
              {TRUST_LETTER_LIST.map((letter) => (
                <Checkbox
                  key={letter}
                  label={
                    <Text size="sm" span>
                      <b>{letter}</b> {t(`staff.staff.trustNames.${TRUST_LETTERS[letter]}`)}
                    </Text>
                  }
                  checked={value.includes(letter)}
                  onChange={(e) => toggle(letter, e.currentTarget.checked)}
                  onBlur={field.onBlur}
                />
              ))}
            </SimpleGrid>
          </Input.Wrapper>
        );
      }}
    />
  );
}

/** The PIN to sign in on a terminal: write-only (the console never has it back), set, changed or removed. */
function PinField({ hasPin }: { hasPin: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<StaffForm>();
  const clearPin = useWatch({ control, name: 'clearPin' });
  return (
    <Stack gap={4}>
      {!clearPin && (
        <TextField<StaffForm>
          name="pin"
          inputMode="numeric"
          maxLength={8}
          autoComplete="off"
          description={t(hasPin ? 'staff.staff.pinSet' : 'staff.staff.pinNone')}
        />
      )}
      {hasPin && <CheckboxField<StaffForm> name="clearPin" label={t('staff.staff.clearPin')} />}
    </Stack>
  );
}

function StaffFields({ row }: { row?: Staff }) {
  const { t } = useTranslation();
  const { control } = useFormContext<StaffForm>();
  const [inactive, allLocations, allRooms] = useWatch({
    control,
    name: ['inactive', 'allLocations', 'allRooms'],
  });
  const options = useOptions();
  const choices = (list: VenueOption[]) => list.map((o) => ({ value: String(o.id), label: o.name }));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField<StaffForm> name="user" required maxLength={100} autoComplete="off" />
        <TextField<StaffForm> name="name" required maxLength={150} />
        <TextField<StaffForm> name="rfid" maxLength={50} autoComplete="off" />
        <PinField hasPin={!!row?.hasPin} />
        <Stack gap="xs" justify="center">
          <Switch01Field<StaffForm> name="intern" />
          <CheckboxField<StaffForm> name="inactive" label={t('staff.staff.inactive')} />
        </Stack>
      </SimpleGrid>
      {inactive && <DateTimeField<StaffForm> name="dateInactive" required />}
      <TrustsField />
      <CheckboxField<StaffForm> name="allLocations" label={t('staff.staff.allLocations')} />
      {!allLocations && (
        <MultiSelectField<StaffForm> name="idsLocation" data={choices(options.locations)} required />
      )}
      <CheckboxField<StaffForm> name="allRooms" label={t('staff.staff.allRooms')} />
      {!allRooms && (
        <MultiSelectField<StaffForm> name="availableRooms" data={choices(options.rooms)} required />
      )}
    </Stack>
  );
}

const ids = (values: string[] | undefined) => (values ?? []).map(Number);

/** admin/events/staffs (permission staff): the event's terminal staff with the form beside it. */
const definition = (qc: QueryClient): ResourceDefinition<Staff, StaffForm> => ({
  prefix: 'staff.staff',
  queryKey: staffKeys.list(),
  load: async () => {
    const r = await listStaff();
    qc.setQueryData(staffKeys.options(), { locations: r.locations, rooms: r.rooms });
    return r.staff;
  },
  rowKey: (r) => r.id,
  columns: [
    { key: 'user' },
    { key: 'name' },
    { key: 'trusts', render: (r) => <TrustNames trusts={r.trusts} /> },
    { key: 'intern', render: (r) => <Tick on={r.intern === 1} />, width: 80 },
    { key: 'rfid', collapse: true },
    {
      key: 'idsLocation',
      collapse: true,
      render: (r) => <VenueNames ids={r.idsLocation} kind="locations" />,
    },
    {
      key: 'availableRooms',
      collapse: true,
      render: (r) => <VenueNames ids={r.availableRooms} kind="rooms" />,
    },
    { key: 'dateInactive', collapse: true, render: (r) => <InactiveCell iso={r.dateInactive} /> },
  ],
  schema: StaffForm,
  empty: () => ({
    user: '',
    name: '',
    rfid: '',
    pin: '',
    clearPin: false,
    intern: 1,
    inactive: false,
    dateInactive: null,
    trusts: '',
    allLocations: true,
    idsLocation: [],
    allRooms: true,
    availableRooms: [],
  }),
  toValues: (r) => ({
    user: r.user,
    name: r.name,
    rfid: r.rfid ?? '',
    pin: '',
    clearPin: false,
    intern: r.intern,
    inactive: r.dateInactive !== null,
    dateInactive: r.dateInactive,
    trusts: r.trusts,
    allLocations: r.idsLocation === null,
    idsLocation: (r.idsLocation ?? []).map(String),
    allRooms: r.availableRooms === null,
    availableRooms: (r.availableRooms ?? []).map(String),
  }),
  // The form-save helper has dropped empty values: a missing one is cleared on the server.
  save: (v, row) =>
    saveStaff({
      id: row?.id,
      user: v.user,
      name: v.name,
      rfid: v.rfid || null,
      // Write-only: a typed PIN sets it, the box removes it, nothing typed keeps it.
      ...(v.clearPin ? { pin: null } : v.pin ? { pin: v.pin } : {}),
      intern: v.intern,
      dateInactive: v.inactive ? (v.dateInactive ?? null) : null,
      trusts: v.trusts,
      idsLocation: v.allLocations ? null : ids(v.idsLocation),
      availableRooms: v.allRooms ? null : ids(v.availableRooms),
    }),
  remove: (r) => removeStaff(r),
  matches: (r, text) => `${r.user} ${r.name} ${r.rfid ?? ''}`.toLowerCase().includes(text),
  Form: ({ row }) => <StaffFields row={row ?? undefined} />,
});

/**
 * Deletes a staff member without operations. One with operations is refused by the server (409
 * staffHasOperations: reports must keep naming them): the refusal, with its count, offers to set
 * their inactive date now instead.
 */
async function removeStaff(r: Staff) {
  try {
    return await deleteStaff(r.id);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.code !== STAFF_HAS_OPERATIONS) {
      handleApiError(e, {});
      throw e;
    }
    const inactive = await confirm({
      title: i18n.t('staff.staff.cannotDelete'),
      text: e.description,
      confirm: i18n.t('staff.staff.setInactiveNow'),
      cancel: i18n.t('dialogs.back'),
    });
    if (!inactive) throw e;
    return saveStaff({
      id: r.id,
      user: r.user,
      name: r.name,
      rfid: r.rfid,
      intern: r.intern,
      dateInactive: new Date().toISOString(),
      trusts: r.trusts,
      idsLocation: r.idsLocation,
      availableRooms: r.availableRooms,
    });
  }
}
const STAFF_HAS_OPERATIONS = ERRORS.staffHasOperations.code;

export default function StaffPage() {
  const qc = useQueryClient();
  const def = useMemo(() => definition(qc), [qc]);
  return <ResourceScreen def={def} />;
}
