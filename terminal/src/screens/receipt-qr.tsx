/**
 * The receipt of an operation as a QR code the attendee scans to open it in the event's portal: the
 * link's token is signed here, offline, with this terminal's own receipt key (its configuration's
 * `receipts`), in the layout the server reads. The QR encoder is loaded with the first receipt.
 */
import { deviceReceiptToken } from '@pulsera/contracts/customers/receipt-token';
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Qr = { url: string; size: number; dark: [number, number][] };

async function receiptQr(receipts: NonNullable<DeviceConfig['receipts']>, operationId: string): Promise<Qr> {
  const token = await deviceReceiptToken(receipts.key, receipts.signer, operationId);
  const url = `${receipts.url}${token}`;
  const { create } = await import('qrcode');
  const { modules } = create(url, { errorCorrectionLevel: 'M' });
  const dark: [number, number][] = [];
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) dark.push([c, r]);
  return { url, size: modules.size, dark };
}

export function ReceiptQr({
  receipts,
  operationId,
}: {
  receipts: DeviceConfig['receipts'];
  operationId: string;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<Qr | null>(null);
  useEffect(() => {
    if (!receipts) return;
    let gone = false;
    void receiptQr(receipts, operationId).then(
      (made) => !gone && setQr(made),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [receipts, operationId]);
  if (!qr) return null;
  // A quiet zone of four modules around the code, as scanners expect.
  const side = qr.size + 8;
  return (
    <figure className="receipt-qr" data-testid="receipt-qr" data-url={qr.url}>
      <svg
        viewBox={`0 0 ${side} ${side}`}
        role="img"
        aria-label={t('sale.receiptQr')}
        shapeRendering="crispEdges"
      >
        <rect width={side} height={side} fill="#fff" />
        <path fill="#000" d={qr.dark.map(([x, y]) => `M${x + 4} ${y + 4}h1v1h-1z`).join('')} />
      </svg>
      <figcaption>{t('sale.receiptQr')}</figcaption>
    </figure>
  );
}
