import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { loadOnlineServices, onlineServicesKeys } from './api';
import { OnlineServicesEditor } from './online-services-editor';

/**
 * admin/events/onlineServices (01-console §2, §3; permission edicionDeEventos): the selected
 * event's online top-up site, with a live preview of its header and login box.
 */
export default function OnlineServicesPage() {
  const { t } = useTranslation();
  const { event } = useSession();
  const query = useQuery({ queryKey: onlineServicesKeys.detail(), queryFn: loadOnlineServices });
  if (!query.data || !event) return null;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('onlineServices.title')}</Title>
          <Text c="dimmed" size="sm">
            {event.nombre}
          </Text>
        </div>
        {query.data.siteUrl && (
          <Anchor href={query.data.siteUrl} target="_blank" size="sm" data-testid="site-url">
            <Group gap={4}>
              {query.data.siteUrl}
              <IconExternalLink size={14} />
            </Group>
          </Anchor>
        )}
      </Group>
      <OnlineServicesEditor key={event.id} data={query.data} eventName={event.nombre} />
    </Stack>
  );
}
