import { Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { AD_DEFAULTS, AD_IMAGE_FOLDER, type Ad, AdForm, IMAGE_SIZES, WEEKDAYS } from '@pulsera/contracts';
import { IconPhotoOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, TimeField, WeekdaysField } from '../../../components/date-fields';
import { NumberField } from '../../../components/form-fields';
import { ImageUploadField } from '../../../components/image-upload';
import { type ResourceDefinition, ResourceScreen } from '../../../components/resource/resource-screen';
import { dayjs, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { AD_IMAGE_PATH, adKeys, deleteAd, listAds, saveAd } from './api';

const day = (d: string) => dayjs(d).format('DD/MM/YYYY');

function Thumb({ ad }: { ad: Ad }) {
  return ad.pictureFull ? (
    <Image src={ad.pictureFull.url} h={40} w={40} fit="cover" radius="sm" alt="" />
  ) : (
    <IconPhotoOff size={20} color="gray" />
  );
}

function Weekdays({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <>
      {WEEKDAYS.split('')
        .filter((d) => value.includes(d))
        .map((d) => t(`weekdays.${d}`))
        .join(' ')}
    </>
  );
}

function LastActivity({ iso }: { iso: string }) {
  const { event } = useSession();
  return <>{formatDateTime(iso, event?.zona_horaria)}</>;
}

/** The 500 × 500 image of a saved ad, saved on its own as soon as it is chosen. */
function AdImage({ ad }: { ad: Ad }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [image, setImage] = useState(ad.pictureFull);
  return (
    <ImageUploadField
      label={t('ads.fields.image')}
      value={image}
      path={AD_IMAGE_PATH}
      folder={AD_IMAGE_FOLDER}
      size={IMAGE_SIZES.ad}
      extra={{ adId: ad.id }}
      onChange={(saved) => {
        setImage(saved ? { id: saved.id, url: saved.url } : null);
        void qc.invalidateQueries({ queryKey: adKeys.all });
      }}
    />
  );
}

function AdFields({ row }: { row: Ad | null }) {
  const { t } = useTranslation();
  const { event } = useSession();
  return (
    <Stack>
      {row ? (
        <AdImage ad={row} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('ads.imageAfterSave')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField<AdForm> name="dateStart" required />
        <DateField<AdForm> name="dateEnd" required />
        <TimeField<AdForm> name="timeStart" required />
        <TimeField<AdForm> name="timeEnd" required />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('ads.localTimes', { timezone: event?.zona_horaria ?? '' })}
      </Text>
      <WeekdaysField<AdForm> name="dayWeek" />
      <NumberField<AdForm>
        name="order"
        min={0}
        step={1}
        allowDecimal={false}
        description={t('ads.orderHint')}
      />
    </Stack>
  );
}

/** admin/events/ads (permission publicidadKiosco; 02-catalogue §2 Kiosk ads): the kiosks' ads. */
const definition: ResourceDefinition<Ad, AdForm> = {
  prefix: 'ads',
  queryKey: adKeys.list(),
  load: listAds,
  rowKey: (r) => r.id,
  columns: [
    { key: 'image', render: (r) => <Thumb ad={r} />, width: 70 },
    { key: 'dateStart', render: (r) => day(r.dateStart) },
    { key: 'dateEnd', render: (r) => day(r.dateEnd) },
    { key: 'timeStart' },
    { key: 'timeEnd' },
    { key: 'dayWeek', collapse: true, render: (r) => <Weekdays value={r.dayWeek} /> },
    { key: 'date_update', collapse: true, render: (r) => <LastActivity iso={r.date_update} /> },
  ],
  schema: AdForm,
  empty: () => ({
    order: null,
    dateStart: '',
    dateEnd: '',
    timeStart: '',
    timeEnd: '',
    dayWeek: AD_DEFAULTS.dayWeek,
  }),
  toValues: (r) => ({
    order: r.order,
    dateStart: r.dateStart,
    dateEnd: r.dateEnd,
    timeStart: r.timeStart,
    timeEnd: r.timeEnd,
    dayWeek: r.dayWeek,
  }),
  save: (v, row) => saveAd({ ...v, id: row?.id }),
  remove: (r) => deleteAd(r.id),
  Form: ({ row }) => <AdFields row={row} />,
};

export default function AdsPage() {
  return <ResourceScreen def={definition} />;
}
