/**
 * The token of a receipt's link, made by a terminal offline with its own receipt key (the device
 * configuration hands it over), in the layout the server reads (server/src/modules/customers/portal/
 * receipt-token.ts):
 *
 *   base64url( version 1 | signer = the device's id (uint32, big-endian) | the operation's uuid
 *              | the first 16 bytes of HMAC-SHA-256(the device's receipt key, the 21 bytes before) )
 *
 * Web Crypto, so the same function runs in the terminal and in the server's tests.
 */
// Web Crypto as both the browser and Node 20 have it (contracts has neither DOM nor Node types).
declare const crypto: {
  subtle: {
    importKey(
      format: 'raw',
      key: Uint8Array,
      alg: { name: 'HMAC'; hash: 'SHA-256' },
      extractable: false,
      uses: ['sign'],
    ): Promise<unknown>;
    sign(alg: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  };
};

const VERSION = 1;
const MAC_BYTES = 16;

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url without padding (RFC 4648 §5), as Node's Buffer writes it. */
function base64url(bytes: Uint8Array) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += ALPHABET[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

export async function deviceReceiptToken(keyHex: string, deviceId: number, operationId: string) {
  const uuid = fromHex(operationId.replaceAll('-', ''));
  if (uuid.length !== 16) throw new Error(`not a uuid: ${operationId}`);
  const body = new Uint8Array(21);
  body[0] = VERSION;
  new DataView(body.buffer).setUint32(1, deviceId);
  body.set(uuid, 5);
  const key = await crypto.subtle.importKey(
    'raw',
    fromHex(keyHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, body)).subarray(0, MAC_BYTES);
  const token = new Uint8Array(body.length + MAC_BYTES);
  token.set(body);
  token.set(mac, body.length);
  return base64url(token);
}
