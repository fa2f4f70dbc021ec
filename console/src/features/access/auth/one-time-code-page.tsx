import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  PasswordInput,
  PinInput,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/dialogs';
import { ApiError } from '../../../lib/api';
import { translateMessage } from '../../../lib/i18n';
import { session, useSession } from '../../../lib/session';
import { me, otpConfirm, otpDisable, otpKeys, otpRecoveryCodes, otpSetup, otpStatus } from './api';
import { AuthLayout } from './auth-layout';

type Step =
  | { kind: 'status' }
  | { kind: 'password'; next: 'setup' | 'codes' | 'disable' }
  | { kind: 'scan'; secret: string; qr: string }
  | { kind: 'codes'; codes: string[] };

/**
 * auth/one-time-code: the user's own one-time code (01-console §4 "OTP can be enabled or
 * regenerated"), from the user menu, or forced when an administrator requires it. The secret and QR
 * are shown once and confirmed by a first valid code; ten recovery codes are shown once.
 */
export function OneTimeCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { user } = useSession();
  const status = useQuery({ queryKey: otpKeys.status, queryFn: otpStatus });
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const forced = !!user?.otpSetupRequired;

  const fieldMessage = (e: unknown) =>
    e instanceof ApiError && e.fields.length
      ? (translateMessage(t, e.fields[0]!.message) ?? e.description)
      : null;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      const m = fieldMessage(e);
      if (m) setError(m);
      else if (e instanceof ApiError) setError(e.description);
      else throw e;
    } finally {
      setBusy(false);
    }
  };
  const startSetup = (pw?: string) =>
    run(async () => {
      const r = await otpSetup(pw);
      const qr = await QRCode.toDataURL(r.uri, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
      setCode('');
      setStep({ kind: 'scan', secret: r.secret, qr });
    });
  const confirm = () =>
    run(async () => {
      const r = await otpConfirm(code);
      session.setUser(await me());
      await qc.invalidateQueries({ queryKey: otpKeys.status });
      setStep({ kind: 'codes', codes: r.recoveryCodes });
    });
  const afterPassword = (next: 'setup' | 'codes' | 'disable') =>
    run(async () => {
      if (next === 'setup') return startSetup(password);
      if (next === 'codes') {
        const r = await otpRecoveryCodes(password);
        await qc.invalidateQueries({ queryKey: otpKeys.status });
        setStep({ kind: 'codes', codes: r.recoveryCodes });
        return;
      }
      await otpDisable(password);
      session.setUser(await me());
      await qc.invalidateQueries({ queryKey: otpKeys.status });
      notifySuccess();
      setStep({ kind: 'status' });
    });

  const leave = () => void navigate({ to: '/admin' });
  const s = status.data;
  return (
    <AuthLayout title={t('auth.otpSetupTitle')}>
      <Stack>
        {forced && step.kind !== 'codes' && (
          <Alert color="blue" data-testid="otp-required">
            {t('errors.otpSetupRequired')}
          </Alert>
        )}
        {error && (
          <Alert color="red" data-testid="otp-error">
            {error}
          </Alert>
        )}
        {step.kind === 'status' && s && (
          <>
            <Group>
              <Text size="sm">{t('auth.otpState')}</Text>
              <Badge color={s.enabled ? 'teal' : 'gray'} data-testid="otp-state">
                {s.enabled ? t('auth.otpOn') : t('auth.otpOff')}
              </Badge>
              {s.required && <Badge color="orange">{t('auth.otpRequiredBadge')}</Badge>}
            </Group>
            {s.enabled ? (
              <>
                <Text size="sm" c="dimmed">
                  {t('auth.recoveryLeft', { count: s.recoveryCodesLeft })}
                </Text>
                <Button onClick={() => setStep({ kind: 'password', next: 'setup' })}>
                  {t('auth.otpReplace')}
                </Button>
                <Button variant="light" onClick={() => setStep({ kind: 'password', next: 'codes' })}>
                  {t('auth.otpNewRecovery')}
                </Button>
                {!s.required && (
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => setStep({ kind: 'password', next: 'disable' })}
                  >
                    {t('auth.otpDisable')}
                  </Button>
                )}
              </>
            ) : (
              <>
                <Text size="sm">{t('auth.otpIntro')}</Text>
                <Button loading={busy} onClick={() => void startSetup()} data-testid="otp-start">
                  {t('auth.otpEnable')}
                </Button>
              </>
            )}
            {!forced && (
              <Button variant="subtle" onClick={leave}>
                {t('auth.backToConsole')}
              </Button>
            )}
          </>
        )}
        {step.kind === 'password' && (
          <>
            <PasswordInput
              label={t('auth.currentPassword')}
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button loading={busy} onClick={() => void afterPassword(step.next)}>
              {t('auth.confirm')}
            </Button>
            <Button variant="subtle" onClick={() => setStep({ kind: 'status' })}>
              {t('common.cancel')}
            </Button>
          </>
        )}
        {step.kind === 'scan' && (
          <>
            <Text size="sm">{t('auth.otpScan')}</Text>
            <Image src={step.qr} w={220} h={220} mx="auto" alt={t('auth.otpQr')} />
            <Text size="sm">{t('auth.otpSecretText')}</Text>
            <Code block data-testid="otp-secret">
              {step.secret}
            </Code>
            <Text size="sm">{t('auth.otpConfirmHelp')}</Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              mx="auto"
              aria-label={t('auth.otp')}
              value={code}
              onChange={setCode}
              data-testid="otp-confirm-code"
            />
            <Button
              loading={busy}
              disabled={code.length !== 6}
              onClick={() => void confirm()}
              data-testid="otp-confirm"
            >
              {t('auth.verify')}
            </Button>
            <Button variant="subtle" onClick={() => setStep({ kind: 'status' })}>
              {t('common.cancel')}
            </Button>
          </>
        )}
        {step.kind === 'codes' && (
          <>
            <Alert color="orange">{t('auth.recoveryShownOnce')}</Alert>
            <SimpleGrid cols={2} data-testid="recovery-codes">
              {step.codes.map((c) => (
                <Code key={c} fz="md" ta="center">
                  {c}
                </Code>
              ))}
            </SimpleGrid>
            <Button
              variant="light"
              onClick={() =>
                void navigator.clipboard?.writeText(step.codes.join('\n')).then(() => notifySuccess())
              }
            >
              {t('auth.copyCodes')}
            </Button>
            <Button onClick={leave} data-testid="recovery-saved">
              {t('auth.recoverySaved')}
            </Button>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
