import { Button, Card, Code, CopyButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  DEVICE_QR_PREFIX,
  GenerateQrForm,
  QR_AUTH_DAYS_DEFAULT,
  QR_VALIDITY_MINUTES,
} from '@pulsera/contracts';
import { IconCheck, IconCopy, IconDeviceMobile, IconQrcode } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldPrefix, NumberField } from '../../../components/form-fields';
import { ApiError } from '../../../lib/api';
import { formResolver } from '../../../lib/form';
import { generateQr } from './api';

/**
 * Generate QR (01-console §5, §7, §9; permission generateQr): a device-configuration code valid for
 * some minutes that authorises a terminal for some days. Shown as a QR image and as its text without
 * the prefix, with a copy button, and as a setup link that opens the terminal web app set up with it in a
 * new tab of this browser (terminal/src/setup-link.ts: a PC at a top-up point needs no camera).
 */
export function GenerateQrTab() {
  const { t } = useTranslation();
  const [code, setCode] = useState<{ text: string; image: string } | null>(null);
  const form = useForm<GenerateQrForm>({
    resolver: formResolver<GenerateQrForm>(GenerateQrForm),
    defaultValues: { qrExpiration: QR_VALIDITY_MINUTES.default, authDays: QR_AUTH_DAYS_DEFAULT },
  });
  const generate = useMutation({
    mutationFn: async (v: GenerateQrForm) => {
      const text = await generateQr(v.qrExpiration, v.authDays * 24);
      const image = await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
      return { text, image };
    },
    onSuccess: setCode,
    onError: (e) => {
      if (!(e instanceof ApiError)) return;
      for (const f of e.fields) {
        const name = f.path === 'authExpiration' ? 'authDays' : 'qrExpiration';
        form.setError(name, { type: 'server', message: f.message });
      }
    },
  });
  const shown = code?.text.startsWith(DEVICE_QR_PREFIX)
    ? code.text.slice(DEVICE_QR_PREFIX.length)
    : code?.text;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder padding="md">
        <FormProvider {...form}>
          <FieldPrefix.Provider value="eventDetail.qr">
            <form onSubmit={form.handleSubmit((v) => generate.mutate(v))} noValidate>
              <Stack>
                <Text size="sm" c="dimmed">
                  {t('eventDetail.qr.hint')}
                </Text>
                <NumberField<GenerateQrForm>
                  name="qrExpiration"
                  required
                  min={QR_VALIDITY_MINUTES.min}
                  max={QR_VALIDITY_MINUTES.max}
                  allowDecimal={false}
                />
                <NumberField<GenerateQrForm>
                  name="authDays"
                  required
                  min={1}
                  max={3650}
                  allowDecimal={false}
                />
                <Group>
                  <Button
                    type="submit"
                    leftSection={<IconQrcode size={16} />}
                    loading={generate.isPending}
                    data-testid="qr-generate"
                  >
                    {t('eventDetail.qr.generate')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </FieldPrefix.Provider>
        </FormProvider>
      </Card>
      {code && shown && (
        <Card withBorder padding="md" data-testid="qr-result">
          <Stack align="center">
            <Image src={code.image} alt={t('eventDetail.qr.image')} w={320} h={320} fit="contain" />
            <Code
              block
              style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', maxWidth: '100%' }}
              data-testid="qr-text"
            >
              {shown}
            </Code>
            <CopyButton value={shown}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  data-testid="qr-copy"
                >
                  {copied ? t('eventDetail.qr.copied') : t('eventDetail.qr.copy')}
                </Button>
              )}
            </CopyButton>
            <Button
              component="a"
              variant="subtle"
              href={`/terminal/#${new URLSearchParams({ setup: code.text })}`}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconDeviceMobile size={16} />}
              data-testid="qr-open-terminal"
            >
              {t('eventDetail.qr.openTerminal')}
            </Button>
          </Stack>
        </Card>
      )}
    </SimpleGrid>
  );
}
