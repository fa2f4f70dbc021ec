import type {
  Device,
  DeviceAuthRequest,
  DeviceAuthResult,
  DeviceRegister,
  DeviceRegistered,
} from '@pulsera/contracts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { fail } from '../../lib/errors';
import * as repo from './device.repo';
import {
  DEVICE_TOKEN_SECONDS,
  hashDeviceSecret,
  newDeviceSecret,
  secretMatches,
  signDeviceToken,
} from './device-auth';

export const toDeviceDto = (r: repo.DeviceRow): Device => ({
  id: r.id,
  n_serie: r.nSerie,
  model: r.model,
  description: r.description,
  notes: r.notes,
  type: r.type as Device['type'],
  owner: r.owner,
  dateInactive: r.dateInactive?.toISOString() ?? null,
  configured: r.configured === 1 ? 1 : 0,
  idEvent: r.assignedEventId,
  lastContact: r.lastContactAt?.toISOString() ?? null,
});

/** POST /device/auth: serial + secret key → a short-lived device token for the assigned event. */
export async function authenticate(ctx: AppContext, input: DeviceAuthRequest): Promise<DeviceAuthResult> {
  const device = await repo.findDeviceBySerial(ctx.db, input.serial);
  // The hash is computed either way, so an unknown serial answers like a wrong key.
  const matches = secretMatches(device?.secretKeyHash, input.secretKey);
  if (!device || !matches) throw fail('deviceAuthFailed');
  if (device.dateInactive && device.dateInactive.getTime() <= Date.now()) throw fail('deviceInactive');
  if (!device.assignedEventId) throw fail('deviceNotAssigned');
  const event = await repo.findEvent(ctx.db, device.assignedEventId);
  if (!event) throw fail('deviceNotAssigned');
  if (event.isClosed === 1) throw fail('eventClosed');
  await repo.touchDevice(ctx.db, device.id, true);
  return {
    token: await signDeviceToken(ctx, device.id, event.id, device.tokenVersion),
    expiresIn: DEVICE_TOKEN_SECONDS,
    device: {
      id: device.id,
      n_serie: device.nSerie,
      type: device.type as Device['type'],
      model: device.model,
    },
    event: { id: event.id, name: event.name, zona_horaria: event.timezone },
  };
}

/**
 * Registers (or re-keys) a device and assigns it to an event. The key is answered once; only its
 * hash is kept. Used by the console (admins), the simulator and the benchmark.
 */
export async function registerDevice(db: Executor, input: DeviceRegister): Promise<DeviceRegistered> {
  const event = await repo.findEvent(db, input.idEvent);
  if (!event) throw fail('notFound');
  const secretKey = input.secretKey ?? newDeviceSecret();
  const row = await repo.upsertDevice(db, {
    nSerie: input.n_serie,
    model: input.model || null,
    description: input.description || null,
    type: input.type ?? 'PDA',
    assignedEventId: event.id,
    secretKeyHash: hashDeviceSecret(secretKey),
  });
  return { device: toDeviceDto(row), secretKey };
}
