import type { PortalTopUpResult } from '@pulsera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTopUpResult } from './api';

/** The card top-up the payment page sent the attendee back with (`…/top-up/result?id=`), or null. */
export function returnedTopUp(): { id: number; cancelled: boolean } | null {
  if (!/\/top-up\/result\/?$/.test(window.location.pathname)) return null;
  const q = new URLSearchParams(window.location.search);
  const id = Number(q.get('id'));
  return Number.isInteger(id) && id > 0 ? { id, cancelled: q.get('cancelled') === '1' } : null;
}

const POLL_MS = 2000;
const POLLS = 30;

/**
 * The result of a card top-up, back from the payment page: asks the server (which asks Stripe) until
 * the payment is settled; a payment not settled yet is shown as pending, never as failed. Once paid,
 * `onPaid` reloads the balance.
 */
export function TopUpResult({
  slug,
  token,
  id,
  cancelled,
  onPaid,
}: {
  slug: string;
  token: string;
  id: number;
  cancelled: boolean;
  onPaid: () => void;
}) {
  const { t } = useTranslation();
  const [result, setResult] = useState<PortalTopUpResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = () =>
      fetchTopUpResult(slug, token, id).then(
        (r) => {
          if (stopped) return;
          setResult(r);
          if (r.state === 'paid') onPaid();
          else if (r.state === 'pending' && !cancelled && ++polls < POLLS) timer = setTimeout(poll, POLL_MS);
        },
        (e) => !stopped && setError(e instanceof Error ? e.message : String(e)),
      );
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [slug, token, id, cancelled, onPaid]);

  if (error)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  if (!result) return <p aria-busy="true">{t('loading')}</p>;
  const state = result.state === 'pending' && cancelled ? 'cancelled' : result.state;
  return (
    <p className={state === 'paid' ? 'notice success' : 'notice'} role="status" data-testid="top-up-result">
      {t(`payResult.${state}`)}
    </p>
  );
}
