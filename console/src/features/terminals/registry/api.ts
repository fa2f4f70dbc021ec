import type {
  DeviceImportResult,
  DeviceImportRowInput,
  DeviceKeyRotated,
  RegistryDeviceDetail,
  RegistryDeviceSave,
  RegistryDeviceSaved,
  RegistryList,
} from '@pulsera/contracts';
import { ApiError, api } from '../../../lib/api';

/** The device registry (admin/configuration/devices). */
export const registryKeys = {
  all: ['device-registry'] as const,
  list: () => [...registryKeys.all, 'list'] as const,
  detail: (id: number) => [...registryKeys.all, 'detail', id] as const,
};

export const listRegistry = () => api.get<RegistryList>('/global/devices');
export const registryDetail = (id: number) => api.get<RegistryDeviceDetail>(`/global/devices/${id}`);

/** The server names field errors `device.<field>`; the form knows them as `<field>`. */
export async function saveRegistryDevice(device: RegistryDeviceSave) {
  try {
    return await api.post<RegistryDeviceSaved>('/global/devices', { device }, { form: true });
  } catch (e) {
    if (!(e instanceof ApiError) || !e.fields.length) throw e;
    throw new ApiError(
      e.status,
      e.code,
      e.description,
      e.fields.map((f) => ({ ...f, path: f.path.replace(/^device\./, '') })),
      e.body,
    );
  }
}
export const rotateDeviceKey = (id: number) => api.post<DeviceKeyRotated>(`/global/devices/${id}/key`, {});
export const deleteRegistryDevice = (id: number) => api.delete<boolean>(`/global/devices/${id}`);
/** The import, or with `dryRun` its check only (the preview: nothing written). */
export const importDevices = (rows: DeviceImportRowInput[], dryRun = false) =>
  api.post<DeviceImportResult>('/global/devices/import', { rows, dryRun });
