import type { PortalSession, PortalSite, PortalTopUpOptions } from '@pulsera/contracts';
import { topUpAmounts } from '@pulsera/contracts/catalogue/top-up-amounts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTopUpOptions, startTopUp } from './api';
import { formatMoney } from './money';

/**
 * The card top-up's amount screen (issue 28): preset amounts and, when the event allows it, a free
 * amount within its minimum and maximum; the online bonus and the fee shown before paying, computed by
 * the one rule the server and the terminals use (topUpAmounts, channel online). Pay by card opens
 * Stripe's payment page; the server computes the amounts again and charges its own. When the server
 * has no card payment, the screen says so.
 */
export default function TopUp({
  site,
  session,
  onBack,
}: {
  site: PortalSite;
  session: PortalSession;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [options, setOptions] = useState<PortalTopUpOptions | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const inputId = useId();

  useEffect(() => {
    fetchTopUpOptions(site.slug, session.token).then(
      (o) => {
        setOptions(o);
        setAmount(o.presets[0] ?? o.minTopUp);
      },
      (e) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [site.slug, session.token]);

  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!options) return <p aria-busy="true">{t('loading')}</p>;
  const c = options.currency;
  const display = (cents: number) => formatMoney(cents, c, i18n.language);
  const paid = (cents: number) => formatMoney(cents, { ...c, display: c.financial, rate: 1 }, i18n.language);
  const outside = amount !== null && (amount < options.minTopUp || amount > options.maxTopUp);
  const quote =
    amount !== null && !outside
      ? topUpAmounts(
          {
            amount,
            at: new Date(),
            timeZone: options.timeZone,
            topUpNumber: options.topUpNumber,
            channel: 'online',
          },
          options.bonuses,
          options.fees,
        )
      : null;

  const pay = () => {
    if (!quote) return;
    setPaying(true);
    setPayError(null);
    startTopUp(site.slug, session.token, quote.amount).then(
      (started) => window.location.assign(started.url),
      (e) => {
        setPaying(false);
        setPayError(e instanceof Error ? e.message : String(e));
      },
    );
  };

  const typeAmount = (v: string) => {
    setTyped(v);
    const n = Number(v.replace(',', '.'));
    setAmount(v.trim() && Number.isFinite(n) && n > 0 ? Math.round((n / (c.rate || 1)) * 100) : null);
  };

  return (
    <section className="card" aria-labelledby="top-up-title">
      <div className="row">
        <h2 id="top-up-title">{t('topUp.title')}</h2>
        <button type="button" className="link" onClick={onBack}>
          {t('topUp.back')}
        </button>
      </div>
      <fieldset className="presets">
        <legend className="visually-hidden">{t('topUp.amount')}</legend>
        {options.presets.map((p) => (
          <button
            key={p}
            type="button"
            className={amount === p && !typed ? 'tab active' : 'tab'}
            aria-pressed={amount === p && !typed}
            onClick={() => {
              setTyped('');
              setAmount(p);
            }}
          >
            {display(p)}
          </button>
        ))}
      </fieldset>
      {options.manuallyTopUp === 1 && (
        <div className="field">
          <label htmlFor={inputId}>{t('topUp.other', { symbol: c.display.symbol })}</label>
          <input
            id={inputId}
            inputMode="decimal"
            value={typed}
            onChange={(e) => typeAmount(e.target.value)}
            aria-invalid={outside}
          />
        </div>
      )}
      {outside && (
        <p className="error" role="alert">
          {t('topUp.limits', { min: display(options.minTopUp), max: display(options.maxTopUp) })}
        </p>
      )}
      {quote && (
        <dl className="quote" data-testid="top-up-quote">
          <div>
            <dt>{t('topUp.toBalance')}</dt>
            <dd data-testid="quote-amount">{display(quote.amount)}</dd>
          </div>
          <div>
            <dt>{t('topUp.bonus')}</dt>
            <dd data-testid="quote-bonus">{display(quote.bonus)}</dd>
          </div>
          <div>
            <dt>{t('topUp.fee')}</dt>
            <dd data-testid="quote-fee">{paid(quote.fee)}</dd>
          </div>
          <div className="pay">
            <dt>{t('topUp.youPay')}</dt>
            <dd data-testid="quote-money">{paid(quote.money)}</dd>
          </div>
        </dl>
      )}
      {options.cardPayment ? (
        <button type="button" className="primary" disabled={!quote || paying} onClick={pay}>
          {paying ? t('topUp.paying') : t('topUp.pay')}
        </button>
      ) : (
        <p className="notice">{t('topUp.cardOff')}</p>
      )}
      {payError && (
        <p className="error" role="alert">
          {payError}
        </p>
      )}
    </section>
  );
}
