/**
 * The bar: the location's menu as a grid of large buttons, the cart with its quantities, the packs'
 * contents and the running total, then the payment (sale-pay.tsx: wristband balance, cash, card or
 * split, as the location allows). The sale is written to the outbox, in one transaction with its
 * sequence number, the balance it leaves and the cash it puts in the drawer, before the screen says paid.
 */
import type { DeviceConfig } from '@pulsera/contracts';
import { type CartItem, cartLines, saleTotal } from '@pulsera/contracts/terminals/sale-amounts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../i18n';
import { db, type LastOrder, type Session } from '../store/db';
import type { SaleBooked } from '../store/sale';
import { CancelLast } from './cancel-last';
import { SalePay } from './sale-pay';

type Phase = { step: 'menu' } | { step: 'pay' } | { step: 'done'; booked: SaleBooked };

export function Sale({
  config,
  session,
  deviceId,
  onBusy,
}: {
  config: DeviceConfig;
  session: Session;
  deviceId: number;
  /** True while a sale is in progress: a newer configuration waits until it ends. */
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const currency = config.event.currency;
  const menu = config.menus.find((m) => m.location === session.locationId);
  const [cart, setCart] = useState<Map<number, number>>(new Map());
  const [phase, setPhase] = useState<Phase>({ step: 'menu' });
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
  const nameOf = (id: number) =>
    menu?.items.find((m) => m.id === id)?.name ?? config.articles.find((a) => a.id === id)?.name ?? `#${id}`;
  /** What a pack holds ("5 × Beer 50cl"), empty for a single article. */
  const includes = (id: number) =>
    packs
      .filter((p) => p.parent === id)
      .map((p) => `${p.quantity} × ${nameOf(p.child)}`)
      .join(', ');

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
    onBusy(false);
  };
  const paid = (booked: SaleBooked) => {
    setLastOrder(booked.order);
    setPhase({ step: 'done', booked });
  };

  if (!menu || menu.items.length === 0) return <main className="panel">{t('sale.noMenu')}</main>;

  if (phase.step === 'done') {
    const { booked } = phase;
    const handKey =
      booked.choice === 'card' || booked.choice === 'wristbandCard' ? 'sale.byCard' : 'sale.inCash';
    return (
      <main className="panel done" data-testid="sale-done">
        <h1>{t('sale.done', { amount: money(booked.total, currency) })}</h1>
        {booked.fromWristband > 0 && booked.byHand > 0 && (
          <p data-testid="sale-done-split">
            {t('sale.fromWristband', { amount: money(booked.fromWristband, currency) })} ·{' '}
            {t(handKey, { amount: money(booked.byHand, currency, 'financial') })}
          </p>
        )}
        {booked.after && (
          <p>
            {t('sale.balanceLeft', {
              cash: money(booked.after.cash, currency),
              gift: money(booked.after.gift, currency),
            })}
          </p>
        )}
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
        <SalePay
          config={config}
          session={session}
          deviceId={deviceId}
          items={items}
          total={total}
          onPaid={paid}
          onBack={() => setPhase({ step: 'menu' })}
        />
      )}
      <aside className="cart" data-testid="cart">
        {items.length === 0 && <p>{t('sale.empty')}</p>}
        <ul>
          {items.map((i) => (
            <li key={i.idArticle}>
              <span>
                {nameOf(i.idArticle)}
                {includes(i.idArticle) && <small className="includes">{includes(i.idArticle)}</small>}
              </span>
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
