/**
 * Get your money back: the whole cash balance of the wristband (a bonus is never refunded) by bank
 * transfer to the account the attendee gives; once asked, where the payout stands. The server checks
 * everything again (holder, IBAN, BIC of the IBAN's country, one request).
 */
import type { PortalAccount, PortalSession, PortalSite } from '@pulsera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PortalError, requestRefund } from './api';

const FIELDS = ['ccOwner', 'ccIban', 'ccBic', 'ccEmail'] as const;
type Field = (typeof FIELDS)[number];

export function Refund({
  site,
  session,
  account,
  money,
  date,
  onAsked,
}: {
  site: PortalSite;
  session: PortalSession;
  account: PortalAccount;
  money: (cents: number) => string;
  date: (iso: string) => string;
  onAsked: (a: PortalAccount) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    ccOwner: '',
    ccIban: '',
    ccBic: '',
    ccEmail: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { refund, wristband } = account;

  if (refund)
    return (
      <section className="card" aria-labelledby="refund-title" data-testid="refund-status">
        <h2 id="refund-title">{t('refund.title')}</h2>
        <p>
          {t('refund.asked', { amount: money(refund.amount - refund.fee), date: date(refund.createdAt) })}
        </p>
        <p>
          <strong>
            {t(`refund.status.${refund.status}`, { date: refund.paidAt ? date(refund.paidAt) : '' })}
          </strong>
        </p>
      </section>
    );
  if (!wristband || wristband.cash <= 0) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    setErrors({});
    setError(null);
    try {
      const body = {
        ccOwner: values.ccOwner,
        ccIban: values.ccIban,
        ...(values.ccBic.trim() ? { ccBic: values.ccBic } : {}),
        ...(values.ccEmail.trim() ? { ccEmail: values.ccEmail } : {}),
      };
      onAsked(await requestRefund(site.slug, session.token, body));
    } catch (err) {
      if (err instanceof PortalError && err.fields.length) {
        const byField: Partial<Record<Field, string>> = {};
        for (const f of err.fields) {
          const key = FIELDS.find((k) => f.path.endsWith(k));
          if (key) byField[key] = f.message;
        }
        setErrors(byField);
      } else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="card" aria-labelledby="refund-title">
      <h2 id="refund-title">{t('refund.title')}</h2>
      <p>{t('refund.explain', { amount: money(wristband.cash) })}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {FIELDS.map((f) => (
          <label key={f}>
            {t(`refund.${f}`)}
            <input
              value={values[f]}
              onChange={(e) => setValues({ ...values, [f]: e.target.value })}
              autoComplete={f === 'ccOwner' ? 'name' : f === 'ccEmail' ? 'email' : 'off'}
              type={f === 'ccEmail' ? 'email' : 'text'}
              aria-invalid={!!errors[f]}
              data-testid={`refund-${f}`}
            />
            {errors[f] && (
              <span className="error" role="alert">
                {errors[f]}
              </span>
            )}
          </label>
        ))}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={sending} data-testid="refund-submit">
          {t('refund.submit', { amount: money(wristband.cash) })}
        </button>
      </form>
    </section>
  );
}
