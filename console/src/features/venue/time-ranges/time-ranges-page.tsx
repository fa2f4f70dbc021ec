import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { NEW_TIME_RANGE_DEFAULTS, type TimeRange, TimeRangeForm } from '@pulsera/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, TimeField, WeekdaysField } from '../../../components/date-fields';
import { TextField } from '../../../components/form-fields';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { dayjs } from '../../../lib/format';
import { deleteTimeRange, listTimeRanges, saveTimeRange, timeRangeKeys, venueKeys } from '../api';

const P = 'venue.timeRanges';
const day = (d: string) => dayjs(d).format('DD/MM/YYYY');

/**
 * admin/access/timeRange (02-catalogue §2, §3, §4, §5): name, dates, hours and weekdays. The hours and
 * the weekdays appear only for a saved range; a new one starts all day, every day.
 */
function useDefinition(): ResourceDefinition<TimeRange, TimeRangeForm> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      prefix: P,
      queryKey: timeRangeKeys.list(),
      invalidates: [venueKeys.all],
      load: listTimeRanges,
      rowKey: (r) => r.id,
      columns: [
        { key: 'name' },
        { key: 'dateStart', render: (r) => day(r.dateStart) },
        { key: 'dateEnd', render: (r) => day(r.dateEnd) },
        { key: 'timeStart', collapse: true },
        { key: 'timeEnd', collapse: true },
        {
          key: 'weekdays',
          collapse: true,
          render: (r) =>
            r.weekdays.length === NEW_TIME_RANGE_DEFAULTS.weekdays.length
              ? t(`${P}.everyDay`)
              : r.weekdays
                  .split('')
                  .map((d) => t(`weekdays.${d}`))
                  .join(', '),
        },
      ],
      schema: TimeRangeForm,
      empty: () => ({ existing: false, name: '', dateStart: '', dateEnd: '' }),
      toValues: (r) => ({
        existing: true,
        name: r.name,
        dateStart: r.dateStart,
        dateEnd: r.dateEnd,
        timeStart: r.timeStart,
        timeEnd: r.timeEnd,
        weekdays: r.weekdays,
      }),
      save: (v, row) =>
        saveTimeRange(
          row
            ? {
                id: row.id,
                name: v.name,
                dateStart: v.dateStart,
                dateEnd: v.dateEnd,
                timeStart: v.timeStart,
                timeEnd: v.timeEnd,
                weekdays: v.weekdays,
                accessUsage: row.accessUsage,
              }
            : { name: v.name, dateStart: v.dateStart, dateEnd: v.dateEnd },
        ),
      remove: (r) => deleteTimeRange(r.id),
      matches: (r, text) => r.name.toLowerCase().includes(text),
      Form: TimeRangeFields,
    }),
    [t],
  );
}

function TimeRangeFields({ row }: ResourceFormProps<TimeRange, TimeRangeForm>) {
  const { t } = useTranslation();
  return (
    <Stack>
      <TextField<TimeRangeForm> name="name" required maxLength={150} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField<TimeRangeForm> name="dateStart" required />
        <DateField<TimeRangeForm> name="dateEnd" required />
      </SimpleGrid>
      {row ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TimeField<TimeRangeForm> name="timeStart" required />
            <TimeField<TimeRangeForm> name="timeEnd" required />
          </SimpleGrid>
          <WeekdaysField<TimeRangeForm> name="weekdays" />
        </>
      ) : (
        <Alert color="gray">{t(`${P}.hoursLater`)}</Alert>
      )}
    </Stack>
  );
}

export default function TimeRangesPage() {
  return <ResourceScreen def={useDefinition()} />;
}
