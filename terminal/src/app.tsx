/**
 * The terminal's flow: provisioned by the event's QR → its configuration (cached, refreshed between
 * sales) → the location it sells at, or the gate it guards → a staff member signed in → the bar, the
 * top-up point, the kiosk or the gate.
 */
import type { DeviceConfig } from '@pulsera/contracts';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadConfig, ticketList } from './api';
import { StatusBar } from './screens/status-bar';
import { type SetupLink, takeSetupLink } from './setup-link';
import { upgradeConfig } from './store/config-upgrade';
import { type Credentials, db, type Session } from './store/db';
import { contactMade } from './store/limits';
import { forgetPlace } from './store/terminal-reset';
import { configAnswered, onSyncState, type SyncState, startSync, syncNow } from './sync';

const CONFIG_EVERY = 60_000;

/** The ticket list brought up to date (its own chunk: only gates hold one); offline, the one held stays. */
const refreshTickets = () =>
  import('./store/ticket-list').then((m) => m.refreshTicketList(db, ticketList)).catch(() => undefined);

// Each screen is its own chunk, so the first load carries only the shell (the service worker
// precaches every chunk: they load offline too).
const LocationPicker = lazy(() =>
  import('./screens/location-picker').then((m) => ({ default: m.LocationPicker })),
);
const Provision = lazy(() => import('./screens/provision').then((m) => ({ default: m.Provision })));
const Sale = lazy(() => import('./screens/sale').then((m) => ({ default: m.Sale })));
const SignIn = lazy(() => import('./screens/sign-in').then((m) => ({ default: m.SignIn })));
const Blocked = lazy(() => import('./screens/blocked').then((m) => ({ default: m.Blocked })));
const Gate = lazy(() => import('./screens/gate').then((m) => ({ default: m.Gate })));
const TopUp = lazy(() => import('./screens/top-up').then((m) => ({ default: m.TopUp })));
const CashClose = lazy(() => import('./screens/cash-close').then((m) => ({ default: m.CashClose })));
const TerminalMenu = lazy(() => import('./screens/terminal-menu').then((m) => ({ default: m.TerminalMenu })));
const Kiosk = lazy(() => import('./screens/kiosk').then((m) => ({ default: m.Kiosk })));
const Presence = lazy(() => import('./screens/presence').then((m) => ({ default: m.Presence })));

interface Loaded {
  credentials?: Credentials;
  config?: DeviceConfig;
  locationId?: number;
  gateId?: number;
  session?: Session;
}

