import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { APP_VERSION } from '@pulsera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" bg="var(--mantine-color-gray-0)" p="md">
      <Stack w={400} maw="100%">
        <Group justify="space-between">
          <Title order={1} c="indigo.7" fz={30}>
            Pulsera
          </Title>
          <LanguageSelect />
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack>
            <Title order={2} fz="lg">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t('app.tagline')}
          </Text>
          <Anchor size="xs" c="dimmed" href="/api/docs" target="_blank">
            {t('app.version', { version: APP_VERSION })}
          </Anchor>
        </Group>
      </Stack>
    </Center>
  );
}
