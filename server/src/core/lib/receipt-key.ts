import { purposeKey } from './tokens';

/**
 * The key a receipt link's token is signed with (customers/portal/receipt-token.ts): this server's
 * (signer 0: the portal's history, the e-mails) or a device's own (its id), which the device
 * configuration hands to that terminal only, so it can sign its receipts offline.
 */
export const receiptKey = (secret: string, signer: number) =>
  purposeKey(secret, signer === 0 ? 'receipt' : `receipt-device ${signer}`).export();
