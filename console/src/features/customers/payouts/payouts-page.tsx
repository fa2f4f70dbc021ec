import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AccountCard } from './account-card';
import { loadAccount, payoutKeys } from './api';
import { NewRunCard } from './new-run-card';
import { RunsCard } from './runs-card';

/**
 * Refund payouts (issue 15; admin/cashless/payouts): the event's debtor account, a new run chosen by
 * filters with its list, count and sum shown before the file is written, and the runs with their
 * file, spreadsheet, sending, cancelling and the bank's rejections.
 */
export default function PayoutsPage() {
  const { t } = useTranslation();
  const account = useQuery({ queryKey: payoutKeys.account(), queryFn: loadAccount });
  return (
    <Stack gap="md">
      <Title order={2}>{t('payouts.title')}</Title>
      {account.data && <AccountCard account={account.data.account} />}
      <NewRunCard hasAccount={!!account.data?.account} />
      <RunsCard />
    </Stack>
  );
}
