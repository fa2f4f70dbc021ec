import { Divider, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  isAdminUser,
  LOCATION_ACTIVITIES,
  LOCATION_CATEGORIES,
  LOCATION_LOGO,
  LOCATION_PREFIX_MAX,
  type Location,
  LocationForm,
  type LocationsResult,
  type UploadedImage,
} from '@pulsera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/date-fields';
import { CheckboxField, MultiSelectField, SelectField, TextField } from '../../../components/form-fields';
import { ImageUploadField } from '../../../components/image-upload';
import { ItemsCell } from '../../../components/items-cell';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { useSession } from '../../../lib/session';
import {
  createLocation,
  deleteLocation,
  listLocations,
  locationKeys,
  updateLocation,
  venueKeys,
} from '../api';
import { Dates, Tick } from '../shared';

type Gates = LocationsResult['gates'];
const P = 'venue.locations';

const activityLabels = (t: TFunction, codes: string[]) => codes.map((c) => t(`${P}.activities.${c}`));
const categoryLabel = (t: TFunction, code: string | null) => (code ? t(`${P}.categories.${code}`) : '');

/**
 * admin/events/locations (02-catalogue §2, §3, §4, §5): the list (id for administrators, name,
 * category, gate, NFC activities, additional type, intern) with a delete per row, and the detail
 * form with the validate-and-access gate (shown when gates exist) and the receipt logo.
 */
function useDefinition(isAdmin: boolean, t: TFunction): ResourceDefinition<Location, LocationForm, Gates> {
  return useMemo(
    () => ({
      prefix: P,
      queryKey: locationKeys.list(),
      invalidates: [venueKeys.all],
      load: async () => {
        const res = await listLocations();
        return { rows: res.locations, extra: res.gates };
      },
      rowKey: (r) => r.id,
      columns: [
        { key: 'id', width: 70, hidden: !isAdmin },
        { key: 'nombre' },
        { key: 'category', render: (r) => categoryLabel(t, r.category) },
        { key: 'gate', collapse: true, render: (r) => r.gate ?? t(`${P}.gateAny`) },
        {
          key: 'actividades_nfc',
          render: (r) => <ItemsCell items={activityLabels(t, r.actividades_nfc)} />,
        },
        {
          key: 'additionalType',
          collapse: true,
          render: (r) => <ItemsCell items={r.additionalType.map((c) => categoryLabel(t, c))} />,
        },
        { key: 'isIntern', render: (r) => <Tick on={r.isIntern} /> },
      ],
      schema: LocationForm,
      empty: () => ({
        nombre: '',
        interna: false,
        externalAnalyticsId: '',
        actividades_nfc: [],
        category: null,
        additionalType: [],
        inactive: false,
        f_inactivo: null,
        gateMode: 'any',
        idGate: null,
        prefix: '',
      }),
      toValues: (r) => ({
        nombre: r.nombre,
        interna: r.isIntern,
        externalAnalyticsId: r.externalAnalyticsId ?? '',
        actividades_nfc: r.actividades_nfc,
        category: r.category,
        additionalType: r.additionalType,
        inactive: r.f_inactivo !== null,
        f_inactivo: r.f_inactivo,
        gateMode: r.idGate === null ? 'any' : 'choose',
        idGate: r.idGate === null ? null : String(r.idGate),
        prefix: r.prefix ?? '',
      }),
      save: (v, row) => {
        const location = {
          nombre: v.nombre,
          interna: v.interna ? ('S' as const) : ('N' as const),
          externalAnalyticsId: v.externalAnalyticsId || null,
          actividades_nfc: v.actividades_nfc,
          category: v.category ?? null,
          additionalType: v.additionalType,
          f_inactivo: v.inactive ? (v.f_inactivo ?? null) : null,
          idGate: v.gateMode === 'choose' && v.idGate ? Number(v.idGate) : null,
          prefix: v.prefix || null,
        };
        return row ? updateLocation({ ...location, id: row.id }) : createLocation(location);
      },
      remove: (r) => deleteLocation(r.id),
      rowDelete: true,
      matches: (r, text) =>
        `${r.nombre} ${r.prefix ?? ''} ${r.gate ?? ''} ${isAdmin ? r.id : ''}`.toLowerCase().includes(text),
      Form: LocationFields,
    }),
    [isAdmin, t],
  );
}

