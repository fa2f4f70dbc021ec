import type {
  ConsoleUser,
  ConsoleUserListResult,
  ConsoleUserOptions,
  ConsoleUserSave,
  PermissionRole,
  PermissionRoleHolder,
  PermissionRoleSave,
} from '@pulsera/contracts';
import { api, withoutBlanks } from '../../../lib/api';

/** Console users (admin/configuration/users) and permission roles (admin/configuration/roles). */
export const userKeys = {
  all: ['console-users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  options: () => [...userKeys.all, 'options'] as const,
};
export const listUsers = (q: {
  page?: number;
  paginationLimit?: number;
  search?: string;
  disablePagination?: boolean;
}) => api.get<ConsoleUserListResult>('/users', { query: withoutBlanks(q) });
export const userOptions = () => api.get<ConsoleUserOptions>('/users/options');
export const getUser = (id: number) => api.get<ConsoleUser>(`/users/${id}`);
export const createUser = (user: Omit<ConsoleUserSave, 'id' | 'updatedAt'>) =>
  api.post<{ id: number; sent: boolean }>('/users', user, { form: true });
export const updateUser = (user: ConsoleUserSave & { id: number }) =>
  api.patch<{ id: number; sent: boolean }>('/users', user, { form: true });
export const sendInvitation = (id: number) =>
  api.post<{ id: number; sent: boolean }>(`/users/${id}/invitation`, {});
export const resetPassword = (id: number) =>
  api.post<{ id: number; sent: boolean }>(`/users/${id}/password-reset`, {});
export const resetOtp = (id: number) => api.post<boolean>(`/users/${id}/otp-reset`, {});

export const roleKeys = {
  all: ['permission-roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  holders: (id: number) => [...roleKeys.all, 'holders', id] as const,
};
export const listRoles = () => api.get<PermissionRole[]>('/permission-roles');
export const createRole = (role: Omit<PermissionRoleSave, 'id'>) =>
  api.post<PermissionRole>('/permission-roles', role, { form: true });
export const updateRole = (role: PermissionRoleSave & { id: number }) =>
  api.patch<PermissionRole>('/permission-roles', role, { form: true });
export const roleHolders = (id: number) => api.get<PermissionRoleHolder[]>(`/permission-roles/${id}/holders`);
export const deleteRole = (id: number) => api.delete<boolean>(`/permission-roles/${id}`);
