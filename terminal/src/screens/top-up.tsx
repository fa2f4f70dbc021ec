/**
 * The top-up point: the wristband is tapped first (its balance shown: the balance check), then an
 * amount (a button or a free amount) with the bonus and fee `topUpAmounts` gives for this location,
 * device and the wristband's next top-up number, paid in cash or by card as the event's payment
 * methods allow here. The top-up is written to the outbox with the balance it leaves before the
 * screen says done, like a sale.
 */
import { displayToCents, viewOf } from '@pulsera/contracts/money';
import { paymentLettersAt, topUpPaymentTypes } from '@pulsera/contracts/terminals/sale-payment';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../i18n';
import { ReaderInput, type WristbandRead } from '../reader/reader-input';
import { balanceOf } from '../store/balances';
import { type BalanceRow, db } from '../store/db';
import { contactStop } from '../store/limits';
import { amountButtons, amountsFor, bookTopUp } from '../store/top-up';
import { operationWritten } from '../sync';
import { useLimitMessage } from './limit-message';
import type { PlaceScreenProps } from './place-props';

type Phase =
  | { step: 'read' }
  | { step: 'amount'; read: WristbandRead; known: BalanceRow }
  | { step: 'done'; amount: number; bonus: number; money: number; cash: number; gift: number };

export function TopUp({ config, session, deviceId, onBusy }: PlaceScreenProps) {
  const { t, i18n } = useTranslation();
  const currency = config.event.currency;
  const limitMessage = useLimitMessage(currency);
  // What the wristband gets shows in the display currency (tokens); the money collected is real money.
  const collected = (cents: number) => money(cents, currency, 'financial');
  const [phase, setPhase] = useState<Phase>({ step: 'read' });
  const [amount, setAmount] = useState(0);
  const [free, setFree] = useState('');
  const [error, setError] = useState<string | null>(null);
  const booking = useRef(false);

  const reset = () => {
    setPhase({ step: 'read' });
    setAmount(0);
    setFree('');
    setError(null);
    onBusy(false);
  };

  const read = async (r: WristbandRead) => {
    setError(null);
    const known = await balanceOf(r.serial);
    if (!known) return setError(navigator.onLine ? t('sale.lookupFailed') : t('sale.unknownOffline'));
    if (known.bannedTerminals || known.bannedTopUps) return setError(t('topUp.banned'));
    onBusy(true);
    setPhase({ step: 'amount', read: r, known });
  };

  const place = { config, locationId: session.locationId, deviceId };
  // Cash and card as the event's payment methods allow them here.
  const ways = topUpPaymentTypes(
    paymentLettersAt(config.paymentMethods, { deviceId, locationId: session.locationId }),
  );

  const book = async (paymentType: 'S' | 'T') => {
    if (phase.step !== 'amount' || amount <= 0 || booking.current) return;
    booking.current = true;
    setError(null);
    try {
      const stop = await contactStop(db, config);
      if (stop) return setError(limitMessage(stop));
      const done = await bookTopUp(db, place, {
        known: phase.known,
        amount,
        paymentType,
        staffId: session.staffId,
        ...(phase.read.codeCheck ? { codeCheck: phase.read.codeCheck } : {}),
      });
      setPhase({ step: 'done', ...done });
      void operationWritten();
    } finally {
      booking.current = false;
    }
  };

  if (phase.step === 'done') {
    return (
      <main className="panel done" data-testid="topup-done">
        <h1>{t('topUp.done', { amount: money(phase.amount, currency) })}</h1>
        {phase.bonus > 0 && <p>{t('topUp.bonus', { bonus: money(phase.bonus, currency) })}</p>}
        <p>{t('topUp.collected', { money: collected(phase.money) })}</p>
        <p>
          {t('sale.balanceLeft', { cash: money(phase.cash, currency), gift: money(phase.gift, currency) })}
        </p>
        <button type="button" className="primary" onClick={reset} data-testid="topup-next">
          {t('topUp.next')}
        </button>
      </main>
    );
  }

  if (phase.step === 'read') {
    return (
      <main className="panel">
        <h1>{t('topUp.tap')}</h1>
        <ReaderInput onRead={(r) => void read(r)} />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
      </main>
    );
  }

  const { known } = phase;
  const preview = amount > 0 ? amountsFor(place, amount, new Date(), known.topUps ?? 0) : null;
  return (
    <main className="panel" data-testid="topup">
      <p data-testid="topup-balance">
        {t('topUp.balance', { cash: money(known.cash, currency), gift: money(known.gift, currency) })}
      </p>
      <div className="grid">
        {amountButtons(config, session.locationId).map(({ amount: p, description }) => (
          <button
            key={p}
            type="button"
            className={`tile${p === amount && !free ? ' chosen' : ''}`}
            onClick={() => {
              setFree('');
              setAmount(p);
            }}
            data-testid="topup-amount"
          >
            {description && <span>{i18n.language === 'es' ? description.es : description.en}</span>}
            {money(p, currency)}
          </button>
        ))}
      </div>
      <label>
        {t('topUp.free')}
        <input
          inputMode="decimal"
          data-testid="topup-free"
          value={free}
          onChange={(e) => {
            setFree(e.target.value);
            const v = Number(e.target.value.replace(',', '.'));
            setAmount(Number.isFinite(v) && v > 0 ? displayToCents(v, viewOf(currency)) : 0);
          }}
        />
      </label>
      {preview && (
        <dl className="summary" data-testid="topup-summary">
          <dt>{t('topUp.amount')}</dt>
          <dd>{money(preview.amount, currency)}</dd>
          <dt>{t('topUp.bonusLabel')}</dt>
          <dd data-testid="topup-bonus">{money(preview.bonus, currency)}</dd>
          <dt>{t('topUp.fee')}</dt>
          <dd>{money(preview.fee, currency)}</dd>
          <dt>{t('topUp.toCollect')}</dt>
          <dd data-testid="topup-money">{collected(preview.money)}</dd>
        </dl>
      )}
      {ways.length === 0 && (
        <p className="error" role="alert">
          {t('salePay.noMethod')}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="row">
        <button type="button" onClick={reset}>
          {t('sale.cancel')}
        </button>
        {ways.includes('S') && (
          <button
            type="button"
            className="primary"
            disabled={!preview}
            onClick={() => void book('S')}
            data-testid="topup-cash"
          >
            {t('topUp.cash')}
          </button>
        )}
        {ways.includes('T') && (
          <button
            type="button"
            className="primary"
            disabled={!preview}
            onClick={() => void book('T')}
            data-testid="topup-card"
          >
            {t('topUp.card')}
          </button>
        )}
      </div>
    </main>
  );
}
