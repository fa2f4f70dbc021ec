import { EMAIL_PATTERN } from '../message-format';

/** What the sign-in form holds. */
export interface LoginValues {
  email: string;
  password: string;
  otp?: string;
  recoveryCode?: string;
}

/**
 * The sign-in form's checks without zod (the first load of the sign-in page stays light, issue 17):
 * the same rules and message keys as `LoginRequest` (auth.ts), which the server applies; a test
 * (auth.test.ts) proves they agree. An empty list: the form may be sent.
 */
export function loginProblems(v: LoginValues): { path: keyof LoginValues; message: string }[] {
  const out: { path: keyof LoginValues; message: string }[] = [];
  const email = v.email.trim();
  if (!email) out.push({ path: 'email', message: 'validation.required' });
  else if (!EMAIL_PATTERN.test(email)) out.push({ path: 'email', message: 'validation.email' });
  if (!v.password) out.push({ path: 'password', message: 'validation.required' });
  else if (v.password.length > 200)
    out.push({ path: 'password', message: 'validation.maxLength|{"maxLength":200}' });
  if (v.otp !== undefined && !/^\d{6}$/.test(v.otp.trim()))
    out.push({ path: 'otp', message: 'validation.otpDigits' });
  if (
    v.recoveryCode !== undefined &&
    !/^[a-z2-7]{10}$/.test(v.recoveryCode.replace(/[\s-]/g, '').toLowerCase())
  )
    out.push({ path: 'recoveryCode', message: 'validation.recoveryCode' });
  return out;
}
