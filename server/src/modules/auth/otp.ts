import { createGuardrails, verify } from 'otplib';

/** Authenticator secrets of 80 bits (like the common 16-letter Base32 ones) are accepted. */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/** A TOTP code of the current 30-second step, or the one before or after (clock drift). */
export async function verifyTotp(secret: string, token: string): Promise<boolean> {
  try {
    return (await verify({ secret, token, epochTolerance: 30, guardrails })).valid;
  } catch {
    return false;
  }
}
