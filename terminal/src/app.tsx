/**
 * The terminal's flow: provisioned by the event's QR → its configuration (cached, refreshed between
 * sales) → the location it sells at → a staff member signed in → the bar.
 */
import type { DeviceConfig } from '@pulsera/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadConfig } from './api';
import { LocationPicker } from './screens/location-picker';
import { Provision } from './screens/provision';
import { Sale } from './screens/sale';
import { SignIn } from './screens/sign-in';
import { StatusBar } from './screens/status-bar';
import { type Credentials, db, type Session } from './store/db';
import { startSync } from './sync';

const CONFIG_EVERY = 60_000;

interface Loaded {
  credentials?: Credentials;
  config?: DeviceConfig;
  locationId?: number;
  session?: Session;
}

export function App() {
  const { t } = useTranslation();
  const [state, setState] = useState<Loaded | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = useRef(false);

  const refreshConfig = useCallback(async () => {
    if (busy.current) return;
    try {
      const { config, changed } = await loadConfig();
      // A newer configuration is taken between sales, never in the middle of one.
      if (changed && !busy.current) setState((s) => (s ? { ...s, config } : s));
    } catch {
      // Offline: the cached configuration stays.
    }
  }, []);

  useEffect(() => {
    void (async () => {
      const [credentials, config, locationId, session] = await Promise.all([
        db.get('credentials'),
        db.get('config'),
        db.get('locationId'),
        db.get('session'),
      ]);
      setState({ credentials, config, locationId, session });
      if (credentials) {
        startSync();
        void refreshConfig();
      }
    })();
    const every = setInterval(() => void refreshConfig(), CONFIG_EVERY);
    return () => clearInterval(every);
  }, [refreshConfig]);

  if (!state) return null;
  if (!state.credentials) {
    return (
      <Provision
        onDone={(credentials) => {
          setState({ credentials });
          startSync();
          void refreshConfig();
        }}
      />
    );
  }

  const signOut = async () => {
    if ((await db.outbox.count()) > 0) return setNotice(t('signIn.signOutRefused'));
    await db.remove('session');
    setNotice(null);
    setState({ ...state, session: undefined });
  };

  let screen: React.ReactNode;
  const { config, locationId, session } = state;
  if (!config) screen = <main className="panel">{t('provision.working')}</main>;
  else if (locationId === undefined) {
    screen = (
      <LocationPicker
        config={config}
        onPick={async (id) => {
          await db.put('locationId', id);
          setState({ ...state, locationId: id });
        }}
      />
    );
  } else if (!session) {
    screen = (
      <SignIn
        config={config}
        locationId={locationId}
        onSignIn={async (s) => {
          await db.put('session', s);
          setState({ ...state, session: s });
        }}
      />
    );
  } else {
    screen = (
      <Sale
        config={config}
        session={session}
        onBusy={(b) => {
          busy.current = b;
          if (!b) void refreshConfig();
        }}
      />
    );
  }

  return (
    <div className="app">
      <StatusBar />
      {session && (
        <nav className="who">
          <span data-testid="signed-in">{t('sale.staff', { name: session.staffName })}</span>
          <span>{config?.locations.find((l) => l.id === locationId)?.name}</span>
          <button type="button" onClick={() => void signOut()}>
            {t('signIn.signOut')}
          </button>
        </nav>
      )}
      {notice && (
        <p className="error" role="alert">
          {notice}
        </p>
      )}
      {screen}
    </div>
  );
}
