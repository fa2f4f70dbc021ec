import type { DeviceSave, DeviceSaved } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { devices } from '../../../core/db/schema';
import { isUniqueViolation } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { toDeviceDto } from '../feed/device.service';
import { hashDeviceSecret, newDeviceSecret } from '../feed/device-auth';
import * as repo from './devices.repo';

type DeviceSaveInput = z.output<typeof DeviceSave>;

/**
 * The devices of the selected event (admin/status/devices, permission dispositivos_generales;
 * 02-catalogue §3 Device). The serial is unique across events: a serial that another event's device
 * holds is refused (moving a device between events is the configuration screen's job). The secret
 * key is made by the server (a typed one is refused by the schema): only its hash is kept, and it is
 * answered once.
 */
export const listDevices = async (ctx: AppContext, eventId: number) =>
  (await repo.listEventDevices(ctx.db, eventId)).map(toDeviceDto);

export async function saveDevice(
  ctx: AppContext,
  eventId: number,
  input: DeviceSaveInput,
): Promise<DeviceSaved> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findEventDevice(tx, eventId, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      if (await repo.serialTaken(tx, input.n_serie, existing?.id)) throw fail('deviceSerialTaken');
      const values = {
        nSerie: input.n_serie,
        model: input.model || null,
        description: input.description || null,
        notes: input.notes || null,
        type: input.type,
        owner: input.owner || null,
        dateInactive: input.dateInactive ? new Date(input.dateInactive) : null,
        configured: input.configured,
      };
      // The server makes the key: a new device always gets one, a saved one only on request.
      const made = !existing || input.regenerateKey ? newDeviceSecret() : null;
      if (!existing) {
        const row = await repo.insertDevice(tx, {
          ...values,
          assignedEventId: eventId,
          secretKeyHash: hashDeviceSecret(made!),
        });
        return { device: toDeviceDto(row), secretKey: made };
      }
      const row = await repo.updateDevice(tx, eventId, existing.id, {
        ...values,
        // A new key makes the tokens issued with the old one stop working.
        ...(made
          ? { secretKeyHash: hashDeviceSecret(made), tokenVersion: sql`${devices.tokenVersion} + 1` }
          : {}),
      });
      if (!row) throw fail('notFound');
      return { device: toDeviceDto(row), secretKey: made };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('deviceSerialTaken');
    throw e;
  }
}

/**
 * DELETE /devices/{id}: only a device that never contacted the server; one that has worked is named by
 * the operations it recorded, so it is deactivated (inactive date) instead.
 */
export async function deleteDevice(ctx: AppContext, eventId: number, id: number) {
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.findEventDevice(tx, eventId, id);
    if (!existing) throw fail('notFound');
    if (existing.lastContactAt) throw fail('deviceHasHistory');
    await repo.deleteDevice(tx, eventId, id);
    return true;
  });
}
