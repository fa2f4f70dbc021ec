/**
 * Cancel the last order within CANCEL_MINUTES: a devolution (the sale operation with isDevolution)
 * that gives the wristband back what it paid, written to the outbox like any operation. Once
 * cancelled, or past the window, the button is gone.
 */
import type { EventCurrency } from '@pulsera/contracts/money-schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../i18n';
import { db, type LastOrder, type Session } from '../store/db';
import { enqueue } from '../store/outbox';
import { operationWritten } from '../sync';

export const CANCEL_MINUTES = 5;

export function CancelLast({
  order,
  session,
  currency,
  onDone,
}: {
  order: LastOrder;
  session: Session;
  currency: EventCurrency;
  onDone: (o: null) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(tick);
  }, []);
  const op = order.operation;
  if (op.kind !== 'sale' || now - order.at > CANCEL_MINUTES * 60_000) return null;

  const cancel = async () => {
    const known = await db.balances.get(order.serial);
    const back = { cash: 0, gift: 0 };
    for (const p of op.payments ?? []) {
      if (p.type === 'S') back.cash += p.amount;
      if (p.type === 'B') back.gift += p.amount;
    }
    // The last order is forgotten in the cancellation's own transaction: a page closed in between
    // can never offer to cancel the same order twice.
    await enqueue(
      db,
      (seq) => ({
        operation: {
          ...op,
          id: crypto.randomUUID(),
          deviceTime: new Date().toISOString(),
          seq,
          staffId: session.staffId,
          isDevolution: true,
        },
        ...(known
          ? { balance: { ...known, cash: known.cash + back.cash, gift: known.gift + back.gift } }
          : {}),
      }),
      () => db.remove('lastOrder'),
    );
    onDone(null);
    void operationWritten();
  };

  return confirming ? (
    <div className="tile cancel-last">
      <span>{t('cancelLast.confirm', { amount: money(order.total, currency) })}</span>
      <span className="row">
        <button type="button" onClick={() => setConfirming(false)}>
          {t('cancelLast.keep')}
        </button>
        <button type="button" className="primary" onClick={() => void cancel()} data-testid="cancel-last-yes">
          {t('cancelLast.yes')}
        </button>
      </span>
    </div>
  ) : (
    <button
      type="button"
      className="tile cancel-last"
      onClick={() => setConfirming(true)}
      data-testid="cancel-last"
    >
      {t('cancelLast.button', { amount: money(order.total, currency) })}
    </button>
  );
}
