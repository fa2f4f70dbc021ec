import { type SQL, sql } from 'drizzle-orm';

/**
 * The bank refunds' figures, written once for every report (docs/decisions/reports.md "The money
 * figures"): a customer refund is money out when its payout run was marked sent (status paid), at
 * that moment (paid_at) — the balance left the wristband then. Asked for and not paid yet (pending,
 * or in a generated run), its balance is still on the wristband: counted in what is left, never as
 * money out. A rejected one came back to the wristband. `r` is the customer_refunds alias.
 */
export const BANK_REFUND_PAID: SQL = sql`r.status = 'paid'`;
export const BANK_REFUND_PAID_AT: SQL = sql`r.paid_at`;
export const BANK_REFUND_PENDING: SQL = sql`r.status in ('pending', 'inRun')`;
