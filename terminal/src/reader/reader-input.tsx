/**
 * The one way every screen reads a wristband: a field that takes a USB keyboard-wedge reader's
 * typing (it ends with Enter) or a serial typed by hand with its check code, and a Web NFC button
 * where the browser has it. Each gives the serial in the product's form.
 */
import { SERIAL_LENGTH } from '@pulsera/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nfcAvailable, readNfcSerial } from './nfc';
import { normaliseSerial, readingProblem } from './normalise';

export interface WristbandRead {
  serial: string;
  codeCheck?: string;
}

export function ReaderInput({
  onRead,
  withCheckCode = true,
  focusOn,
}: {
  onRead: (r: WristbandRead) => void;
  withCheckCode?: boolean;
  /** Each time it changes the serial field takes the focus again (the next read goes there). */
  focusOn?: unknown;
}) {
  const { t } = useTranslation();
  const [serial, setSerial] = useState('');
  const [check, setCheck] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusOn is the trigger, not a value read
  useEffect(() => field.current?.focus(), [focusOn]);

  const submit = () => {
    const s = normaliseSerial(serial);
    if (!s) return setError(t(`reader.${readingProblem(serial)}`, { max: SERIAL_LENGTH.max }));
    setError(null);
    const code = check.trim().toUpperCase();
    // The field takes one read: emptied for the next wristband (a keyboard-wedge reader types after
    // what is there), and a staff wristband leaves no trace on the sign-in once read.
    setSerial('');
    setCheck('');
    onRead(code ? { serial: s, codeCheck: code } : { serial: s });
  };

  const scan = async () => {
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setScanning(true);
    try {
      const { serial: s, raw } = await readNfcSerial(ctrl.signal);
      if (s) onRead({ serial: s });
      else setError(t(`reader.${readingProblem(raw)}`, { max: SERIAL_LENGTH.max }));
    } catch {
      if (!ctrl.signal.aborted) setError(t('reader.nfcUnavailable'));
    } finally {
      setScanning(false);
    }
  };

  return (
    <form
      className="reader"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label>
        {t('reader.serial')}
        <input
          ref={field}
          data-testid="reader-serial"
          value={serial}
          onChange={(e) => setSerial(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
        />
      </label>
      {withCheckCode && (
        <label>
          {t('reader.checkCode')}
          <input
            data-testid="reader-check"
            value={check}
            onChange={(e) => setCheck(e.target.value)}
            autoComplete="off"
          />
        </label>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="submit" data-testid="reader-read">
          {t('reader.read')}
        </button>
        {nfcAvailable() && (
          <button type="button" onClick={() => void scan()} disabled={scanning}>
            {scanning ? t('reader.nfcWaiting') : t('reader.nfc')}
          </button>
        )}
      </div>
    </form>
  );
}
