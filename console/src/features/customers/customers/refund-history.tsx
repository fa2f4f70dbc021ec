/** A bank refund's payout history as a timeline (issue 27): its one state is the last step. */
import { Text, Timeline } from '@mantine/core';
import type { RefundHistoryEntry } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

const COLOR: Record<RefundHistoryEntry['kind'], string> = {
  created: 'gray',
  inRun: 'blue',
  cancelled: 'gray',
  paid: 'teal',
  rejected: 'red',
};

export function RefundHistory({ history, tz }: { history: RefundHistoryEntry[]; tz?: string }) {
  const { t } = useTranslation();
  if (history.length < 2) return null;
  return (
    <div data-testid="customers-refund-history">
      <Text fw={600} size="sm" mt="sm" mb="xs">
        {t('customers.refund.history.title')}
      </Text>
      <Timeline active={history.length - 1} bulletSize={14} lineWidth={2}>
        {history.map((h, i) => (
          <Timeline.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, in order
            key={i}
            color={COLOR[h.kind]}
            title={t(`customers.refund.history.${h.kind}`, { run: h.runId, reason: h.reason ?? '' })}
            data-testid="customers-refund-history-step"
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(h.at, tz)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </div>
  );
}
