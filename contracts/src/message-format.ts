// How messages travel and show (no zod here: the sign-in page's first load uses these).

/** A message key with its parameters: 'validation.key' or 'validation.key|{"param":1}'. */
export function splitMessage(message: string): { key: string; params: Record<string, unknown> } {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, params: {} };
  try {
    return { key: message.slice(0, bar), params: JSON.parse(message.slice(bar + 1)) };
  } catch {
    return { key: message.slice(0, bar), params: {} };
  }
}

/**
 * Amounts in messages (issue 16): a message parameter named `<name>Cents` is an amount in cents of the
 * event's financial currency. The text names it `{{<name>}}`; whoever shows the message formats it —
 * the console with the screen's money formatter (its currency and conversion), the server's own text
 * as a plain amount of the financial currency. One way for every message that carries money.
 */
export function moneyParams(
  params: Record<string, unknown>,
  format: (cents: number) => string = (cents) => (cents / 100).toFixed(2),
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  for (const [k, v] of Object.entries(params)) {
    if (k.endsWith('Cents') && typeof v === 'number') out[k.slice(0, -'Cents'.length)] = format(v);
  }
  return out;
}

/** 01-console §5: email pattern used by the login form and the server alike. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
