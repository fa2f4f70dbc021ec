import { PAYMENT_METHODS, type PaymentMethod, type PaymentMethodSave } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { fail } from '../../../core/lib/errors';
import * as repo from './payment-methods.repo';

const toDto = (r: Awaited<ReturnType<typeof repo.list>>[number]): PaymentMethod => ({
  letter: r.letter as PaymentMethod['letter'],
  labels: r.labels,
  enabled: r.enabled ? 1 : 0,
});

/** GET /global/payment-methods: the five letters with their labels and whether events may offer them. */
export const listPaymentMethods = async (ctx: AppContext) => (await repo.list(ctx.db)).map(toDto);

/** POST /global/payment-methods {letter, labels, enabled}: a letter's labels and switch. */
export async function savePaymentMethod(ctx: AppContext, userId: number, input: PaymentMethodSave) {
  const row = await repo.update(ctx.db, input.letter, {
    labels: input.labels,
    enabled: input.enabled === 1,
    updatedBy: userId,
  });
  if (!row) throw fail('notFound');
  return toDto(row);
}

/** The letters events may offer now. */
export async function enabledLetters(db: Executor): Promise<Set<string>> {
  return new Set((await repo.list(db)).filter((r) => r.enabled).map((r) => r.letter));
}

/**
 * The rule of ALLOWED_PAYMENT_METHODS values (an event's value, an exception's, the global default):
 * only enabled letters. A value that is not a string of letters is left to its own checks.
 */
export async function assertPaymentLettersEnabled(db: Executor, values: (string | null | undefined)[]) {
  const enabled = await enabledLetters(db);
  const disabled = new Set<string>();
  for (const v of values)
    for (const ch of v ?? '')
      if ((PAYMENT_METHODS as readonly string[]).includes(ch) && !enabled.has(ch)) disabled.add(ch);
  if (disabled.size)
    throw fail('paymentMethodDisabled', {
      params: { letters: PAYMENT_METHODS.filter((l) => disabled.has(l)).join(', ') },
    });
}
