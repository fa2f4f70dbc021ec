/**
 * Staff sign-in, offline against the cached staff list: an active staff member who may work at this
 * location, by their staff wristband (read or typed) or by their name and PIN (checked against the
 * salted hash the configuration carries; five wrong PINs in a row wait 30 seconds).
 */
import type { DeviceConfig } from '@pulsera/contracts';
import { staffPinMatches } from '@pulsera/contracts/terminals/staff-pin';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReaderInput } from '../reader/reader-input';
import type { Session } from '../store/db';

const PIN_TRIES = 5;
const PIN_WAIT_MS = 30_000;

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
  const here = config.staff.filter(
    (s) => s.active && (s.locationIds === null || s.locationIds.includes(locationId)),
  );
  const withPin = here.filter((s) => s.pin).sort((a, b) => a.name.localeCompare(b.name));
  const [who, setWho] = useState('');
  const [pin, setPin] = useState('');
  const wrong = useRef({ count: 0, until: 0 });

  const byPin = async () => {
    const member = withPin.find((s) => String(s.id) === who);
    if (!member?.pin || !pin) return setError(t('signIn.pinMissing'));
    if (Date.now() < wrong.current.until) return setError(t('signIn.pinWait'));
    if (!(await staffPinMatches(pin, member.pin))) {
      wrong.current.count += 1;
      if (wrong.current.count >= PIN_TRIES) wrong.current = { count: 0, until: Date.now() + PIN_WAIT_MS };
      setPin('');
      return setError(t('signIn.pinWrong'));
    }
    wrong.current = { count: 0, until: 0 };
    onSignIn({ staffId: member.id, staffName: member.name, locationId });
  };

  return (
    <main className="panel">
      <h1>{t('signIn.heading')}</h1>
      <p>{t('signIn.help')}</p>
      <ReaderInput
        withCheckCode={false}
        onRead={({ serial }) => {
          const member = here.find((s) => s.rfid === serial);
          if (!member) return setError(t('signIn.unknown'));
          onSignIn({ staffId: member.id, staffName: member.name, locationId });
        }}
      />
      {withPin.length > 0 && (
        <form
          className="pin"
          onSubmit={(e) => {
            e.preventDefault();
            void byPin();
          }}
        >
          <h2>{t('signIn.orPin')}</h2>
          <label>
            {t('signIn.who')}
            <select value={who} onChange={(e) => setWho(e.target.value)} data-testid="pin-staff">
              <option value="">{t('signIn.choose')}</option>
              {withPin.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('signIn.pin')}
            <input
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={pin}
              onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
              data-testid="pin-input"
            />
          </label>
          <button type="submit" className="primary" data-testid="pin-submit">
            {t('signIn.pinSubmit')}
          </button>
        </form>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </main>
  );
}
