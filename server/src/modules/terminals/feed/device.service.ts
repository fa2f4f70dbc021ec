import type {
  Device,
  DeviceAuthRequest,
  DeviceAuthResult,
  DeviceRedeemRequest,
  DeviceRedeemResult,
  DeviceRegister,
  DeviceRegistered,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { fail } from '../../../core/lib/errors';
import { verifyDeviceQr } from '../devices/device-qr.service';
import * as repo from './device.repo';
import {
  deviceTokenSeconds,
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
  authorizedUntil: r.authorizedUntil?.toISOString() ?? null,
});

/** POST /device/auth: serial + secret key → a short-lived device token for the assigned event. */
export async function authenticate(ctx: AppContext, input: DeviceAuthRequest): Promise<DeviceAuthResult> {
  const device = await repo.findDeviceBySerial(ctx.db, input.serial);
  // The hash is computed either way, so an unknown serial answers like a wrong key.
  const matches = secretMatches(device?.secretKeyHash, input.secretKey);
  if (!device || !matches) throw fail('deviceAuthFailed');
  if (device.dateInactive && device.dateInactive.getTime() <= Date.now()) throw fail('deviceInactive');
  if (device.authorizedUntil && device.authorizedUntil.getTime() <= Date.now()) {
    throw fail('deviceAuthorizationExpired');
  }
  if (!device.assignedEventId) throw fail('deviceNotAssigned');
  const event = await repo.findEvent(ctx.db, device.assignedEventId);
  if (!event) throw fail('deviceNotAssigned');
  if (event.isClosed === 1) throw fail('eventClosed');
  await repo.touchDevice(ctx.db, device.id, true);
  const seconds = deviceTokenSeconds(device.authorizedUntil);
  return {
    token: await signDeviceToken(ctx, device.id, event.id, device.tokenVersion, seconds),
    expiresIn: seconds,
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
  // A serial registered in another letter case is the same terminal.
  const known = await repo.findDeviceBySerial(db, input.n_serie);
  const row = await repo.upsertDevice(db, {
    nSerie: known?.nSerie ?? input.n_serie,
    model: input.model || null,
    description: input.description || null,
    type: input.type ?? 'PDA',
    assignedEventId: event.id,
    secretKeyHash: hashDeviceSecret(secretKey),
  });
  return { device: toDeviceDto(row), secretKey };
}

/**
 * POST /device/redeem: a terminal redeems the event's configuration QR (with or without its prefix).
 * The code must carry our signature, be unexpired, name this server (the host the terminal called)
 * and an open event whose token still matches. The serial is then registered, or updated when known:
 * assigned to the event, configured, given a fresh secret key (older device tokens stop working) and
 * authorised for the hours the code grants from now. A device deactivated in the console stays so.
 * The answer is what the terminal needs: its secret key (once), a device token for the sync now, and
 * the event.
 */
export async function redeem(
  ctx: AppContext,
  input: DeviceRedeemRequest,
  serverOrigin: string,
): Promise<DeviceRedeemResult> {
  const config = await verifyDeviceQr(ctx, input.qr, serverOrigin);
  const event = await repo.findEvent(ctx.db, config.eventId);
  if (!event) throw fail('qrInvalid');
  const known = await repo.findDeviceBySerial(ctx.db, input.serial);
  if (known?.dateInactive && known.dateInactive.getTime() <= Date.now()) throw fail('deviceInactive');
  const secretKey = newDeviceSecret();
  const authorizedUntil = new Date(config.authExpiresAt);
  // Joins the registry: a registered serial (in any letter case) is that terminal, now assigned to the
  // code's event and configured.
  const row = await repo.upsertDevice(ctx.db, {
    nSerie: known?.nSerie ?? input.serial,
    model: input.model || null,
    description: input.description || null,
    type: input.type ?? known?.type ?? 'PDA',
    assignedEventId: event.id,
    secretKeyHash: hashDeviceSecret(secretKey),
    authorizedUntil,
  });
  await repo.touchDevice(ctx.db, row.id);
  const seconds = deviceTokenSeconds(authorizedUntil);
  return {
    token: await signDeviceToken(ctx, row.id, event.id, row.tokenVersion, seconds),
    expiresIn: seconds,
    secretKey,
    authorizedUntil: authorizedUntil.toISOString(),
    serverUrl: config.serverUrl,
    device: { id: row.id, n_serie: row.nSerie, type: row.type as Device['type'], model: row.model },
    event: { id: event.id, name: event.name, zona_horaria: event.timezone },
  };
}
