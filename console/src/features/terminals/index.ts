/** The console's terminals domain seen from its other features: the only file of it they may import. */
export { listPaymentMethods, paymentMethodKeys } from './payment-methods/api';
