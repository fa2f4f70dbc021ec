import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center">
        <Title order={1} c="dimmed">
          404
        </Title>
        <Text data-testid="not-found">{t('errors.routeNotFound')}</Text>
        <Button component={Link} to="/">
          {t('nav.home')}
        </Button>
      </Stack>
    </Center>
  );
}