export function App() {
  const { t } = useTranslation();
  const [state, setState] = useState<Loaded | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = useRef(false);
  const [sync, setSync] = useState<SyncState | null>(null);
  const [mode, setMode] = useState<'sale' | 'topUp' | 'kiosk' | 'presence' | 'cashClose' | null>(null);
  const [setup, setSetup] = useState<SetupLink | null>(null);
  useEffect(() => {
    const off = onSyncState(setSync);
    return () => {
      off();
    };
  }, []);

  const refreshConfig = useCallback(async () => {
    if (busy.current) return;
    try {
      const { config, changed } = await loadConfig();
      await contactMade(db);
      configAnswered();
      // A gate keeps the event's ticket list with its configuration (offline validation).
      if ((await db.get('gateId')) !== undefined) void refreshTickets();
      // A newer configuration is taken between sales, never in the middle of one.
      if (changed && !busy.current) setState((s) => (s ? { ...s, config } : s));
    } catch (e) {
      // Offline: the cached configuration stays. A refusal of the terminal itself is shown.
      configAnswered(e);
    }
  }, []);

  useEffect(() => {
    void (async () => {
      const [credentials, config, locationId, gateId, session] = await Promise.all([
        db.get('credentials'),
        db.get('config'),
        db.get('locationId'),
        db.get('gateId'),
        db.get('session'),
      ]);
      // A setup link sets up a new terminal; this browser already being one, it says so and changes nothing.
      const link = takeSetupLink();
      if (link && credentials) setNotice(t('provision.alreadySetUp'));
      else setSetup(link);
      setState({ credentials, config: config && upgradeConfig(config), locationId, gateId, session });
      if (credentials) {
        // A terminal set up before the offline limits existed counts from its first start with them.
        if ((await db.get('lastContact')) === undefined) await contactMade(db);
        startSync();
        void refreshConfig();
      }
    })();
    const every = setInterval(() => void refreshConfig(), CONFIG_EVERY);
    return () => clearInterval(every);
  }, [refreshConfig, t]);

  if (!state) return null;
  if (!state.credentials) {
    return (
      <Suspense fallback={null}>
        <Provision
          code={setup?.qr}
          onDone={(credentials) => {
            setState({ credentials });
            void contactMade(db);
            startSync();
            void refreshConfig();
          }}
        />
      </Suspense>
    );
  }

  const signOut = async () => {
    if ((await db.outbox.count()) > 0) return setNotice(t('signIn.signOutRefused'));
    await db.remove('session');
    setNotice(null);
    setState({ ...state, session: undefined });
  };

  const provisioned = async (credentials: Credentials) => {
    setState((s) => (s ? { ...s, credentials } : s));
    syncNow();
    await refreshConfig();
  };

  let screen: React.ReactNode;
  const { config, locationId, gateId, session } = state;
  const place = config?.locations.find((l) => l.id === locationId);
  const modes =
    gateId !== undefined
      ? []
      : [
          ...(place?.activities.includes('V') ? (['sale'] as const) : []),
          ...(place?.activities.includes('C') ? (['topUp'] as const) : []),
          // A kiosk (customer service): refunds and wristband changes.
          ...(place?.activities.includes('K') ? (['kiosk'] as const) : []),
          // Presence control: staff checked in and out.
          ...(place?.activities.includes('P') ? (['presence'] as const) : []),
          // Where cash is taken or paid out, the staff close their cash desk at the end of a shift.
          ...(place?.activities.includes('C') || place?.activities.includes('K')
            ? (['cashClose'] as const)
            : []),
        ];
  const shown = mode && modes.includes(mode) ? mode : modes[0];
  const onBusy = (b: boolean) => {
    busy.current = b;
    if (!b) void refreshConfig();
  };
  if (sync?.blocked) {
    screen = (
      <Blocked
        reason={sync.blocked}
        waiting={sync.waiting}
        serial={state.credentials.serial}
        onProvisioned={(c) => void provisioned(c)}
      />
    );
  } else if (!config) screen = <main className="panel">{t('provision.working')}</main>;
  else if (locationId === undefined) {
    screen = (
      <LocationPicker
        config={config}
        preferred={setup?.locationId}
        preferredGate={setup?.gateId}
        onPick={async (id) => {
          await db.put('locationId', id);
          setSetup(null);
          setState((s) => (s ? { ...s, locationId: id } : s));
        }}
        onPickGate={async (gate, id) => {
          await db.put('gateId', gate);
          await db.put('locationId', id);
          setSetup(null);
          setState((s) => (s ? { ...s, gateId: gate, locationId: id } : s));
          void refreshTickets();
        }}
      />
    );
  } else if (!session) {
    screen = (
      <>
        <SignIn
          config={config}
          locationId={locationId}
          onSignIn={async (s) => {
            await db.put('session', s);
            setState({ ...state, session: s });
          }}
        />
        <TerminalMenu
          credentials={state.credentials}
          place={gateId !== undefined ? config.gates.find((g) => g.id === gateId)?.name : place?.name}
          onChangePlace={async () => {
            await forgetPlace(db);
            setState({ ...state, locationId: undefined, gateId: undefined });
          }}
          onOtherEvent={(credentials) => {
            setMode(null);
            setState({ credentials });
            syncNow();
            void refreshConfig();
          }}
        />
      </>
    );
  } else if (gateId !== undefined) {
    screen = <Gate config={config} session={session} gateId={gateId} />;
  } else if (shown === 'cashClose') {
    screen = <CashClose config={config} session={session} />;
  } else if (shown === 'kiosk') {
    screen = (
      <Kiosk config={config} session={session} deviceId={state.credentials.deviceId} onBusy={onBusy} />
    );
  } else if (shown === 'presence') {
    screen = (
      <Presence config={config} session={session} deviceId={state.credentials.deviceId} onBusy={onBusy} />
    );
  } else if (shown === 'topUp') {
    screen = (
      <TopUp config={config} session={session} deviceId={state.credentials.deviceId} onBusy={onBusy} />
    );
  } else {
    screen = <Sale config={config} session={session} deviceId={state.credentials.deviceId} onBusy={onBusy} />;
  }

  return (
    <div className="app">
      <StatusBar />
      {session && (
        <nav className="who">
          <span data-testid="signed-in">{t('sale.staff', { name: session.staffName })}</span>
          <span>{gateId !== undefined ? config?.gates.find((g) => g.id === gateId)?.name : place?.name}</span>
          {modes.length > 1 &&
            modes.map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={m === shown}
                onClick={() => !busy.current && setMode(m)}
                data-testid={`mode-${m}`}
              >
                {t(`mode.${m}`)}
              </button>
            ))}
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
      <Suspense fallback={null}>{screen}</Suspense>
    </div>
  );
}
