/** The event's debtor account of the payouts: name, IBAN, BIC and the transfers' concept. */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_CONCEPT, groupIban, type PayoutAccount, PayoutAccountForm } from '@pulsera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notifySuccess } from '../../../components/dialogs';
import { FieldPrefix, TextField } from '../../../components/form-fields';
import { applyServerErrors, cleanForSave, formResolver } from '../../../lib/form';
import { payoutKeys, saveAccount } from './api';

type AccountInput = z.input<typeof PayoutAccountForm>;
type AccountOutput = z.output<typeof PayoutAccountForm>;

export function AccountCard({ account }: { account: PayoutAccount | null }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const form = useForm<AccountInput, unknown, AccountOutput>({
    resolver: formResolver(PayoutAccountForm),
    mode: 'onTouched',
    defaultValues: account
      ? {
          name: account.name,
          iban: groupIban(account.iban),
          bic: account.bic ?? '',
          conceptTemplate: account.conceptTemplate,
        }
      : { name: '', iban: '', bic: '', conceptTemplate: DEFAULT_CONCEPT },
  });
  const save = useMutation({
    mutationFn: (v: AccountOutput) => saveAccount(cleanForSave(v)),
    onSuccess: async (res) => {
      await qc.invalidateQueries({ queryKey: payoutKeys.account() });
      const a = res.account;
      form.reset({
        name: a.name,
        iban: groupIban(a.iban),
        bic: a.bic ?? '',
        conceptTemplate: a.conceptTemplate,
      });
      notifySuccess();
    },
    onError: (e) => applyServerErrors(e, form.setError),
  });
  return (
    <Card withBorder padding="md" data-testid="payouts-account">
      <FormProvider {...form}>
        <FieldPrefix.Provider value="payouts.account">
          <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={4}>{t('payouts.account.title')}</Title>
                {!account && (
                  <Badge color="orange" variant="light">
                    {t('payouts.account.missing')}
                  </Badge>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }}>
                <TextField<AccountInput> name="name" required />
                <TextField<AccountInput> name="iban" required />
                <TextField<AccountInput> name="bic" />
                <TextField<AccountInput> name="conceptTemplate" required />
              </SimpleGrid>
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  {t('payouts.account.placeholders')}
                </Text>
                <Button type="submit" loading={save.isPending} data-testid="payouts-account-save">
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </FieldPrefix.Provider>
      </FormProvider>
    </Card>
  );
}
