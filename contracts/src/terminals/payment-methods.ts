import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants';

/**
 * The catalogue of payment method letters (admin/configuration/paymentMethod, 01-console §3): a
 * label in each language and whether events may offer it. The event form and the parameter
 * ALLOWED_PAYMENT_METHODS offer only the enabled letters; the server refuses a disabled one.
 */
export const PaymentLetter = z.enum(PAYMENT_METHODS);
export type PaymentLetter = z.infer<typeof PaymentLetter>;

const label = z.string().trim().min(1, { error: 'validation.required' }).max(60);
export const PaymentMethodLabels = z.object({ en: label, es: label, it: label, fr: label });

export const PaymentMethod = z.object({
  letter: PaymentLetter,
  labels: PaymentMethodLabels,
  enabled: z.union([z.literal(0), z.literal(1)]),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentMethodSave = PaymentMethod;
export type PaymentMethodSave = z.infer<typeof PaymentMethodSave>;
