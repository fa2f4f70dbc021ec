import {
  checkDeviceImportRows,
  type DeviceImportResult,
  type DeviceImportRowInput,
  type DeviceImportRowResult,
  type DeviceKeyRotated,
  type Language,
  type RegistryDevice,
  type RegistryDeviceDetail,
  type RegistryDeviceSave,
  type RegistryDeviceSaved,
  type RegistryList,
} from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { devices } from '../../../core/db/schema';
import { isUniqueViolation } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { translate } from '../../../core/lib/i18n';
import { toDeviceDto } from '../feed/device.service';
import { hashDeviceSecret, newDeviceSecret } from '../feed/device-auth';
import * as repo from './registry.repo';

type SaveInput = z.output<typeof import('@pulsera/contracts').RegistryDeviceSave>;

/**
 * The device registry (admin/configuration/devices, admins): every terminal the organisation owns,
 * across events. The serial is unique ignoring letter case; the secret key is made by the server,
 * answered once and kept as a SHA-256 hash (the terminal signs in with it at POST /device/auth, as
 * before); rotating it, or moving the terminal to another event, bumps its token version so that its
 * older device tokens stop working at once. The assignment history is kept by a trigger.
 */
export const toRegistryDto = (r: repo.RegistryRow): RegistryDevice => ({
  ...toDeviceDto(r),
  eventName: r.eventName,
  hasKey: !!r.secretKeyHash,
  createdAt: r.createdAt.toISOString(),
});

export async function listRegistry(ctx: AppContext): Promise<RegistryList> {
  const [rows, open] = await Promise.all([repo.listRegistry(ctx.db), repo.openEvents(ctx.db)]);
  return { devices: rows.map(toRegistryDto), events: open };
}

export async function registryDetail(ctx: AppContext, id: number): Promise<RegistryDeviceDetail> {
  const row = await repo.findRegistryDevice(ctx.db, id);
  if (!row) throw fail('notFound');
  const assignments = await repo.listAssignments(ctx.db, id);
  return {
    device: toRegistryDto(row),
    assignments: assignments.map((a) => ({
      idEvent: a.idEvent,
      eventName: a.eventName,
      assignedAt: a.assignedAt.toISOString(),
      unassignedAt: a.unassignedAt?.toISOString() ?? null,
    })),
  };
}

async function dto(ctx: AppContext, id: number) {
  const row = await repo.findRegistryDevice(ctx.db, id);
  if (!row) throw fail('notFound');
  return toRegistryDto(row);
}

export async function saveRegistryDevice(
  ctx: AppContext,
  input: SaveInput | RegistryDeviceSave,
): Promise<RegistryDeviceSaved> {
  const v = input as SaveInput;
  let made: string | null = null;
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const existing = v.id !== undefined ? await repo.lockDevice(tx, v.id) : undefined;
      if (v.id !== undefined && !existing) throw fail('notFound');
      if (await repo.serialTaken(tx, v.n_serie, existing?.id)) throw fail('deviceSerialTaken');
      const eventId = v.idEvent ?? null;
      if (eventId !== null && !(await repo.eventExists(tx, eventId))) {
        throw fail('validation', { fields: [{ path: 'device.idEvent', message: 'validation.invalid' }] });
      }
      const values = {
        nSerie: v.n_serie,
        model: v.model || null,
        description: v.description || null,
        notes: v.notes || null,
        type: v.type,
        owner: v.owner || null,
        dateInactive: v.dateInactive ? new Date(v.dateInactive) : null,
        configured: v.configured,
        assignedEventId: eventId,
      };
      if (!existing) {
        made = newDeviceSecret();
        return repo.insertDevice(tx, { ...values, secretKeyHash: hashDeviceSecret(made) });
      }
      const moved = existing.assignedEventId !== eventId;
      const updated = await repo.updateDevice(tx, existing.id, {
        ...values,
        // Another event (or none): the tokens it holds for the old one stop working.
        ...(moved ? { tokenVersion: sql`${devices.tokenVersion} + 1` } : {}),
      });
      if (updated === undefined) throw fail('notFound');
      return updated;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('deviceSerialTaken');
    throw e;
  }
  return { device: await dto(ctx, id), secretKey: made };
}

