/**
 * A staff member's PIN (issue 29: staff sign in on a terminal by their staff wristband or a PIN).
 * The console sets it (4 to 8 digits); the server keeps only a salted PBKDF2 hash; the terminal,
 * offline, checks a typed PIN against the hash its configuration carries. The same function on
 * both sides (Web Crypto: the browser's and Node's).
 */
export const STAFF_PIN = /^\d{4,8}$/;
/** PBKDF2-SHA-256 rounds: about 50 ms on a mid-range phone, once per sign-in. */
export const STAFF_PIN_ROUNDS = 100_000;

// Web Crypto as both the browser and Node 20 have it (contracts has neither DOM nor Node types).
interface SubtleLike {
  importKey(
    format: 'raw',
    key: Uint8Array,
    alg: 'PBKDF2',
    extractable: false,
    uses: ['deriveBits'],
  ): Promise<unknown>;
  deriveBits(
    alg: { name: 'PBKDF2'; hash: 'SHA-256'; salt: Uint8Array; iterations: number },
    key: unknown,
    length: number,
  ): Promise<ArrayBuffer>;
}
declare const crypto: { subtle: SubtleLike; getRandomValues<T extends Uint8Array>(array: T): T };
declare const TextEncoder: new () => { encode(text: string): Uint8Array };

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
const unhex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (h) => Number.parseInt(h, 16));

/** The PIN's hash with this salt (both hex). */
export async function staffPinHash(pin: string, salt: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: unhex(salt), iterations: STAFF_PIN_ROUNDS },
    key,
    256,
  );
  return hex(bits);
}

/** A new salt and the PIN's hash with it. */
export async function newStaffPin(pin: string) {
  const salt = hex(crypto.getRandomValues(new Uint8Array(16)));
  return { salt, hash: await staffPinHash(pin, salt) };
}

/** Whether `pin` is the one of this salt and hash (compared whole, in constant time). */
export async function staffPinMatches(pin: string, stored: { salt: string; hash: string }) {
  if (!STAFF_PIN.test(pin)) return false;
  const typed = await staffPinHash(pin, stored.salt);
  let diff = typed.length ^ stored.hash.length;
  for (let i = 0; i < Math.min(typed.length, stored.hash.length); i++)
    diff |= typed.charCodeAt(i) ^ stored.hash.charCodeAt(i);
  return diff === 0;
}
