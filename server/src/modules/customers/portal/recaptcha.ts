/**
 * reCAPTCHA's server-side check as Google documents it ("Verifying the user's response"): a POST of
 * `secret`, `response` and optionally `remoteip`, form-encoded, to the siteverify address
 * (RECAPTCHA_VERIFY_URL); the answer is JSON `{ success, challenge_ts, hostname, "error-codes" }`.
 * Anything but `success: true` (an empty answer, a network failure, a slow service) refuses.
 */
export async function recaptchaPasses(
  verifyUrl: string,
  secret: string,
  response: string,
  remoteIp: string,
): Promise<boolean> {
  if (!response) return false;
  try {
    const res = await fetch(verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response, remoteip: remoteIp }).toString(),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { success?: unknown };
    return body.success === true;
  } catch {
    return false;
  }
}