/** A new secret key, answered once; the old key and every device token issued before stop working. */
export async function rotateKey(ctx: AppContext, id: number): Promise<DeviceKeyRotated> {
  const secretKey = newDeviceSecret();
  const updated = await repo.updateDevice(ctx.db, id, {
    secretKeyHash: hashDeviceSecret(secretKey),
    tokenVersion: sql`${devices.tokenVersion} + 1`,
  });
  if (updated === undefined) throw fail('notFound');
  return { device: await dto(ctx, id), secretKey };
}

/** Only a terminal that never contacted the server; one that has worked is deactivated instead. */
export async function deleteRegistryDevice(ctx: AppContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.lockDevice(tx, id);
    if (!existing) throw fail('notFound');
    if (existing.lastContactAt) throw fail('deviceHasHistory');
    await repo.deleteDevice(tx, id);
    return true;
  });
}

/**
 * Bulk import: each row is checked on its own (its fields, a serial repeated in the file, a serial
 * already registered); the good rows are created in one statement and the bad ones named with their
 * line and reason. A serial registered meanwhile by someone else (the insert skips it) is named too.
 * Imported terminals are unassigned and have no key yet: redeeming the event's configuration QR gives
 * them both (or the registry's key rotation, then an event). A dry run (the preview) answers the same
 * without writing, so the preview marks a serial already registered before the upload.
 */
export async function importDevices(
  ctx: AppContext,
  rows: DeviceImportRowInput[],
  lang: Language,
  dryRun = false,
): Promise<DeviceImportResult> {
  const checks = checkDeviceImportRows(rows);
  const refused: DeviceImportRowResult[] = [];
  const refuse = (
    line: number,
    n_serie: string,
    reason: DeviceImportRowResult['reason'],
    fields: { path: string; message: string }[],
  ) =>
    refused.push({
      line,
      n_serie,
      reason,
      description: fields.map((f) => `${f.path}: ${translate(lang, f.message)}`).join('; '),
      fields: fields.map((f) => ({ ...f, text: translate(lang, f.message) })),
    });
  const good: Extract<(typeof checks)[number], { ok: true }>[] = [];
  for (const c of checks) {
    if (c.ok) good.push(c);
    else refuse(c.line, c.n_serie, c.reason, c.fields);
  }
  const takenMessage = (serial: string) => `validation.deviceImportTaken|${JSON.stringify({ serial })}`;
  const taken = await repo.takenSerials(
    ctx.db,
    good.map((g) => g.row.n_serie.toLowerCase()),
  );
  const fresh = good.filter((g) => {
    if (!taken.has(g.row.n_serie.toLowerCase())) return true;
    refuse(g.line, g.row.n_serie, 'serialTaken', [{ path: 'n_serie', message: takenMessage(g.row.n_serie) }]);
    return false;
  });
  if (dryRun) return { created: fresh.length, refused: refused.sort((a, b) => a.line - b.line) };
  const inserted = new Set(
    await repo.insertMany(
      ctx.db,
      fresh.map((g) => ({
        nSerie: g.row.n_serie,
        model: g.row.model || null,
        type: g.row.type,
        description: g.row.description || null,
        owner: g.row.owner || null,
        notes: g.row.notes || null,
      })),
    ),
  );
  for (const g of fresh) {
    if (!inserted.has(g.row.n_serie))
      refuse(g.line, g.row.n_serie, 'serialTaken', [
        { path: 'n_serie', message: takenMessage(g.row.n_serie) },
      ]);
  }
  refused.sort((a, b) => a.line - b.line);
  return { created: inserted.size, refused };
}
