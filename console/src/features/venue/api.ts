import type {
  Gate,
  GateSave as GateSaveOut,
  GatesResult,
  Kitchen,
  KitchenSave as KitchenSaveOut,
  KitchensResult,
  Location,
  LocationSave as LocationSaveOut,
  LocationsResult,
  Room,
  RoomSave,
  TimeRange,
  TimeRangeSave as TimeRangeSaveOut,
  Zone,
  ZoneSave as ZoneSaveOut,
} from '@pulsera/contracts';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api';

/** The bodies as sent (defaults of the schemas may be left out). */
type GateSave = z.input<typeof GateSaveOut>;
type KitchenSave = z.input<typeof KitchenSaveOut>;
type LocationSave = z.input<typeof LocationSaveOut>;
type TimeRangeSave = z.input<typeof TimeRangeSaveOut>;
type ZoneSave = z.input<typeof ZoneSaveOut>;

/**
 * The venue and access calls (02-catalogue §7 Locations, Kitchens, Rooms, Zones, Time ranges; gates).
 * Saves wrapped as `{ <wrapper>: values }` get field errors named `<wrapper>.<field>`; the forms know
 * them as `<field>`.
 */
async function unwrapFields<T>(wrapper: string, send: Promise<T>): Promise<T> {
  try {
    return await send;
  } catch (e) {
    if (!(e instanceof ApiError) || !e.fields.length) throw e;
    const prefix = `${wrapper}.`;
    throw new ApiError(
      e.status,
      e.code,
      e.description,
      e.fields.map((f) => ({ ...f, path: f.path.startsWith(prefix) ? f.path.slice(prefix.length) : f.path })),
      e.body,
    );
  }
}

/** Every venue list shares this root: a save in one screen makes the others' choices stale. */
export const venueKeys = { all: ['venue'] as const };

// Locations
export const locationKeys = {
  all: [...venueKeys.all, 'locations'] as const,
  list: () => [...locationKeys.all, 'list'] as const,
};
export const listLocations = () => api.get<LocationsResult>('/locations');
export const createLocation = (location: LocationSave) =>
  unwrapFields('location', api.post<Location>('/locations', { location }, { form: true }));
export const updateLocation = (location: LocationSave & { id: number }) =>
  unwrapFields('location', api.put<Location>('/locations', { location }, { form: true }));
export const deleteLocation = (id: number) => api.delete<boolean>(`/locations/${id}`);

// Gates
export const gateKeys = {
  all: [...venueKeys.all, 'gates'] as const,
  list: () => [...gateKeys.all, 'list'] as const,
};
export const listGates = () => api.get<GatesResult>('/gates');
export const saveGate = (gate: GateSave) =>
  unwrapFields('gate', api.post<Gate>('/gates', { gate }, { form: true }));
export const deleteGate = (id: number) => api.delete<boolean>(`/gates/${id}`);

// Zones
export const zoneKeys = {
  all: [...venueKeys.all, 'zones'] as const,
  list: () => [...zoneKeys.all, 'list'] as const,
};
export const listZones = () => api.get<Zone[]>('/zones');
/** Answers the saved zone's id. */
export const saveZone = (zone: ZoneSave) =>
  unwrapFields('zone', api.post<number>('/zones', { zone }, { form: true }));
/** Zones are deleted by their unique number in the event. */
export const deleteZone = (idUnique: number) => api.delete<boolean>(`/zones/${idUnique}`);

// Kitchens
export const kitchenKeys = {
  all: [...venueKeys.all, 'kitchens'] as const,
  list: () => [...kitchenKeys.all, 'list'] as const,
};
export const listKitchens = () => api.get<KitchensResult>('/kitchens');
export const createKitchen = (kitchen: KitchenSave) =>
  unwrapFields('kitchen', api.post<Kitchen>('/kitchens', { kitchen }, { form: true }));
export const updateKitchen = (kitchen: KitchenSave & { id: number }) =>
  unwrapFields('kitchen', api.patch<Kitchen>('/kitchens', { kitchen }, { form: true }));
export const deleteKitchen = (id: number) => api.delete<boolean>(`/kitchens/${id}`);

// Rooms
export const roomKeys = {
  all: [...venueKeys.all, 'rooms'] as const,
  list: () => [...roomKeys.all, 'list'] as const,
};
export const listRooms = () => api.get<Room[]>('/rooms');
export const createRoom = (room: RoomSave) =>
  unwrapFields('room', api.post<Room>('/rooms', { room }, { form: true }));
export const updateRoom = (id: number, room: RoomSave) =>
  unwrapFields('room', api.patch<Room>(`/rooms/${id}`, { room }, { form: true }));
export const deleteRoom = (id: number) => api.delete<boolean>(`/rooms/${id}`);

// Time ranges (POST /timeRange takes the item itself)
export const timeRangeKeys = {
  all: [...venueKeys.all, 'time-ranges'] as const,
  list: () => [...timeRangeKeys.all, 'list'] as const,
};
export const listTimeRanges = () => api.get<TimeRange[]>('/timeRange');
export const saveTimeRange = (item: TimeRangeSave) => api.post<TimeRange>('/timeRange', item, { form: true });
export const deleteTimeRange = (id: number) => api.delete<boolean>(`/timeRange/${id}`);
