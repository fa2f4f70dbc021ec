/**
 * Web NFC (Chrome on Android, over HTTPS): the tag's serial number, read as the chip reports it.
 * Web NFC reads NDEF tags only and gives their UID; it cannot read or write a chip's memory outside
 * NDEF, so the balances stay on the server (README "Terminal").
 */
import { normaliseSerial } from './normalise';

interface NdefReadingEvent extends Event {
  serialNumber: string;
}
interface NdefReaderLike extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
}
type NdefReaderConstructor = new () => NdefReaderLike;

const ndefReader = () => (globalThis as { NDEFReader?: NdefReaderConstructor }).NDEFReader;

export const nfcAvailable = () => typeof ndefReader() === 'function';

/** The next wristband tapped: its serial in the product's form (null: not a wristband) and as read. */
export async function readNfcSerial(signal: AbortSignal): Promise<{ serial: string | null; raw: string }> {
  const Reader = ndefReader();
  if (!Reader) throw new Error('nfcUnavailable');
  const reader = new Reader();
  await reader.scan({ signal });
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    reader.addEventListener(
      'reading',
      (e) => {
        const raw = (e as NdefReadingEvent).serialNumber;
        resolve({ serial: normaliseSerial(raw, { format: 'hex', byteOrder: 'msb' }), raw });
      },
      { once: true, signal },
    );
  });
}
