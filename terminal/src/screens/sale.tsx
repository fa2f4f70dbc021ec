/**
 * The bar: the location's menu as a grid of large buttons, the cart with its quantities and running
 * total, and payment by wristband balance (cash, then gift). The sale is written to the outbox, in
 * one transaction with its sequence number and the balance it leaves, before the screen says paid.
 */
import type { DeviceConfig } from '@pulsera/contracts';
import {
  type CartItem,
  cartLines,
  saleTotal,
  wristbandSale,
} from '@pulsera/contracts/terminals/sale-amounts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../i18n';
import { ReaderInput, type WristbandRead } from '../reader/reader-input';
import { balanceOf } from '../store/balances';
import { db, type LastOrder, type Session } from '../store/db';
import { saleStop } from '../store/limits';
import { enqueue } from '../store/outbox';
import { operationWritten } from '../sync';
import { CancelLast } from './cancel-last';
import { useLimitMessage } from './limit-message';

type Phase = { step: 'menu' } | { step: 'pay' } | { step: 'done'; total: number; cash: number; gift: number };

export function Sale({
  config,
  session,
  onBusy,
}: {
  config: DeviceConfig;
  session: Session;
  /** True while a sale is in progress: a newer configuration waits until it ends. */
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const currency = config.event.currency;
  const menu = config.menus.find((m) => m.location === session.locationId);
  const [cart, setCart] = useState<Map<number, number>>(new Map());
  const [phase, setPhase] = useState<Phase>({ step: 'menu' });
  const [error, setError] = useState<string | null>(null);
  // One payment at a time, even when the reader reports twice before the screen re-renders.
  const paying = useRef(false);
  const limitMessage = useLimitMessage(currency);
  const [lastOrder, setLastOrder] = useState<LastOrder | null>(null);
  useEffect(() => {
    void db.get('lastOrder').then((o) => setLastOrder(o ?? null));
  }, []);

  const items: CartItem[] = [...cart].flatMap(([id, quantity]) => {
    const item = menu?.items.find((i) => i.id === id);
    return item ? [{ idArticle: id, price: item.price, quantity }] : [];
  });
  const packs = menu?.sticks ?? [];
  const total = saleTotal(cartLines(items, packs));

  const change = (id: number, by: number) => {
    const next = new Map(cart);
    const q = (next.get(id) ?? 0) + by;
    if (q > 0) next.set(id, q);
    else next.delete(id);
    setCart(next);
    onBusy(next.size > 0);
  };
  const reset = () => {
    setCart(new Map());
    setPhase({ step: 'menu' });
    setError(null);
    onBusy(false);
  };

  const pay = async ({ serial, codeCheck }: WristbandRead) => {
    if (paying.current) return;
    paying.current = true;
    setError(null);
    try {
      const known = await balanceOf(serial);
      if (!known) return setError(navigator.onLine ? t('sale.lookupFailed') : t('sale.unknownOffline'));
      if (known.bannedTerminals) return setError(t('sale.banned'));
      const base = {
        id: crypto.randomUUID(),
        deviceTime: new Date().toISOString(),
        rfid: serial,
        ...(codeCheck ? { codeCheck } : {}),
        staffId: session.staffId,
        locationId: session.locationId,
        items,
        packs,
        balances: { cash: known.cash, gift: known.gift },
      };
      const check = wristbandSale({ ...base, seq: 1 });
      if (!check.ok) return setError(t('sale.missing', { missing: money(check.missing, currency) }));
      // The offline limits: time without contact, and what this wristband spent here unsent.
      const stop = await saleStop(db, config, serial, check.total);
      if (stop) return setError(limitMessage(stop));
      let left = { cash: 0, gift: 0 };
      const row = await enqueue(db, (seq) => {
        const made = wristbandSale({ ...base, seq });
        if (!made.ok) throw new Error('balance changed');
        left = made.after;
        return { operation: made.operation, balance: { ...known, ...made.after } };
      });
      const order = { operation: row.operation, serial, at: row.createdAt, total: check.total };
      await db.put('lastOrder', order);
      setLastOrder(order);
      setPhase({ step: 'done', total: check.total, ...left });
      void operationWritten();
    } finally {
      paying.current = false;
    }
  };

  if (!menu || menu.items.length === 0) return <main className="panel">{t('sale.noMenu')}</main>;

  if (phase.step === 'done') {
    return (
      <main className="panel done" data-testid="sale-done">
        <h1>{t('sale.done', { amount: money(phase.total, currency) })}</h1>
        <p>
          {t('sale.balanceLeft', { cash: money(phase.cash, currency), gift: money(phase.gift, currency) })}
        </p>
        <button type="button" className="primary" onClick={reset} data-testid="sale-next">
          {t('sale.next')}
        </button>
      </main>
    );
  }

  return (
    <main className="sale">
      {phase.step === 'menu' ? (
        <div className="grid" data-testid="menu">
          {lastOrder && cart.size === 0 && (
            <CancelLast order={lastOrder} session={session} currency={currency} onDone={setLastOrder} />
          )}
          {menu.items.map((i) => (
            <button key={i.id} type="button" className="tile" onClick={() => change(i.id, 1)}>
              <span>{i.name}</span>
              <small>{money(i.price, currency)}</small>
            </button>
          ))}
        </div>
      ) : (
        <section className="panel">
          <h2>{t('sale.payWith', { amount: money(total, currency) })}</h2>
          <ReaderInput onRead={(r) => void pay(r)} />
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <button type="button" onClick={() => setPhase({ step: 'menu' })}>
            {t('sale.cancel')}
          </button>
        </section>
      )}
      <aside className="cart" data-testid="cart">
        {items.length === 0 && <p>{t('sale.empty')}</p>}
        <ul>
          {items.map((i) => (
            <li key={i.idArticle}>
              <span>{menu.items.find((m) => m.id === i.idArticle)?.name}</span>
              <span className="qty">
                <button type="button" aria-label="−" onClick={() => change(i.idArticle, -1)}>
                  −
                </button>
                <b>{i.quantity}</b>
                <button type="button" aria-label="+" onClick={() => change(i.idArticle, 1)}>
                  +
                </button>
              </span>
              <span>{money(i.price * i.quantity, currency)}</span>
            </li>
          ))}
        </ul>
        <p className="total" data-testid="cart-total">
          {t('sale.total')}: {money(total, currency)}
        </p>
        {phase.step === 'menu' && (
          <div className="row">
            <button type="button" onClick={reset} disabled={items.length === 0}>
              {t('sale.clear')}
            </button>
            <button
              type="button"
              className="primary"
              disabled={items.length === 0}
              onClick={() => setPhase({ step: 'pay' })}
              data-testid="sale-charge"
            >
              {t('sale.charge', { amount: money(total, currency) })}
            </button>
          </div>
        )}
      </aside>
    </main>
  );
}
