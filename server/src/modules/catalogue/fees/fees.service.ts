import { type Fee, type FeeSave, type FeesResult, LOCATION_PICKER_MESSAGE } from '@pulsera/contracts';
import type { AppContext, DbContext } from '../../../core/context';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { pickerLocations, unfitLocations } from '../../venue';
import { checkDevices, deviceOptions, existingIds, FieldErrors, uniqueIds } from '../refs';
import * as repo from './fees.repo';

type LocationRow = { feeId: number; locationId: number };

const toDto = (r: repo.FeeRow, locations: LocationRow[]): Fee => ({
  id: r.id,
  name: r.name,
  fee: r.fee,
  nRechargeIni: r.nRechargeIni,
  nRechargeEnd: r.nRechargeEnd,
  minRecharge: r.minRecharge,
  maxRecharge: r.maxRecharge,
  dateStart: r.dateStart.toISOString(),
  dateEnd: r.dateEnd.toISOString(),
  idLocations: locations
    .filter((l) => l.feeId === r.id)
    .map((l) => l.locationId)
    .sort((a, b) => a - b),
  idDevices: r.deviceIds,
  date_update: r.updatedAt.toISOString(),
});

/** GET /fees: the fees, and the locations and devices to choose from. */
export async function listFees(ctx: AppContext, eventId: number): Promise<FeesResult> {
  const [rows, locations] = await Promise.all([
    repo.listFees(ctx.db, eventId),
    repo.listFeeLocations(ctx.db, eventId),
  ]);
  // Top-up fees: only top-up locations fit (and those fees already name).
  const locationOptions = await pickerLocations(
    ctx.db,
    eventId,
    'topUp',
    locations.map((l) => l.locationId),
  );
  const devices = await deviceOptions(
    ctx.db,
    eventId,
    rows.flatMap((r) => r.deviceIds),
  );
  return { fees: rows.map((r) => toDto(r, locations)), locations: locationOptions, devices };
}

/** POST /fees {fee}: no id creates, an id updates; locations and devices must be the event's. */
export const saveFee = (ctx: DbContext, eventId: number, input: FeeSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findFee(tx, eventId, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const locationIds = uniqueIds(input.idLocations);
      const deviceIds = uniqueIds(input.idDevices);
      const errors = new FieldErrors();
      const found = await existingIds(tx, 'locations', eventId, locationIds);
      if (locationIds.some((id) => !found.has(id)))
        errors.add('fee.idLocations', 'validation.unknownLocations');
      else {
        const kept = existing
          ? (await repo.listFeeLocations(tx, eventId))
              .filter((l) => l.feeId === existing.id)
              .map((l) => l.locationId)
          : [];
        if ((await unfitLocations(tx, eventId, 'topUp', locationIds, kept)).length)
          errors.add('fee.idLocations', LOCATION_PICKER_MESSAGE.topUp);
      }
      await checkDevices(tx, errors, eventId, deviceIds, existing?.deviceIds ?? [], 'fee.idDevices');
      errors.throwIfAny();
      const values = {
        name: input.name,
        fee: input.fee,
        nRechargeIni: input.nRechargeIni,
        nRechargeEnd: input.nRechargeEnd,
        minRecharge: input.minRecharge,
        maxRecharge: input.maxRecharge,
        dateStart: new Date(input.dateStart),
        dateEnd: new Date(input.dateEnd),
        deviceIds,
      };
      const row = existing
        ? await repo.updateFee(tx, eventId, existing.id, values)
        : await repo.insertFee(tx, { ...values, eventId });
      await repo.replaceLocations(tx, eventId, row.id, locationIds);
      return toDto(
        row,
        locationIds.map((locationId) => ({ feeId: row.id, locationId })),
      );
    }),
  );

export const deleteFee = (ctx: AppContext, eventId: number, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findFee(tx, eventId, id))) throw fail('notFound');
      await repo.deleteFee(tx, eventId, id);
      return true;
    }),
  );
