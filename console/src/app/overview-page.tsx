import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EventStatusBadge } from '../components/event-status-badge';
import { eventKeys, findEvent } from '../features/events/events/api';
import { formatDateTime } from '../lib/format';
import { screenPath } from '../lib/screen-paths';
import { useSession } from '../lib/session';
import { navigation } from './screens';

/** /admin: the selected event at a glance and the screens this user may open in it. */
export function OverviewPage() {
  const { t } = useTranslation();
  const s = useSession();
  const id = s.event?.id ?? 0;
  const q = useQuery({ queryKey: eventKeys.detail(id), queryFn: () => findEvent(id), enabled: id > 0 });
  const ev = q.data?.event;
  const groups = navigation(s);
  return (
    <Stack>
      <Title order={2}>{s.event?.nombre}</Title>
      {ev && (
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <Info label={t('events.fields.status')} value={<EventStatusBadge event={ev} />} />
            <Info label={t('events.fields.f_inicio')} value={formatDateTime(ev.f_inicio, ev.zona_horaria)} />
            <Info label={t('events.fields.f_fin')} value={formatDateTime(ev.f_fin, ev.zona_horaria)} />
            <Info label={t('events.fields.zona_horaria')} value={ev.zona_horaria} />
            <Info label={t('events.fields.promoter')} value={ev.promoterName ?? '—'} />
            <Info
              label={t('events.fields.currency')}
              value={
                ev.financialCurrencyModel
                  ? `${ev.financialCurrencyModel.iso}${ev.localCurrencyModel && ev.localCurrencyModel.id !== ev.financialCurrencyModel.id ? ` · 1 ${ev.financialCurrencyModel.iso} = ${ev.localCurrencyRate} ${ev.localCurrencyModel.iso}` : ''}`
                  : '—'
              }
            />
          </SimpleGrid>
        </Card>
      )}
      {groups.length > 0 && (
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={600}>{t('nav.yourScreens')}</Text>
            {groups.map(({ group, items }) => (
              <Group key={group} gap="xs">
                <Text size="sm" c="dimmed" w={140}>
                  {t(`nav.groups.${group}`)}
                </Text>
                {items.map((i) => (
                  <Badge
                    key={i}
                    component={Link}
                    to={screenPath(i)}
                    variant="outline"
                    style={{ cursor: 'pointer' }}
                  >
                    {t(`nav.routes.${i}`)}
                  </Badge>
                ))}
              </Group>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function Info({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </Stack>
  );
}
