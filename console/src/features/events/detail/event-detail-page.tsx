import { Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { IconCalendarEvent, IconCopy, IconDeviceDesktop, IconQrcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EventStatusBadge } from '../../../components/event-status-badge';
import { useHasPermission } from '../../../lib/can';
import { isAdminSession, useSession } from '../../../lib/session';
import { eventDetailKeys, loadEventDetail } from './api';
import { DuplicateTab } from './duplicate-tab';
import { EventTab } from './event-tab';
import { GenerateQrTab } from './generate-qr-tab';
import { KioskTab } from './kiosk-tab';

/**
 * admin/events/theevent (01-console §2 Event detail; admins): the selected event's form, its kiosk,
 * the device-configuration QR (permission generateQr) and duplicating it.
 */
export default function EventDetailPage() {
  const { t } = useTranslation();
  const s = useSession();
  const id = s.event?.id ?? null;
  const admin = isAdminSession(s);
  const canQr = useHasPermission('generateQr');
  const detail = useQuery({
    queryKey: eventDetailKeys.detail(id ?? 0),
    queryFn: () => loadEventDetail(id!),
    enabled: id !== null,
  });
  if (id === null) return null;
  if (!detail.data || detail.data.event.id !== id) return <Loader m="xl" />;
  const event = detail.data.event;
  const saved = event.id > 0;

  return (
    <Stack>
      <Group>
        <Title order={2}>{event.nombre}</Title>
        {saved && <EventStatusBadge event={event} />}
      </Group>
      <Tabs defaultValue="event" keepMounted>
        <Tabs.List>
          <Tabs.Tab value="event" leftSection={<IconCalendarEvent size={16} />} data-testid="tab-event">
            {t('eventDetail.tabs.event')}
          </Tabs.Tab>
          {saved && (
            <Tabs.Tab value="kiosk" leftSection={<IconDeviceDesktop size={16} />} data-testid="tab-kiosk">
              {t('eventDetail.tabs.kiosk')}
            </Tabs.Tab>
          )}
          {canQr && (
            <Tabs.Tab value="qr" leftSection={<IconQrcode size={16} />} data-testid="tab-qr">
              {t('eventDetail.tabs.generateQr')}
            </Tabs.Tab>
          )}
          {admin && saved && (
            <Tabs.Tab value="duplicate" leftSection={<IconCopy size={16} />} data-testid="tab-duplicate">
              {t('eventDetail.tabs.duplicate')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="event" pt="md">
          <EventTab key={event.id} detail={detail.data} />
        </Tabs.Panel>
        {saved && (
          <Tabs.Panel value="kiosk" pt="md">
            <KioskTab eventId={event.id} />
          </Tabs.Panel>
        )}
        {canQr && (
          <Tabs.Panel value="qr" pt="md">
            <GenerateQrTab />
          </Tabs.Panel>
        )}
        {admin && saved && (
          <Tabs.Panel value="duplicate" pt="md">
            <DuplicateTab key={event.id} event={event} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
