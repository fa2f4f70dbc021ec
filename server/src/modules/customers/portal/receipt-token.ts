import { createHmac, timingSafeEqual } from 'node:crypto';
import { receiptKey } from '../../../core/lib/receipt-key';

export { receiptKey };

/**
 * The token of a receipt's link (issue 28): whoever holds it may read that one receipt, without a
 * session, so it can travel in an e-mail or in a QR code a terminal shows after a sale.
 *
 *   token = base64url( version 1 | signer (uint32, big-endian) | operation id (16 bytes of its uuid)
 *                      | the first 16 bytes of HMAC-SHA-256(key of the signer, the 21 bytes before) )
 *
 * 37 bytes, 50 characters: short enough for a small QR. The signer is 0 for this server (the portal's
 * history, the e-mails), whose key is the HKDF purpose key `receipt`; a device's id for a receipt a
 * terminal signs offline, with its own key `receipt-device <id>` (what the server would hand that
 * terminal; a key of one device signs for no other). Nothing of the token is trusted before its MAC is
 * checked (in constant time); then the operation is looked up by its uuid, only in the portal's event
 * and, for a device's token, only among that device's operations. The uuid alone (random, 122 bits)
 * is unguessable too, but it is the terminal's, written in its outbox and the feed: the MAC makes the
 * link something only the server or that device could have made. A receipt token does not expire: a
 * receipt stays readable after the event, as a paper one would.
 */
const VERSION = 1;
const MAC_BYTES = 16;
const BODY_BYTES = 1 + 4 + 16;

const macOf = (secret: string, body: Buffer) =>
  createHmac('sha256', receiptKey(secret, body.readUInt32BE(1)))
    .update(body)
    .digest()
    .subarray(0, MAC_BYTES);

/** The token of an operation's receipt, signed by this server (signer 0) or a device's key. */
export function receiptToken(secret: string, operationId: string, signer = 0): string {
  const uuid = Buffer.from(operationId.replace(/-/g, ''), 'hex');
  if (uuid.length !== 16) throw new Error(`not a uuid: ${operationId}`);
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(VERSION, 0);
  body.writeUInt32BE(signer, 1);
  uuid.copy(body, 5);
  return Buffer.concat([body, macOf(secret, body)]).toString('base64url');
}

/** What a genuine token names (its signer and operation), or null for anything else. */
export function readReceiptToken(secret: string, token: string) {
  if (!/^[A-Za-z0-9_-]{50}$/.test(token)) return null;
  const raw = Buffer.from(token, 'base64url');
  // One spelling per token: the last character's two spare bits must be zero.
  if (raw.toString('base64url') !== token) return null;
  if (raw.length !== BODY_BYTES + MAC_BYTES || raw[0] !== VERSION) return null;
  const body = raw.subarray(0, BODY_BYTES);
  if (!timingSafeEqual(raw.subarray(BODY_BYTES), macOf(secret, body))) return null;
  const hex = body.subarray(5).toString('hex');
  return {
    signer: body.readUInt32BE(1),
    operationId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
  };
}
