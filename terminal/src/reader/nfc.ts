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

/** The serial of the next wristband tapped, in the product's form (null: not a wristband). */
export async function readNfcSerial(signal: AbortSignal): Promise<string | null> {
  const Reader = ndefReader();
  if (!Reader) throw new Error('nfcUnavailable');
  const reader = new Reader();
  await reader.scan({ signal });
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    reader.addEventListener(
      'reading',
      (e) =>
        resolve(normaliseSerial((e as NdefReadingEvent).serialNumber, { format: 'hex', byteOrder: 'msb' })),
      { once: true, signal },
    );
  });
}
