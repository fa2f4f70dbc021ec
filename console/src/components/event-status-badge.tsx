import { Badge, type BadgeProps } from '@mantine/core';
import { EVENT_STATUS_COLOR, statusOfEvent } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';

/**
 * An event's status label (01-console §3): the one rule of contracts (`statusOfEvent`), computed at
 * the moment it is shown, so the event page, the overview and the chooser always agree.
 */
export function EventStatusBadge({
  event,
  ...props
}: { event: { f_inicio: string; f_fin: string; isClosed: number } } & BadgeProps) {
  const { t } = useTranslation();
  const status = statusOfEvent(event);
  return (
    <Badge variant="light" color={EVENT_STATUS_COLOR[status]} data-testid="event-status" {...props}>
      {t(`events.status.${status}`)}
    </Badge>
  );
}
