import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLoading } from '../lib/loading';

export function LoadingBar() {
  const visible = useLoading();
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <Progress
      value={100}
      animated
      size="xs"
      radius={0}
      aria-label={t('common.loading')}
      data-testid="loading"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    />
  );
}
