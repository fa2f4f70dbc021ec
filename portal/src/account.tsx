import type { PortalAccount, PortalSession, PortalSite } from '@pulsera/contracts';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAccount, PortalError } from './api';
import { Lost } from './lost';
import { formatDate, formatMoney } from './money';
import { receiptPath } from './receipt';
import { Refund } from './refund';
import { returnedTopUp, TopUpResult } from './top-up-result';

/** The amount screen loads on demand: the top-up rule (and zod with it) stays out of the first load. */
const TopUp = lazy(() => import('./top-up'));

/**
 * The signed-in attendee: the wristband's balance, its history and the online top-ups; back from the
 * payment page, the card top-up's result above them.
 */
export function Account({
  site,
  session,
  onSignOut,
}: {
  site: PortalSite;
  session: PortalSession;
  onSignOut: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [account, setAccount] = useState<PortalAccount | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toppingUp, setToppingUp] = useState(false);
  const lang = i18n.language;
  const [returned] = useState(returnedTopUp);

  const load = useCallback(() => {
    fetchAccount(site.slug, session.token).then(setAccount, (e) => {
      if (e instanceof PortalError && e.status === 401) onSignOut();
      else setError(e instanceof Error ? e.message : String(e));
    });
  }, [site.slug, session.token, onSignOut]);
  useEffect(load, [load]);

  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!account) return <p aria-busy="true">{t('loading')}</p>;
  const money = (cents: number) => formatMoney(cents, account.currency, lang);
  const date = (iso: string) => formatDate(iso, site.timeZone, lang);
  const w = account.wristband;

  if (toppingUp)
    return (
      <Suspense fallback={<p aria-busy="true">{t('loading')}</p>}>
        <TopUp site={site} session={session} onBack={() => setToppingUp(false)} />
      </Suspense>
    );

  return (
    <>
      {returned && (
        <TopUpResult
          slug={site.slug}
          token={session.token}
          id={returned.id}
          cancelled={returned.cancelled}
          onPaid={load}
        />
      )}
      <section className="card balance" aria-labelledby="balance-title">
        <div className="row">
          <h2 id="balance-title">{t('account.balance')}</h2>
          <button type="button" className="link" onClick={onSignOut}>
            {t('account.signOut')}
          </button>
        </div>
        <p className="muted">
          {w
            ? t('account.wristband', { serial: w.serial })
            : t('account.ticket', { code: account.ticketCode })}
        </p>
        {w ? (
          <dl className="figures">
            <div>
              <dt>{t('account.total')}</dt>
              <dd className="total" data-testid="balance-total">
                {money(w.cash + w.gift)}
              </dd>
            </div>
            <div>
              <dt>{t('account.cash')}</dt>
              <dd data-testid="balance-cash">{money(w.cash)}</dd>
            </div>
            <div>
              <dt>{t('account.gift')}</dt>
              <dd data-testid="balance-gift">{money(w.gift)}</dd>
            </div>
          </dl>
        ) : (
          <p>{t('account.noWristband')}</p>
        )}
        {w && !w.blocked && (
          <button type="button" className="primary top-up-open" onClick={() => setToppingUp(true)}>
            {t('topUp.open')}
          </button>
        )}
        <Lost
          key={account.wristband?.serial}
          site={site}
          session={session}
          account={account}
          onBlocked={setAccount}
        />
      </section>

      <Refund
        site={site}
        session={session}
        account={account}
        money={money}
        date={date}
        onAsked={setAccount}
      />

      <section className="card" aria-labelledby="online-title">
        <h2 id="online-title">{t('account.online')}</h2>
        {account.onlineTopUps.length === 0 ? (
          <p className="muted">{t('account.noOnline')}</p>
        ) : (
          <ul className="list" data-testid="online-top-ups">
            {account.onlineTopUps.map((o) => (
              <li key={o.id}>
                <div className="row">
                  <strong>{money(o.amount)}</strong>
                  <span className={`badge ${o.state}`}>{t(`state.${o.state}`)}</span>
                </div>
                <div className="muted">
                  {date(o.date)}
                  {o.bonus > 0 && ` · ${t('account.bonus', { amount: money(o.bonus) })}`}
                  {o.card && ` · ${o.card}`}
                </div>
                {o.state === 'paid' && (
                  <div className="muted">
                    {o.deliveredAt
                      ? t('account.delivered', { date: date(o.deliveredAt) })
                      : t('account.notDelivered')}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">{t('account.history')}</h2>
        {account.operations.length === 0 ? (
          <p className="muted">{t('account.noHistory')}</p>
        ) : (
          <ul className="list" data-testid="history">
            {account.operations.map((o) => (
              <li key={`${o.idType}-${o.idUnique}`}>
                <div className="row">
                  <strong>{t(`op.${o.operation}`)}</strong>
                  <span className={o.amount < 0 ? 'amount out' : 'amount in'}>
                    {o.amount > 0 ? '+' : ''}
                    {money(o.amount)}
                  </span>
                </div>
                <div className="muted">
                  {date(o.date)}
                  {o.location && ` · ${o.location}`}
                </div>
                {o.articles.length > 0 && (
                  <div className="articles">
                    {o.articles.map((a) => `${a.quantity} × ${a.name}`).join(', ')}
                  </div>
                )}
                <div className="row">
                  <span className="muted">{t('account.balanceAfter', { amount: money(o.accumulate) })}</span>
                  {o.receipt && (
                    <a
                      className="link"
                      href={receiptPath(site.slug, o.receipt)}
                      aria-label={`${t('receipt.open')}: ${t(`op.${o.operation}`)} ${date(o.date)}`}
                    >
                      {t('receipt.open')}
                    </a>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
