/**
 * Staff sign-in by their staff wristband (read or typed), offline against the cached staff list: an
 * active staff member who may work at this location.
 */
import type { DeviceConfig } from '@pulsera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReaderInput } from '../reader/reader-input';
import type { Session } from '../store/db';

export function SignIn({
  config,
  locationId,
  onSignIn,
}: {
  config: DeviceConfig;
  locationId: number;
  onSignIn: (s: Session) => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  return (
    <main className="panel">
      <h1>{t('signIn.heading')}</h1>
      <p>{t('signIn.help')}</p>
      <ReaderInput
        withCheckCode={false}
        onRead={({ serial }) => {
          const member = config.staff.find(
            (s) =>
              s.active && s.rfid === serial && (s.locationIds === null || s.locationIds.includes(locationId)),
          );
          if (!member) return setError(t('signIn.unknown'));
          onSignIn({ staffId: member.id, staffName: member.name, locationId });
        }}
      />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </main>
  );
}
