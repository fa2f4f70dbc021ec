import type { LoginRequest, LoginResult, SessionUser } from '@pulsera/contracts';
import { api } from '../../lib/api';

export const login = (body: LoginRequest) => api.post<LoginResult>('/login', body, { silent: true });
export const changePassword = (newPassword: string) =>
  api.post<LoginResult>('/change-password', { newPassword }, { form: true });
export const me = () => api.get<SessionUser>('/me');
export const enableSchedule = (apiScheduleToken: string) =>
  api.get<{ verified: boolean; email: string }>('/enableSchedule', {
    query: { apiScheduleToken },
    silent: true,
  });
export const enablePos = (code: string, state: string) =>
  api.post<{ enabled: boolean }>('/auth/enable-pos', { code, state }, { silent: true });
