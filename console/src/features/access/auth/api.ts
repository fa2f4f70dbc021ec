import type {
  LoginRequest,
  LoginResult,
  OtpSetupResult,
  OtpStatus,
  PasswordTokenInfo,
  RecoveryCodesResult,
  SessionUser,
} from '@pulsera/contracts';
import { api } from '../../../lib/api';

export const login = (body: LoginRequest) => api.post<LoginResult>('/login', body, { silent: true });
/** `currentPassword` only for a voluntary change. */
export const changePassword = (newPassword: string, currentPassword?: string) =>
  api.post<LoginResult>(
    '/change-password',
    currentPassword === undefined ? { newPassword } : { currentPassword, newPassword },
    { form: true },
  );
export const me = () => api.get<SessionUser>('/me');
/** The link mailed to a user's new address: the address takes effect (once). */
export const confirmEmail = (token: string) =>
  api.post<{ email: string }>('/users/email-confirm', { token }, { silent: true });

export const enableSchedule = (apiScheduleToken: string) =>
  api.get<{ verified: boolean; email: string }>('/enableSchedule', {
    query: { apiScheduleToken },
    silent: true,
  });

// "Forgot your password?" and the invitation / reset links.
export const forgotPassword = (email: string) => api.post<{ sent: boolean }>('/password/forgot', { email });
export const passwordTokenInfo = (token: string) =>
  api.get<PasswordTokenInfo>('/password/token', { query: { token }, silent: true });
export const choosePassword = (token: string, newPassword: string) =>
  api.post<{ email: string }>('/password/token', { token, newPassword }, { form: true });

// The user's own one-time code.
export const otpKeys = { status: ['me', 'otp'] as const };
export const otpStatus = () => api.get<OtpStatus>('/me/otp');
export const otpSetup = (password?: string) =>
  api.post<OtpSetupResult>('/me/otp/setup', password ? { password } : {}, { form: true });
export const otpConfirm = (otp: string) =>
  api.post<RecoveryCodesResult>('/me/otp/confirm', { otp }, { form: true });
export const otpRecoveryCodes = (password: string) =>
  api.post<RecoveryCodesResult>('/me/otp/recovery-codes', { password }, { form: true });
export const otpDisable = (password: string) =>
  api.post<boolean>('/me/otp/disable', { password }, { form: true });
