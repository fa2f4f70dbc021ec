/**
 * A terminal's own receipts in its configuration: the address of its receipts in the event's portal
 * and its receipt key (derived from the server's secret for that device only), so it signs the QR of
 * a receipt offline. No portal address (the event has no slug): none.
 */
import { createHash } from 'node:crypto';
import type { DeviceConfig } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import { events } from '../../../core/db/schema';
import { receiptKey } from '../../../core/lib/receipt-key';
import { topUpSiteAddress } from '../../../core/lib/site-address';

export async function receiptsOf(
  ctx: AppContext,
  device: { id: number; eventId: number },
): Promise<DeviceConfig['receipts']> {
  const [event] = await ctx.db
    .select({ slug: events.slug, subdomain: events.subdomain })
    .from(events)
    .where(eq(events.id, device.eventId));
  // The portal answers receipts under its slug's path (a subdomain-only site has no path to them).
  if (!event?.slug) return null;
  const site = topUpSiteAddress(ctx.config.topUpSiteUrl, { slug: event.slug, subdomain: null });
  if (!site) return null;
  return {
    signer: device.id,
    key: receiptKey(ctx.config.sessionSecret, device.id).toString('hex'),
    url: `${site}/receipt/`,
  };
}

/** The configuration with this device's receipts, its version covering them too. */
export function withReceipts(config: DeviceConfig, receipts: DeviceConfig['receipts']): DeviceConfig {
  const version = createHash('sha256')
    .update(`${config.version} ${JSON.stringify(receipts)}`)
    .digest('base64url')
    .slice(0, 22);
  return { ...config, receipts, version };
}
