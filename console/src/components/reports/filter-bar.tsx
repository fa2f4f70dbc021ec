import { Group, Paper, Select } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { type FilterOption, locationFits } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_INPUT_FORMAT, dayjs, TIME_FORMAT } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { isoToWall, wallToIso } from '../date-fields';
import type { FilterField, ReportFilterState } from './use-report-filter';

const OPTION_LIST = {
  location: 'locations',
  staff: 'staffs',
  article: 'articles',
  role: 'roles',
  device: 'devices',
  kitchen: 'kitchens',
  room: 'rooms',
  addon: 'addons',
} as const;

/**
 * The reports' filter bar (02-catalogue §2): the filters a report offers, each with "All" first and
 * the options sorted by name; every change is written to the URL and reaches the report at once.
 */
export function FilterBar({ state }: { state: ReportFilterState }) {
  const { t } = useTranslation();
  const { fields, search, set, days, options, dateError } = state;
  const tz = options?.event.timezone ?? 'Europe/Madrid';
  const all = { value: '', label: t('reports.filters.all') };
  const has = (f: FilterField) => fields.includes(f);

  const idSelect = (field: keyof typeof OPTION_LIST) => {
    const every = (options?.[OPTION_LIST[field]] ?? []) as (FilterOption & { activities?: string[] })[];
    // A report of top-ups offers the top-up locations, one of sales the selling ones (one rule).
    const picker = state.locationPicker;
    const list =
      field === 'location' && picker
        ? every.filter((o) => locationFits(picker, o.activities ?? []) || o.id === search.location)
        : every;
    return (
      <Select
        key={field}
        label={t(`reports.filters.${field}`)}
        data={[all, ...list.map((o) => ({ value: String(o.id), label: o.name }))]}
        value={search[field] !== undefined ? String(search[field]) : ''}
        onChange={(v) => set({ [field]: v ? Number(v) : undefined })}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('reports.filters.noResult')}
        w={200}
        data-testid={`filter-${field}`}
      />
    );
  };

  return (
    <Paper withBorder p="sm" data-testid="filter-bar">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {has('day') && (
          <Select
            label={t('reports.filters.day')}
            data={[
              all,
              ...days.map((d) => ({
                value: d.value,
                label: dayjs(d.value).locale(currentLanguage()).format('ddd D MMM YYYY'),
              })),
            ]}
            value={search.day ? String(search.day) : ''}
            onChange={(v) => set({ day: v || undefined })}
            allowDeselect={false}
            w={180}
            data-testid="filter-day"
          />
        )}
        {has('dates') && (
          <>
            <DateTimePicker
              label={t('reports.filters.start')}
              valueFormat={DATE_TIME_INPUT_FORMAT}
              timePickerProps={{ format: TIME_FORMAT }}
              clearable
              value={isoToWall(search.start ? String(search.start) : null, tz)}
              onChange={(v) => set({ start: wallToIso(v, tz) ?? undefined })}
              w={190}
              data-testid="filter-start"
            />
            <DateTimePicker
              label={t('reports.filters.end')}
              valueFormat={DATE_TIME_INPUT_FORMAT}
              timePickerProps={{ format: TIME_FORMAT }}
              clearable
              value={isoToWall(search.end ? String(search.end) : null, tz)}
              onChange={(v) => set({ end: wallToIso(v, tz) ?? undefined })}
              error={dateError ? t('validation.errorDates') : undefined}
              w={190}
              data-testid="filter-end"
            />
          </>
        )}
        {has('location') && idSelect('location')}
        {has('staff') && idSelect('staff')}
        {has('intern') && (
          <Select
            label={t('reports.filters.intern')}
            data={[
              all,
              { value: '1', label: t('reports.filters.internal') },
              { value: '0', label: t('reports.filters.external') },
            ]}
            value={search.intern !== undefined ? String(search.intern) : ''}
            onChange={(v) => set({ intern: v === '' || v === null ? undefined : Number(v) })}
            allowDeselect={false}
            w={150}
            data-testid="filter-intern"
          />
        )}
        {has('article') && idSelect('article')}
        {has('role') && idSelect('role')}
        {has('device') && idSelect('device')}
        {has('kitchen') && idSelect('kitchen')}
        {has('room') && idSelect('room')}
        {has('addon') && idSelect('addon')}
      </Group>
    </Paper>
  );
}
