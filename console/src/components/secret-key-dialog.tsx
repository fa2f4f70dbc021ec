import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { i18n } from '../lib/i18n';
import { modals } from './dialogs-host';

/** A device's secret key the server made, shown this once (it is never answered again). */
export function showSecretKey(key: string) {
  const t = i18n.t.bind(i18n);
  const id = modals.open({
    title: <Text fw={700}>{t('devices.keyTitle')}</Text>,
    centered: true,
    children: (
      <Stack>
        <Text size="sm">{t('devices.keyText')}</Text>
        <Code block data-testid="devices-secret-key">
          {key}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={key}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('devices.copied') : t('devices.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={() => modals.close(id)} data-testid="devices-secret-key-close">
            {t('devices.close')}
          </Button>
        </Group>
      </Stack>
    ),
  });
}
