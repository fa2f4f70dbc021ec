/** The matching refunds no SEPA file can carry as they are (issue 26): named, with the reason. */
import { Alert, List, Text } from '@mantine/core';
import { groupIban, type PayoutSkipped } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';

export function SkippedAlert({ skipped }: { skipped: PayoutSkipped[] }) {
  const { t } = useTranslation();
  if (!skipped.length) return null;
  return (
    <Alert
      color="orange"
      data-testid="payouts-skipped"
      title={t('payouts.skipped.title', { count: skipped.length })}
    >
      <List size="sm">
        {skipped.map((s) => (
          <List.Item key={s.refundId} data-testid="payouts-skipped-item">
            <Text size="sm" span fw={600}>
              #{s.refundId} {s.ccOwner}
            </Text>{' '}
            <Text size="sm" span c="dimmed">
              {groupIban(s.ccIban)}
              {s.ccBic ? ` · ${s.ccBic}` : ''}
            </Text>
            {': '}
            {t(`payouts.skipped.reasons.${s.reason}`)}
            {s.detail && s.reason === 'file' ? ` (${s.detail})` : ''}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
