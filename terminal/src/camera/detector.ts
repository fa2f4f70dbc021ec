/**
 * One barcode reader for the camera (provisioning QR, tickets at the gate): the browser's own
 * BarcodeDetector where it reads every format asked (Android Chrome), otherwise the barcode-detector
 * ponyfill (the same API over ZXing compiled to WebAssembly). The WebAssembly file is served from
 * /terminal/ and precached by the service worker, so scanning works with no network; it is loaded
 * only when a camera scan starts, never with the app's first screen.
 */
import type { BarcodeFormat } from 'barcode-detector/ponyfill';

export type { BarcodeFormat };

/** What a scan needs of a detector: the codes found in one video frame. */
export interface Detector {
  detect(frame: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: BarcodeFormat[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

export async function barcodeDetector(formats: BarcodeFormat[]): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.every((f) => supported.includes(f))) return new Native({ formats });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: {
      locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats });
}
