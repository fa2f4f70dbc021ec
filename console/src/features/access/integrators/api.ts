import type {
  ApiKeyCreate,
  ApiKeyCreated,
  ApiKeyRow,
  Integrator,
  IntegratorList,
  IntegratorSave,
} from '@pulsera/contracts';
import { api } from '../../../lib/api';

export const integratorKeys = {
  all: ['integrators'] as const,
  list: () => ['integrators', 'list'] as const,
};

export const listIntegrators = () => api.get<IntegratorList>('/integrators');
export const saveIntegrator = (v: IntegratorSave) => api.post<Integrator>('/integrators', v, { form: true });
export const deleteIntegrator = (id: number) => api.delete<boolean>(`/integrators/${id}`);
export const createApiKey = (integratorId: number, v: ApiKeyCreate) =>
  api.post<ApiKeyCreated>(`/integrators/${integratorId}/keys`, v);
export const revokeApiKey = (keyId: number) => api.post<ApiKeyRow>(`/integrators/keys/${keyId}/revoke`);
