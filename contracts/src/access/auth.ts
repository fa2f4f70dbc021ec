import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { email } from '../validation';
import type { StaffFlags } from './permissions';

/** 01-console §3 Login user, §5 Login. */
export const LoginRequest = z.object({
  email: email(),
  password: z.string().min(1, { error: 'validation.required' }).max(200),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'validation.otpDigits' })
    .optional(),
  /** A recovery code in place of the one-time code (each works once). */
  recoveryCode: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z2-7]{10}$/, { error: 'validation.recoveryCode' }))
    .optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  mustChangePassword: z.boolean(),
  neverChangedPassword: z.boolean(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  isMegaAdmin: z.boolean(),
  isUsersAdmin: z.boolean(),
  /** The user has a one-time code. */
  otpEnabled: z.boolean(),
  /** An administrator requires a one-time code the user has not set up yet: set it up first. */
  otpSetupRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginResult = z.object({ user: SessionUser, token: z.string() });
export type LoginResult = z.infer<typeof LoginResult>;

/** `currentPassword` is asked when the change is voluntary (not forced by expiry or a new account). */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string().max(200).optional(),
  newPassword: z.string().max(200),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ScheduleTokenQuery = z.object({ apiScheduleToken: z.string().min(1).max(500) });

/** Names a password must not contain (01-console §5 "no system names"). */
export const SYSTEM_NAMES = ['pulsera', 'admin', 'administrator', 'root', 'password', 'system'];

/**
 * 01-console §5 password policy: at least 8 characters, 3 of 4 groups (lower, upper, numbers,
 * symbols), at least one symbol, no system names, e-mail or user name. Returns the failing rules as
 * validation message keys (empty when the password is acceptable).
 */
export function passwordProblems(password: string, user?: { email?: string; name?: string }): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(`validation.passwordLength|${JSON.stringify({ min: PASSWORD_MIN_LENGTH })}`);
  }
  const groups = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (groups < 3) problems.push('validation.passwordGroups');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('validation.passwordSymbol');
  const lower = password.toLowerCase();
  const personal = [...SYSTEM_NAMES];
  if (user?.email) {
    personal.push(user.email.toLowerCase());
    const local = user.email.split('@')[0]?.toLowerCase();
    if (local && local.length >= 3) personal.push(local);
  }
  if (user?.name) {
    for (const part of user.name.toLowerCase().split(/\s+/)) if (part.length >= 3) personal.push(part);
  }
  if (personal.some((p) => lower.includes(p))) problems.push('validation.passwordPersonal');
  return problems;
}

export type { StaffFlags };

/** One-time code set-up (01-console §4 "OTP can be enabled or regenerated"). */
export const OtpStatus = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type OtpStatus = z.infer<typeof OtpStatus>;
/** The current password, asked again before the one-time code or its recovery codes change. */
export const OtpPasswordRequest = z.object({ password: z.string().max(200).optional() });
export const OtpSetupResult = z.object({ secret: z.string(), uri: z.string() });
export type OtpSetupResult = z.infer<typeof OtpSetupResult>;
export const OtpConfirmRequest = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'validation.otpDigits' }),
});
export const RecoveryCodesResult = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResult = z.infer<typeof RecoveryCodesResult>;

/** "Forgot your password?": answers the same whether or not the address exists. */
export const ForgotPasswordRequest = z.object({ email: email() });
/** The page an invitation or reset link opens. */
export const PasswordTokenQuery = z.object({ token: z.string().min(10).max(200) });
export const PasswordTokenInfo = z.object({
  purpose: z.enum(['invitation', 'reset']),
  email: z.string(),
  name: z.string(),
});
export type PasswordTokenInfo = z.infer<typeof PasswordTokenInfo>;
export const PasswordTokenRequest = z.object({
  token: z.string().min(10).max(200),
  newPassword: z.string().max(200),
});
