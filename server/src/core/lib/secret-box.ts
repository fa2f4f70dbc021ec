import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (an integration's client secret, its OAuth tokens) are stored
 * encrypted: AES-256-GCM with a key derived (HKDF-SHA-256) from the server's secret — SECRETS_KEY
 * when set, else SESSION_SECRET — and a fresh 96-bit nonce per value. The stored text is
 * `v1.<nonce>.<ciphertext+tag>` (base64url). The table and column are bound as associated data, so a
 * value copied into another column does not decrypt. A value that does not decrypt (another key)
 * answers null: the caller treats it as not set (the secret must be entered again).
 */
const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'pulsera', 'secret-box v1', 32));
  }

  seal(plain: string, context: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string | null | undefined, context: string): string | null {
    if (!sealed) return null;
    const [version, nonce, body] = sealed.split('.');
    if (version !== VERSION || !nonce || !body) return null;
    try {
      const data = Buffer.from(body, 'base64url');
      if (data.length < 16) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(data.subarray(data.length - 16));
      return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
