import type { Device, DeviceSave, DeviceSaved, FleetAnswer, FleetQuery } from '@pulsera/contracts';
import { ApiError, api, withoutBlanks } from '../../../lib/api';

/** The devices of the selected event (admin/status/devices). */
export const deviceKeys = {
  all: ['event-devices'] as const,
  list: () => [...deviceKeys.all, 'list'] as const,
  fleet: (filters: FleetFilters) => [...deviceKeys.all, 'fleet', filters] as const,
};

/** The fleet health filters of the screen (numbers, as the query sends them). */
export type FleetFilters = { silentMinutes?: number; outdated?: 1; gaps?: 1; banListMissing?: 1 };

/** The event's terminals with their fleet health (admin/status/devices, reloaded live). */
export const fleet = (filters: FleetFilters) =>
  api.get<FleetAnswer>('/devices/fleet', { query: withoutBlanks(filters satisfies FleetQuery) });

export const listDevices = () => api.get<Device[]>('/devices');

/** The server names field errors `device.<field>`; the form knows them as `<field>`. */
export async function saveDevice(device: DeviceSave) {
  try {
    return await api.post<DeviceSaved>('/devices', { device }, { form: true });
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
export const deleteDevice = (id: number) => api.delete<boolean>(`/devices/${id}`);
