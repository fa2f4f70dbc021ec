import { SimpleGrid } from '@mantine/core';
import { EVENT_IMAGES, type Event, type UploadedImage } from '@pulsera/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../../components/image-upload';
import { eventKeys } from '../events/api';

type Ref = { id: number; url: string } | null;

/**
 * The event's images on the event detail screen (01-console §2, §7): the sponsor image (500×140)
 * and the receipt logo (200×200). Each change is saved at once and refreshes the event queries.
 */
export function EventImagesPanel({ event }: { event: Event }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [sponsor, setSponsor] = useState<Ref>(event.pictureSponsor);
  const [logo, setLogo] = useState<Ref>(event.pictureReceiptLogo);
  useEffect(() => setSponsor(event.pictureSponsor), [event.pictureSponsor]);
  useEffect(() => setLogo(event.pictureReceiptLogo), [event.pictureReceiptLogo]);

  const changed = (set: (r: Ref) => void) => (image: UploadedImage | null) => {
    set(image ? { id: image.id, url: image.url } : null);
    void qc.invalidateQueries({ queryKey: eventKeys.all });
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <ImageUploadField
        label={t('uploads.event.sponsor')}
        value={sponsor}
        path="/event/images/image-sponsor"
        folder={EVENT_IMAGES['image-sponsor'].folder}
        size={EVENT_IMAGES['image-sponsor'].size}
        onChange={changed(setSponsor)}
      />
      <ImageUploadField
        label={t('uploads.event.receiptLogo')}
        value={logo}
        path="/event/images/receipt-logo"
        folder={EVENT_IMAGES['receipt-logo'].folder}
        size={EVENT_IMAGES['receipt-logo'].size}
        onChange={changed(setLogo)}
      />
    </SimpleGrid>
  );
}
