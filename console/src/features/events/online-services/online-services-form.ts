import type { OnlineServices, OnlineServicesForm, OnlineServicesSave } from '@pulsera/contracts';
import type { z } from 'zod';
import type { Money } from '../../../lib/money';

/** The form's values once checked (empty texts became null). */
export type OnlineServicesValues = z.output<typeof OnlineServicesForm>;

const EMPTY_SCRIPT = { type: '', src: '', function: '' };

/** The form's values from what the server keeps (amounts in the financial currency's units). */
export function toForm(d: OnlineServices, money: Money): OnlineServicesForm {
  return {
    slug: d.slug ?? '',
    subdomain: d.subdomain ?? '',
    servicesOnlineDateStart: d.servicesOnlineDateStart,
    servicesOnlineDateEnd: d.servicesOnlineDateEnd,
    infoText: Object.fromEntries(d.languages.map((l) => [l.iso, d.infoText[l.iso] ?? ''])),
    needsCodeCheck: d.needsCodeCheck,
    manuallyTopUp: d.manuallyTopUp,
    minTopUp: money.toInput(d.minTopUp),
    maxTopUp: money.toInput(d.maxTopUp),
    recaptchaSiteKey: d.recaptchaSiteKey ?? '',
    recaptchaSecret: '',
    clearRecaptchaSecret: false,
    colors: { ...d.colors },
    gradient: { ...d.gradient },
    loginMethod: d.loginMethod,
    knownTicketsOnly: d.knownTicketsOnly,
    cardBrands: [...d.cardBrands],
    // Two rows to fill in when nothing was typed yet (the queue needs two scripts).
    queue: {
      enabled: d.queue.enabled,
      scripts: d.queue.scripts.length
        ? d.queue.scripts.map((s) => ({ ...s }))
        : [{ ...EMPTY_SCRIPT }, { ...EMPTY_SCRIPT }],
    },
    redirectUrls: {
      success: d.redirectUrls.success ?? '',
      failure: d.redirectUrls.failure ?? '',
      cancel: d.redirectUrls.cancel ?? '',
    },
    update_time: d.update_time,
  };
}

/** The body of PUT /event/online-services from the checked form (cents; no secret = keep it). */
export function toBody(v: OnlineServicesValues, money: Money): OnlineServicesSave {
  const { recaptchaSecret, clearRecaptchaSecret, ...rest } = v;
  return {
    ...rest,
    minTopUp: money.toCents(v.minTopUp),
    maxTopUp: money.toCents(v.maxTopUp),
    ...(clearRecaptchaSecret ? { clearRecaptchaSecret: true } : recaptchaSecret ? { recaptchaSecret } : {}),
  };
}

export const emptyScript = () => ({ ...EMPTY_SCRIPT });

/** The addresses a slug and a subdomain give on the top-up site (as the server computes them). */
export function addresses(base: string, slug: string, subdomain: string) {
  const path = slug ? `${base}/${slug}` : null;
  let host: string | null = null;
  if (subdomain) {
    try {
      const url = new URL(base);
      url.hostname = `${subdomain}.${url.hostname}`;
      host = url.toString();
    } catch {
      host = null;
    }
  }
  return { path, host, shown: path ?? host };
}
