import type { PortalSession, PortalSite } from '@pulsera/contracts';
import { type CSSProperties, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Account } from './account';
import { fetchSite, PortalError, storedSession, storeSession } from './api';
import { chooseLanguage, LANGUAGE_NAMES, PORTAL_LANGUAGES, type PortalLanguage } from './i18n';
import { formatDate } from './money';
import { Receipt } from './receipt';
import { SignIn } from './sign-in';
import { WaitingRoom } from './waiting-room';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'failed' }
  | { kind: 'ready'; site: PortalSite };

/** The event's colours, gradient and background as CSS variables of the page. */
function themeOf(site: PortalSite): CSSProperties {
  const g = site.gradient;
  return {
    '--primary': site.colors.primary,
    '--accent': site.colors.accent,
    '--header-text': site.colors.headerText,
    '--background': site.colors.background,
    '--header-bg': g.enabled ? `linear-gradient(${g.angle}deg, ${g.from}, ${g.to})` : site.colors.primary,
    '--page-image': site.images.background ? `url("${site.images.background}")` : 'none',
  } as CSSProperties;
}

function useFavicon(url: string | null) {
  useEffect(() => {
    if (!url) return;
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = url;
    document.head.appendChild(link);
    return () => link.remove();
  }, [url]);
}

export function App({ slug, receipt }: { slug: string; receipt?: string | null }) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [session, setSession] = useState<PortalSession | null>(() => (slug ? storedSession(slug) : null));

  useEffect(() => {
    if (!slug) return setLoaded({ kind: 'missing' });
    fetchSite(slug).then(
      (site) => {
        setLoaded({ kind: 'ready', site });
        document.title = site.eventName;
      },
      (e) => setLoaded({ kind: e instanceof PortalError && e.status === 404 ? 'missing' : 'failed' }),
    );
  }, [slug]);

  const site = loaded.kind === 'ready' ? loaded.site : null;
  useFavicon(site?.images.favicon ?? null);
  const lang = i18n.language as PortalLanguage;
  const info = site ? (site.infoText[lang] ?? site.infoText.en ?? '') : '';
  const signedIn = useCallback(
    (s: PortalSession | null) => {
      storeSession(slug, s);
      setSession(s);
    },
    [slug],
  );
  const signOut = useCallback(() => signedIn(null), [signedIn]);

  return (
    <div className="page" style={site ? themeOf(site) : undefined}>
      <header className="header">
        {site?.images.header ? (
          <img className="header-image" src={site.images.header} alt={site.eventName} />
        ) : (
          <h1 className="header-title">{site?.eventName ?? 'Pulsera'}</h1>
        )}
        <label className="language">
          <span className="visually-hidden">{t('language')}</span>
          <select value={lang} onChange={(e) => void chooseLanguage(e.target.value as PortalLanguage)}>
            {PORTAL_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main className="main">
        {loaded.kind === 'loading' && <p aria-busy="true">{t('loading')}</p>}
        {loaded.kind === 'missing' && (
          <p className="notice" role="alert">
            {t('notFound')}
          </p>
        )}
        {loaded.kind === 'failed' && (
          <p className="notice" role="alert">
            {t('loadFailed')}
          </p>
        )}
        {site && (
          <>
            {info && <p className="info">{info}</p>}
            {site.state === 'notYetOpen' && site.opensAt && (
              <p className="notice" data-testid="portal-state">
                {t('notYetOpen', { date: formatDate(site.opensAt, site.timeZone, lang) })}
              </p>
            )}
            {site.state === 'closed' && site.closesAt && (
              <p className="notice" data-testid="portal-state">
                {t('closed', { date: formatDate(site.closesAt, site.timeZone, lang) })}
              </p>
            )}
            {receipt ? (
              <Receipt site={site} token={receipt} />
            ) : (
              site.state === 'open' && (
                <WaitingRoom queue={site.queue}>
                  {session ? (
                    <Account site={site} session={session} onSignOut={signOut} />
                  ) : (
                    <SignIn site={site} onSignedIn={signedIn} />
                  )}
                </WaitingRoom>
              )
            )}
          </>
        )}
      </main>
    </div>
  );
}