function LocationFields({ form, row, extra }: ResourceFormProps<Location, LocationForm, Gates>) {
  const { t } = useTranslation();
  const gates = extra ?? [];
  const [inactive, gateMode] = useWatch({ control: form.control, name: ['inactive', 'gateMode'] });
  const activities = LOCATION_ACTIVITIES.map((c) => ({ value: c, label: t(`${P}.activities.${c}`) }));
  const categories = LOCATION_CATEGORIES.map((c) => ({ value: c, label: t(`${P}.categories.${c}`) }));
  const gateOptions = gates.map((g) => ({
    value: String(g.id),
    label: g.active ? g.name : `${g.name} (${t(`${P}.gateInactive`)})`,
  }));
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField<LocationForm> name="nombre" required maxLength={150} />
        <TextField<LocationForm> name="externalAnalyticsId" maxLength={100} />
      </SimpleGrid>
      <CheckboxField<LocationForm> name="interna" />
      <MultiSelectField<LocationForm> name="actividades_nfc" data={activities} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField<LocationForm> name="category" data={categories} clearable />
        <MultiSelectField<LocationForm> name="additionalType" data={categories} />
      </SimpleGrid>
      <CheckboxField<LocationForm> name="inactive" />
      {inactive && <DateTimeField<LocationForm> name="f_inactivo" required />}
      {gates.length > 0 && (
        <Stack gap="xs">
          <Controller
            name="gateMode"
            control={form.control}
            render={({ field }) => (
              <Radio.Group
                label={t(`${P}.fields.gateMode`)}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  if (v === 'any') form.setValue('idGate', null, { shouldValidate: true });
                }}
              >
                <Group mt={4}>
                  <Radio value="any" label={t(`${P}.gateAny`)} data-testid="gate-any" />
                  <Radio value="choose" label={t(`${P}.gateChoose`)} data-testid="gate-choose" />
                </Group>
              </Radio.Group>
            )}
          />
          {gateMode === 'choose' && <SelectField<LocationForm> name="idGate" data={gateOptions} />}
        </Stack>
      )}
      <TextField<LocationForm>
        name="prefix"
        maxLength={LOCATION_PREFIX_MAX}
        description={t(`${P}.prefixHint`, { max: LOCATION_PREFIX_MAX })}
      />
      <Divider />
      {row ? (
        <ReceiptLogo location={row} />
      ) : (
        <Text size="sm" c="dimmed">
          {t(`${P}.logoAfterSave`)}
        </Text>
      )}
      {row && (
        <Dates
          items={[
            { label: `${P}.fields.create_time`, iso: row.create_time },
            { label: `${P}.fields.update_time`, iso: row.update_time },
          ]}
        />
      )}
    </Stack>
  );
}

/** The receipt logo (200 × 200) of a saved location; each change is saved at once. */
function ReceiptLogo({ location }: { location: Location }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [logo, setLogo] = useState(location.pictureReceiptLogo);
  return (
    <ImageUploadField
      label={t(`${P}.fields.pictureReceiptLogo`)}
      value={logo}
      path="/locations/images"
      folder={LOCATION_LOGO.folder}
      size={LOCATION_LOGO.size}
      extra={{ locationId: location.id }}
      onChange={(image: UploadedImage | null) => {
        setLogo(image ? { id: image.id, url: image.url } : null);
        void qc.invalidateQueries({ queryKey: locationKeys.all });
      }}
    />
  );
}

export default function LocationsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const def = useDefinition(!!user && isAdminUser(user), t);
  return <ResourceScreen def={def} />;
}
