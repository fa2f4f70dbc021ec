import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { APP_FILE_ACCEPT, type ApkRecord, type AppChannel, type UploadedApkInfo } from '@pulsera/contracts';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/dialogs';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { appVersionKeys, downloadApk, enableApk, lastApks, uploadApk } from './api';

const CHANNELS: AppChannel[] = ['development', 'production'];
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** One card: the latest enabled version of a channel (name, code, download button). */
function LatestCard({ channel, apk }: { channel: AppChannel; apk: ApkRecord | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" data-testid={`apk-card-${channel}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{t(`appVersions.channels.${channel}`)}</Title>
          {apk && <Badge variant="light">{apk.fileKind.toUpperCase()}</Badge>}
        </Group>
        {apk ? (
          <>
            <Text size="lg" fw={600}>
              {t('appVersions.fields.vName')}: {apk.vName}
            </Text>
            <Text>
              {t('appVersions.fields.vCode')}: {apk.vCode}
            </Text>
            <Text size="sm" c="dimmed">
              {apk.package} · {megabytes(apk.bytes)} ·{' '}
              {t('appVersions.enabledAt', { date: formatDateTime(apk.enabledAt) })}
            </Text>
            <Group>
              <Button
                leftSection={<IconDownload size={16} />}
                variant="light"
                onClick={() => void downloadApk(channel, `${apk.package}-${apk.vName}.${apk.fileKind}`)}
              >
                {t('appVersions.download')}
              </Button>
            </Group>
          </>
        ) : (
          <Text c="dimmed">{t('appVersions.none')}</Text>
        )}
      </Stack>
    </Card>
  );
}

/** The uploaded file's info (02-catalogue §3 Uploaded APK info) and its Upload (enable) button. */
function InfoCard({ info, onEnabled }: { info: UploadedApkInfo; onEnabled: () => void }) {
  const { t } = useTranslation();
  const enable = useMutation({
    mutationFn: () => enableApk(info.id),
    onSuccess: () => {
      notifySuccess(t('appVersions.updated'));
      onEnabled();
    },
  });
  const rows: [string, string | number][] = [
    ['versionCode', info.versionCode],
    ['versionName', info.versionName],
    ['package', info.package],
    ['type', t(`appVersions.channels.${info.isDevelopment ? 'development' : 'production'}`)],
    ['minVersion', info.minVersion ?? '—'],
  ];
  return (
    <Card withBorder padding="lg" data-testid="apk-info">
      <Stack>
        <Title order={4}>{t('appVersions.infoTitle')}</Title>
        <Table withRowBorders={false} maw={520}>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w={200}>{t(`appVersions.fields.${k}`)}</Table.Th>
                <Table.Td data-testid={`apk-info-${k}`}>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button
            leftSection={<IconUpload size={16} />}
            loading={enable.isPending}
            onClick={() => enable.mutate()}
          >
            {t('appVersions.enable')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Terminal software (admin/configuration/upload-versions, 02-catalogue §2): the latest development
 * and production apps, and the upload of a new .apk or .zip, read by the server, then enabled.
 */
export default function AppVersionsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const last = useQuery({ queryKey: appVersionKeys.last(), queryFn: lastApks });
  const [file, setFile] = useState<File | null>(null);
  const [info, setInfo] = useState<UploadedApkInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (f: File) => uploadApk(f),
    onMutate: () => {
      setError(null);
      setInfo(null);
    },
    onSuccess: (result) => setInfo(result),
    onError: (e) => setError(e instanceof ApiError ? e.description : t('messages.errorUploadingFile')),
  });

  return (
    <Stack>
      <Title order={2}>{t('appVersions.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {CHANNELS.map((c) => (
          <LatestCard key={c} channel={c} apk={last.data?.[c]} />
        ))}
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Stack>
          <Title order={4}>{t('appVersions.uploadTitle')}</Title>
          <Group align="end">
            <FileInput
              label={t('appVersions.file')}
              description={t('appVersions.fileHelp')}
              accept={APP_FILE_ACCEPT}
              value={file}
              onChange={setFile}
              clearable
              w={420}
              data-testid="apk-file"
            />
            <Button
              leftSection={<IconUpload size={16} />}
              disabled={!file}
              loading={upload.isPending}
              onClick={() => file && upload.mutate(file)}
            >
              {t('appVersions.send')}
            </Button>
          </Group>
          {error && (
            <Alert color="red" data-testid="apk-error">
              {error}
            </Alert>
          )}
        </Stack>
      </Card>
      {info && (
        <InfoCard
          info={info}
          onEnabled={() => {
            setInfo(null);
            setFile(null);
            void qc.invalidateQueries({ queryKey: appVersionKeys.all });
          }}
        />
      )}
    </Stack>
  );
}
