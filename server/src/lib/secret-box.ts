import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept for the server's own use (a ticketing platform's API token): AES-256-GCM with a key
 * derived (HKDF-SHA256) from the server secret (SESSION_SECRET), a random 96-bit nonce per value and
 * the purpose as additional data, so a value sealed for one purpose does not open for another.
 * Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). A changed server secret makes the stored
 * values unreadable: `open` answers null and the owner enters the secret again.
 */
const VERSION = 'v1';

function keyOf(serverSecret: string) {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'pulsera-secret-box', 'aes-256-gcm v1', 32));
}

export function seal(serverSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  cipher.setAAD(Buffer.from(purpose));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
}

/** The plain value, or null when it was sealed with another secret or purpose, or altered. */
export function open(serverSecret: string, purpose: string, sealed: string): string | null {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== VERSION || !iv || !tag || ct === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
