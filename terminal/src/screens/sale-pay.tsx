/**
 * Paying a bar sale: the ways the location allows (the event's payment methods at this terminal's
 * place), then the wristband tapped where it pays a part, and the staff member's confirmation of the
 * money taken by hand (cash counted, or the external card terminal's payment). Every refusal is said
 * in words; nothing is written until the sale is booked (store/sale.ts).
 */
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import type { CartItem } from '@pulsera/contracts/terminals/sale-amounts';
import { type SalePayChoice, splitSalePayment } from '@pulsera/contracts/terminals/sale-payment';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../i18n';
import { ReaderInput, type WristbandRead } from '../reader/reader-input';
import { balanceOf } from '../store/balances';
import { type BalanceRow, db, type Session } from '../store/db';
import { bookSale, payChoicesAt, type SaleBooked, type SaleRefusal } from '../store/sale';
import { operationWritten } from '../sync';
import { useLimitMessage } from './limit-message';

type Tapped = { read: WristbandRead; known: BalanceRow };

export function SalePay({
  config,
  session,
  deviceId,
  items,
  total,
  onPaid,
  onBack,
}: {
  config: DeviceConfig;
  session: Session;
  deviceId: number;
  items: CartItem[];
  total: number;
  onPaid: (booked: SaleBooked) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const currency = config.event.currency;
  const limitMessage = useLimitMessage(currency);
  const { letters, choices } = payChoicesAt(config, deviceId, session.locationId);
  // The wristband first where it is allowed (a cashless bar's usual way), else the only way there is.
  const [choice, setChoice] = useState<SalePayChoice | null>(
    choices.includes('wristband') ? 'wristband' : choices.length === 1 ? choices[0]! : null,
  );
  const [tapped, setTapped] = useState<Tapped | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One payment at a time, even when the reader reports twice before the screen re-renders.
  const paying = useRef(false);
  const withWristband = choice !== null && choice !== 'cash' && choice !== 'card';
  const rest = (cents: number) => money(cents, currency, 'financial');

  const refusal = (r: SaleRefusal) => {
    if (r.reason === 'limit') return limitMessage(r.stop);
    if (r.reason === 'notEnoughBalance') return t('sale.missing', { missing: money(r.missing, currency) });
    return t(`salePay.refused.${r.reason}`);
  };

  const book = async (c: SalePayChoice, wristband?: Tapped) => {
    if (paying.current) return;
    paying.current = true;
    setError(null);
    try {
      const booked = await bookSale(db, {
        config,
        session,
        deviceId,
        items,
        choice: c,
        ...(wristband
          ? {
              wristband: {
                known: wristband.known,
                ...(wristband.read.codeCheck ? { codeCheck: wristband.read.codeCheck } : {}),
              },
            }
          : {}),
      });
      if (!booked.ok) return setError(refusal(booked));
      void operationWritten();
      onPaid(booked);
    } finally {
      paying.current = false;
    }
  };

  const read = async (r: WristbandRead) => {
    if (!choice || paying.current) return;
    setError(null);
    const known = await balanceOf(r.serial);
    if (!known) return setError(navigator.onLine ? t('sale.lookupFailed') : t('sale.unknownOffline'));
    if (known.bannedTerminals) return setError(t('sale.banned'));
    // A wristband alone pays at once; a split waits until the rest is collected.
    if (choice === 'wristband') return book(choice, { read: r, known });
    const split = splitSalePayment(total, choice, letters, known);
    if (!split.ok) return setError(refusal(split));
    setTapped({ read: r, known });
  };

  const split = tapped && choice ? splitSalePayment(total, choice, letters, tapped.known) : null;
  const byCard = choice === 'card' || choice === 'wristbandCard';

  return (
    <section className="panel" data-testid="sale-pay">
      <h2>{t('salePay.heading', { amount: money(total, currency) })}</h2>
      {choices.length === 0 ? (
        <p className="error" role="alert">
          {t('salePay.noMethod')}
        </p>
      ) : (
        <fieldset className="grid pay-choices" aria-label={t('salePay.how')}>
          {choices.map((c) => (
            <button
              key={c}
              type="button"
              className={`tile${c === choice ? ' chosen' : ''}`}
              aria-pressed={c === choice}
              data-testid={`pay-${c}`}
              onClick={() => {
                setChoice(c);
                setTapped(null);
                setError(null);
              }}
            >
              {t(`salePay.choice.${c}`)}
            </button>
          ))}
        </fieldset>
      )}
      {withWristband && !tapped && (
        <>
          <p>{t('salePay.tap')}</p>
          <ReaderInput onRead={(r) => void read(r)} />
        </>
      )}
      {split?.ok && (
        <dl className="summary" data-testid="sale-split">
          <dt>{t('salePay.fromWristband')}</dt>
          <dd>{money(split.fromWristband, currency)}</dd>
          <dt>{t(byCard ? 'salePay.toCharge' : 'salePay.toCollect')}</dt>
          <dd data-testid="sale-split-rest">{rest(split.byHand)}</dd>
        </dl>
      )}
      {(choice === 'cash' || choice === 'card' || split?.ok) && (
        <>
          {!split && (
            <p data-testid="sale-by-hand">
              {t(byCard ? 'salePay.chargeCard' : 'salePay.collectCash', { amount: rest(total) })}
            </p>
          )}
          <button
            type="button"
            className="primary"
            data-testid="pay-confirm"
            onClick={() => void book(choice!, tapped ?? undefined)}
          >
            {t(byCard ? 'salePay.paidByCard' : 'salePay.paidInCash')}
          </button>
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" onClick={onBack}>
        {t('sale.cancel')}
      </button>
    </section>
  );
}
