/**
 * First start: the event's configuration QR (the console's event, tab Devices) scanned with the
 * camera or pasted as text, redeemed for this terminal; the key is kept in IndexedDB.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, redeem } from '../api';
import { CameraScan } from '../camera/camera-scan';
import { type Credentials, db } from '../store/db';

const QR: ['qr_code'] = ['qr_code'];

const newSerial = () => `WEB-${crypto.randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase()}`;

/**
 * `serial`: the terminal's own when it is set up again (a new QR after its key was rotated): the
 * console keeps the same device, and the outbox its operations. `code`: a setup link's code
 * (setup-link.ts), submitted at once; a refusal shows as a typed code's would, with the code in the field.
 */
export function Provision({
  onDone,
  serial,
  code,
}: {
  onDone: (c: Credentials) => void;
  serial?: string;
  code?: string;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState(code ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Its own screen on first start; part of the blocked screen when set up again.
  const Frame = serial ? 'section' : 'main';
  const submit = async (text: string) => {
    setBusy(true);
    setError(null);
    try {
      const creds = await redeem(text.trim(), serial ?? newSerial());
      await db.put('credentials', creds);
      onDone(creds);
    } catch (e) {
      setError(e instanceof ApiError ? t('provision.failed', { reason: e.message }) : t('provision.offline'));
    } finally {
      setBusy(false);
    }
  };
  const linked = useRef(false);
  useEffect(() => {
    if (!code || linked.current) return;
    linked.current = true;
    void submit(code);
  });
  return (
    <Frame className={serial ? undefined : 'panel'}>
      {!serial && <h1>{t('provision.heading')}</h1>}
      <p>{t('provision.help')}</p>
      <CameraScan
        formats={QR}
        testId="provision-camera"
        onCode={(code) => {
          setQr(code);
          void submit(code);
        }}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit(qr);
        }}
      >
        <label>
          {t('provision.qr')}
          <textarea data-testid="provision-qr" rows={5} value={qr} onChange={(e) => setQr(e.target.value)} />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="primary"
          disabled={busy || !qr.trim()}
          data-testid="provision-submit"
        >
          {busy ? t('provision.working') : t('provision.submit')}
        </button>
      </form>
    </Frame>
  );
}
