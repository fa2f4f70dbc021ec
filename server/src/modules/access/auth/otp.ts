import { createHash, randomBytes } from 'node:crypto';
import { createGuardrails, generateSecret, generateURI, verify } from 'otplib';

/** Authenticator secrets of 80 bits (like the common 16-letter Base32 ones) are accepted. */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/**
 * The 30-second step whose code this is (the current step, or the one before or after for clock
 * drift), or null when the code is wrong. The caller accepts the step once (`otp_last_step`).
 */
export async function totpStep(secret: string, token: string): Promise<number | null> {
  try {
    const r = await verify({ secret, token, epochTolerance: 30, guardrails });
    // The step (RFC 6238 T) of the period the code matched: its start in seconds over 30.
    return r.valid ? Math.floor((r as { epoch: number }).epoch / 30) : null;
  } catch {
    return null;
  }
}

/** A code of the current step (or the one before or after): true when right. */
export async function verifyTotp(secret: string, token: string): Promise<boolean> {
  return (await totpStep(secret, token)) !== null;
}

/** A new secret (160 bits) and the otpauth:// address an authenticator app reads from a QR code. */
export function newTotpSecret(label: string) {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: 'Pulsera', label, secret }) };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const RECOVERY_CODES = 10;

/** Ten recovery codes such as `k7qd2-mzx4a` (50 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => ALPHABET[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Stored hashed, per user (the codes are random: a fast hash is enough). */
export const hashRecoveryCode = (userId: number, code: string) =>
  createHash('sha256')
    .update(`${userId}:${code.replace(/[\s-]/g, '').toLowerCase()}`)
    .digest('hex');
