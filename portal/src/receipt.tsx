import type { PortalReceipt, PortalSite } from '@pulsera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchReceipt, PortalError } from './api';
import { formatDate, formatMoney } from './money';

/** `/portal/<slug>/receipt/<token>`: the token of the receipt the address opens, or null. */
export function receiptTokenOf(pathname: string): string | null {
  return /\/receipt\/([\w-]{50})\/?$/.exec(pathname)?.[1] ?? null;
}

/** The address of a receipt on this site (from the history, or a link a terminal's QR encodes). */
export const receiptPath = (slug: string, token: string) =>
  `/portal/${encodeURIComponent(slug)}/receipt/${token}`;

/**
 * One operation's receipt, for whoever holds its link (no sign-in): a sale's articles, total, VAT
 * and how it was paid, or a top-up's amounts; in the event's currency and time zone.
 */
export function Receipt({ site, token }: { site: PortalSite; token: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [receipt, setReceipt] = useState<PortalReceipt | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchReceipt(site.slug, token).then(setReceipt, (e) =>
      setError(e instanceof PortalError && e.status === 404 ? t('receipt.notFound') : String(e.message)),
    );
  }, [site.slug, token, t]);

  if (error)
    return (
      <p className="notice" role="alert">
        {error}
      </p>
    );
  if (!receipt) return <p aria-busy="true">{t('loading')}</p>;
  const money = (cents: number) => formatMoney(cents, receipt.currency, lang);
  const c = receipt.currency;
  const paid = (cents: number) => formatMoney(cents, { ...c, display: c.financial, rate: 1 }, lang);
  const kind = receipt.kind === 'topUp' ? 'topUp' : receipt.devolution ? 'devolution' : 'sale';
  const top = receipt.topUp;

  return (
    <section className="card receipt" aria-labelledby="receipt-title" data-testid="receipt">
      <h2 id="receipt-title">{t(`receipt.${kind}`)}</h2>
      <p className="muted">
        {receipt.eventName} · {formatDate(receipt.date, receipt.timeZone, lang)}
        {receipt.location && ` · ${receipt.location}`}
      </p>
      {receipt.serial && <p className="muted">{t('account.wristband', { serial: receipt.serial })}</p>}
      {receipt.lines.length > 0 && (
        <table className="lines">
          <caption className="visually-hidden">{t('receipt.articles')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('receipt.article')}</th>
              <th scope="col" className="num">
                {t('receipt.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's lines never move.
              <tr key={i}>
                <td>
                  {l.quantity} × {l.name}
                  {receipt.kind === 'sale' && <span className="muted"> ({money(l.unitPrice)})</span>}
                  {l.gift > 0 && receipt.kind === 'sale' && (
                    <span className="muted"> · {t('receipt.gift', { count: l.gift })}</span>
                  )}
                </td>
                <td className="num">{receipt.kind === 'sale' ? money(l.total) : t('receipt.included')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="figures receipt-figures">
        {top ? (
          <>
            <div>
              <dt>{t('receipt.toBalance')}</dt>
              <dd>{money(top.amount)}</dd>
            </div>
            {top.bonus !== 0 && (
              <div>
                <dt>{t('receipt.bonus')}</dt>
                <dd>{money(top.bonus)}</dd>
              </div>
            )}
            {top.fee > 0 && (
              <div>
                <dt>{t('receipt.fee')}</dt>
                <dd>{paid(top.fee)}</dd>
              </div>
            )}
            {top.money > 0 && (
              <div>
                <dt>{t('receipt.paid')}</dt>
                <dd data-testid="receipt-paid">
                  {paid(top.money)}
                  {top.paymentType && ` · ${t(`receipt.paidBy.${top.paymentType}`)}`}
                  {top.card && ` · ${top.card}`}
                </dd>
              </div>
            )}
          </>
        ) : (
          <>
            <div>
              <dt>{t('receipt.total')}</dt>
              <dd className="total" data-testid="receipt-total">
                {money(receipt.total)}
              </dd>
            </div>
            {receipt.vat && (
              <div>
                <dt>{t('receipt.vat', { rate: receipt.vat.rate })}</dt>
                <dd data-testid="receipt-vat">{money(receipt.vat.amount)}</dd>
              </div>
            )}
            {receipt.payments.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a sale's payments never move.
              <div key={i}>
                <dt>{t(`receipt.pay.${p.type}`, { defaultValue: t('receipt.pay.O') })}</dt>
                <dd>{money(p.amount)}</dd>
              </div>
            ))}
          </>
        )}
      </dl>
      <a className="link" href={`/portal/${encodeURIComponent(site.slug)}`}>
        {t('receipt.back')}
      </a>
    </section>
  );
}
