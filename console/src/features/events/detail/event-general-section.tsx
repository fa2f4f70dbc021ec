/**
 * The General group of the event form: name, promoter, teams, province, analytics id, language and
 * business type; the teams and the province are searched on the server.
 */
import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import type { Event, EventForm, EventTypeOption, LanguageRow, Promoter } from '@pulsera/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField, useFieldError } from '../../../components/form-fields';
import { useAutocompleteText } from '../../../lib/autocomplete';
import { findProvinces, provinceKeys, searchTeams } from '../../settings';
import { Section } from './event-section';

export function GeneralSection({
  admin,
  event,
  promoters,
  promoter,
  analyticsEditable,
  languages,
  types,
}: {
  admin: boolean;
  event: Event;
  promoters: Promoter[];
  /** The promoter chosen in the form. */
  promoter: Promoter | undefined;
  analyticsEditable: boolean;
  languages: LanguageRow[];
  types: EventTypeOption[];
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('eventDetail.sections.general')}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextField<EventForm> name="nombre" required maxLength={150} />
        <SelectField<EventForm>
          name="id_promotor"
          numeric
          required
          data={promoters.map((p) => ({ value: String(p.id), label: p.name }))}
        />
        {admin && <TeamsField initial={event.teams} />}
        <ProvinceField initial={event.province} />
        <TextField<EventForm>
          name="externalAnalyticsId"
          maxLength={100}
          readOnly={!analyticsEditable}
          description={
            !promoter?.externalAnalytics
              ? t('eventDetail.hints.analyticsNotEnabled')
              : analyticsEditable
                ? t('eventDetail.hints.analyticsOnce')
                : t('eventDetail.hints.analyticsReadOnly')
          }
        />
        <SelectField<EventForm> name="idioma" data={languageOptions(languages, event.idioma)} />
        <SelectField<EventForm>
          name="businessTypeId"
          data={types.map((ty) => ({ value: ty.id, label: `${ty.id} · ${ty.name}` }))}
        />
      </SimpleGrid>
    </Section>
  );
}

/**
 * The event's language: one of the configured languages (admin/configuration/languages), not only
 * the console's own four. A stored one no longer configured stays shown (the server then asks for
 * another), so the field never looks empty.
 */
function languageOptions(configured: { iso: string; name: string }[], stored: string) {
  const options = configured.map((l) => ({ value: l.iso, label: `${l.iso} · ${l.name}` }));
  if (stored && !configured.some((l) => l.iso === stored)) options.push({ value: stored, label: stored });
  return options;
}

/** Teams (admins): a typeahead over GET /search/teams, labelled with the event's own teams. */
function TeamsField({ initial }: { initial: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventForm>();
  const [search, setSearch] = useState('');
  const debounced = useAutocompleteText(search);
  const found = useQuery({
    queryKey: ['teams', 'search', debounced],
    queryFn: () => searchTeams(debounced),
  });
  const [known, setKnown] = useState(() => new Map(initial.map((x) => [x.id, x.name])));
  useEffect(() => {
    if (!found.data?.length) return;
    setKnown((m) => {
      const next = new Map(m);
      for (const x of found.data) next.set(x.id, x.name);
      return next;
    });
  }, [found.data]);
  const error = useFieldError('teamIds');
  return (
    <Controller
      name="teamIds"
      control={control}
      render={({ field }) => {
        const value = (field.value ?? []).map(String);
        const data = [...known].map(([id, name]) => ({ value: String(id), label: name }));
        return (
          <MultiSelect
            label={t('eventDetail.fields.teamIds')}
            data={data}
            value={value}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            onChange={(v) => field.onChange(v.map(Number))}
            onBlur={field.onBlur}
            error={error}
            description={t('eventDetail.hints.teamsSearch')}
            data-testid="field-teamIds"
          />
        );
      }}
    />
  );
}

const provinceLabel = (p: { name: string; country: string }) =>
  p.country ? `${p.name} (${p.country})` : p.name;

/** The province: a search over GET /provinces/find?name, labelled with the event's own province. */
function ProvinceField({ initial }: { initial: Event['province'] }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventForm>();
  const [search, setSearch] = useState('');
  const debounced = useAutocompleteText(search);
  const found = useQuery({
    queryKey: [...provinceKeys.all, 'find', debounced],
    queryFn: () => findProvinces(debounced),
  });
  const [known, setKnown] = useState(
    () => new Map<number, string>(initial ? [[initial.id, provinceLabel(initial)]] : []),
  );
  useEffect(() => {
    if (!found.data?.length) return;
    setKnown((m) => {
      const next = new Map(m);
      for (const p of found.data) next.set(p.id, provinceLabel(p));
      return next;
    });
  }, [found.data]);
  const error = useFieldError('provinceId');
  return (
    <Controller
      name="provinceId"
      control={control}
      render={({ field }) => (
        <Select
          label={t('eventDetail.fields.provinceId')}
          data={[...known].map(([id, name]) => ({ value: String(id), label: name }))}
          value={field.value ? String(field.value) : null}
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          onChange={(v) => field.onChange(v ? Number(v) : null)}
          onBlur={field.onBlur}
          error={error}
          description={t('eventDetail.hints.provinceSearch')}
          nothingFoundMessage={t('common.noRecords')}
          data-testid="field-provinceId"
        />
      )}
    />
  );
}
