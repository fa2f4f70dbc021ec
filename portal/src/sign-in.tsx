import type { PortalSession, PortalSignIn, PortalSite } from '@pulsera/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PortalError, signIn } from './api';

declare global {
  interface Window {
    grecaptcha?: {
      ready: (cb: () => void) => void;
      render: (el: HTMLElement, opts: { sitekey: string }) => number;
      getResponse: (id?: number) => string;
      reset: (id?: number) => void;
    };
  }
}

/** Google's reCAPTCHA v2 checkbox, loaded only when the event has a site key. */
function useRecaptcha(siteKey: string | null, box: React.RefObject<HTMLDivElement | null>) {
  const widget = useRef<number | null>(null);
  useEffect(() => {
    if (!siteKey || !box.current) return;
    const el = box.current;
    const render = () =>
      window.grecaptcha?.ready(() => {
        if (widget.current === null && window.grecaptcha)
          widget.current = window.grecaptcha.render(el, { sitekey: siteKey });
      });
    if (window.grecaptcha) return render();
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit';
    script.async = true;
    script.onload = render;
    document.head.appendChild(script);
  }, [siteKey, box]);
  return {
    answer: () => (widget.current !== null ? (window.grecaptcha?.getResponse(widget.current) ?? '') : ''),
    reset: () => widget.current !== null && window.grecaptcha?.reset(widget.current),
  };
}

/** The sign-in by the event's login method: wristband (serial, and check code when asked), ticket, or either. */
export function SignIn({ site, onSignedIn }: { site: PortalSite; onSignedIn: (s: PortalSession) => void }) {
  const { t } = useTranslation();
  const methods: ('rfid' | 'ticket')[] =
    site.loginMethod === 'rfidAndTicket' ? ['rfid', 'ticket'] : [site.loginMethod];
  const [method, setMethod] = useState(methods[0]!);
  const [serial, setSerial] = useState('');
  const [checkCode, setCheckCode] = useState('');
  const [ticketCode, setTicketCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const captcha = useRecaptcha(site.recaptchaSiteKey, box);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    const body: PortalSignIn =
      method === 'rfid'
        ? { method, serial, checkCode, captcha: captcha.answer() }
        : { method, ticketCode, captcha: captcha.answer() };
    try {
      onSignedIn(await signIn(site.slug, body));
    } catch (err) {
      setError(err instanceof PortalError ? err.message : t('signIn.failed'));
      captcha.reset();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card sign-in" aria-labelledby="sign-in-title">
      {site.images.login && <img className="login-image" src={site.images.login} alt="" />}
      <h2 id="sign-in-title">{t('signIn.title')}</h2>
      {methods.length > 1 && (
        <div className="tabs" role="tablist">
          {methods.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={method === m}
              className={method === m ? 'tab active' : 'tab'}
              onClick={() => {
                setMethod(m);
                setError(null);
              }}
            >
              {t(m === 'rfid' ? 'signIn.byWristband' : 'signIn.byTicket')}
            </button>
          ))}
        </div>
      )}
      <form onSubmit={submit} noValidate>
        {method === 'rfid' ? (
          <>
            <label className="field">
              <span>{t('signIn.serial')}</span>
              <input
                value={serial}
                onChange={(e) => setSerial(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                required
                aria-describedby="serial-hint"
              />
              <small id="serial-hint">{t('signIn.serialHint')}</small>
            </label>
            {site.needsCodeCheck === 1 && (
              <label className="field">
                <span>{t('signIn.checkCode')}</span>
                <input
                  value={checkCode}
                  onChange={(e) => setCheckCode(e.target.value)}
                  autoComplete="off"
                  autoCapitalize="characters"
                  required
                  aria-describedby="code-hint"
                />
                <small id="code-hint">{t('signIn.checkCodeHint')}</small>
              </label>
            )}
          </>
        ) : (
          <label className="field">
            <span>{t('signIn.ticketCode')}</span>
            <input
              value={ticketCode}
              onChange={(e) => setTicketCode(e.target.value)}
              autoComplete="off"
              required
            />
          </label>
        )}
        {site.recaptchaSiteKey && (
          <div className="captcha">
            <p className="muted">{t('signIn.captcha')}</p>
            <div ref={box} />
          </div>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button className="primary" type="submit" disabled={busy}>
          {t('signIn.submit')}
        </button>
      </form>
    </section>
  );
}
