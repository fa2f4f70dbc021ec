import type { PaymentMethod, PaymentMethodSave } from '@pulsera/contracts';
import { api } from '../../../lib/api';

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
  list: () => [...paymentMethodKeys.all, 'list'] as const,
};

export const listPaymentMethods = () => api.get<PaymentMethod[]>('/global/payment-methods');
export const savePaymentMethod = (body: PaymentMethodSave) =>
  api.post<PaymentMethod>('/global/payment-methods', body, { form: true });
