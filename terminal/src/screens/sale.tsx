/**
 * The bar: the location's menu and the console's packs sold there as a grid of large buttons, the
 * cart with its quantities, what each pack holds and the running total, then the payment
 * (sale-pay.tsx: wristband balance, cash, card or split, as the location allows). The sale is written
 * to the outbox, in one transaction with its sequence number, the balance it leaves and the cash it
 * puts in the drawer, before the screen says paid.
 */
import type { DeviceConfig } from '@pulsera/contracts';
import { packItems, packsAt } from '@pulsera/contracts/terminals/pack-lines';
import { type CartItem, cartLines, saleTotal } from '@pulsera/contracts/terminals/sale-amounts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../i18n';
import { db, type LastOrder, type Session } from '../store/db';
import type { SaleBooked } from '../store/sale';
import { CancelLast } from './cancel-last';
import { ReceiptQr } from './receipt-qr';
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
  const [cart, setCart] = useState<Map<string, number>>(new Map());
  const [phase, setPhase] = useState<Phase>({ step: 'menu' });
  const [lastOrder, setLastOrder] = useState<LastOrder | null>(null);
  useEffect(() => {
    void db.get('lastOrder').then((o) => setLastOrder(o ?? null));
  }, []);

  const sticks = menu?.sticks ?? [];
  const packs = packsAt(config.packs, session.locationId, new Date());
  const nameOf = (id: number) =>
    menu?.items.find((m) => m.id === id)?.name ?? config.articles.find((a) => a.id === id)?.name ?? `#${id}`;
  const basePrice = (id: number) => config.articles.find((a) => a.id === id)?.price ?? 0;
  /** The cart's rows: menu articles (`a:id`) and the console's packs (`p:id`), with what a pack holds. */
  const rows = [...cart].flatMap(([key, quantity]) => {
    const id = Number(key.slice(2));
    if (key.startsWith('p:')) {
      const pack = packs.find((p) => p.id === id);
      if (!pack) return [];
      const holds = pack.articles.map((a) => `${a.quantity} × ${nameOf(a.idArticle)}`).join(', ');
      const items = packItems(pack, quantity, basePrice);
      return [{ key, name: pack.name, holds, price: pack.price, quantity, items }];
    }
    const item = menu?.items.find((i) => i.id === id);
    if (!item) return [];
    // A menu article with sticks is a pack of the menu: it holds them (the reusable cup of a drink).
    const holds = sticks
      .filter((p) => p.parent === id)
      .map((p) => `${p.quantity} × ${nameOf(p.child)}`)
      .join(', ');
    return [
      {
        key,
        name: item.name,
        holds,
        price: item.price,
        quantity,
        items: [{ idArticle: id, price: item.price, quantity }],
      },
    ];
  });
  const items: CartItem[] = rows.flatMap((r) => r.items);
  const total = saleTotal(cartLines(items, sticks));

  const change = (key: string, by: number) => {
    const next = new Map(cart);
    const q = (next.get(key) ?? 0) + by;
    if (q > 0) next.set(key, q);
    else next.delete(key);
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
        <ReceiptQr receipts={config.receipts} operationId={booked.order.operation.id} />
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
            <button key={i.id} type="button" className="tile" onClick={() => change(`a:${i.id}`, 1)}>
              <span>{i.name}</span>
              <small>{money(i.price, currency)}</small>
            </button>
          ))}
          {packs.map((p) => (
            <button
              key={`p${p.id}`}
              type="button"
              className="tile pack"
              onClick={() => change(`p:${p.id}`, 1)}
              data-testid="pack-tile"
            >
              <span>{p.name}</span>
              <small>{money(p.price, currency)}</small>
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
        {rows.length === 0 && <p>{t('sale.empty')}</p>}
        <ul>
          {rows.map((r) => (
            <li key={r.key}>
              <span>
                {r.name}
                {r.holds && <small className="includes">{r.holds}</small>}
              </span>
              <span className="qty">
                <button type="button" aria-label="−" onClick={() => change(r.key, -1)}>
                  −
                </button>
                <b>{r.quantity}</b>
                <button type="button" aria-label="+" onClick={() => change(r.key, 1)}>
                  +
                </button>
              </span>
              <span>{money(r.price * r.quantity, currency)}</span>
            </li>
          ))}
        </ul>
        <p className="total" data-testid="cart-total">
          {t('sale.total')}: {money(total, currency)}
        </p>
        {phase.step === 'menu' && (
          <div className="row">
            <button type="button" onClick={reset} disabled={rows.length === 0}>
              {t('sale.clear')}
            </button>
            <button
              type="button"
              className="primary"
              disabled={rows.length === 0}
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
