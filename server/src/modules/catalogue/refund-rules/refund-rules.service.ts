import {
  LOCATION_PICKER_MESSAGE,
  type RefundRule,
  type RefundRuleSave,
  type RefundsResult,
} from '@pulsera/contracts';
import type { AppContext, DbContext } from '../../../core/context';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { pickerLocations, unfitLocations } from '../../venue';
import { checkDevices, deviceOptions, existingIds, FieldErrors, hms, options, uniqueIds } from '../refs';
import * as repo from './refund-rules.repo';

const toDto = (
  r: repo.RefundRuleRow,
  ruleLocations: { refundRuleId: number; locationId: number }[],
  names: Map<number, string>,
): RefundRule => {
  const idLocation = ruleLocations
    .filter((l) => l.refundRuleId === r.id)
    .map((l) => l.locationId)
    .sort((a, b) => a - b);
  return {
    id: r.id,
    name: r.name,
    idLocation,
    idDevice: r.deviceIds,
    dateStart: r.dateStart,
    dateEnd: r.dateEnd,
    timeStart: hms(r.timeStart),
    timeEnd: hms(r.timeEnd),
    minAmount: r.minAmount,
    locationDisplay: idLocation.map((id) => names.get(id) ?? String(id)).join(', '),
    date_update: r.updatedAt.toISOString(),
  };
};

/** GET /refunds: the rules (locations and devices as id lists), and the choices of the screen. */
export async function listRefundRules(ctx: AppContext, eventId: number): Promise<RefundsResult> {
  const [rows, ruleLocations, locations] = await Promise.all([
    repo.listRefundRules(ctx.db, eventId),
    repo.listRuleLocations(ctx.db, eventId),
    options(ctx.db, 'locations', eventId),
  ]);
  const names = new Map(locations.map((l) => [l.id, l.name]));
  // Balances are paid back where money is taken: only top-up locations fit (and those rules name).
  const choices = await pickerLocations(
    ctx.db,
    eventId,
    'topUp',
    ruleLocations.map((l) => l.locationId),
  );
  const devices = await deviceOptions(
    ctx.db,
    eventId,
    rows.flatMap((r) => r.deviceIds),
  );
  return { refunds: rows.map((r) => toDto(r, ruleLocations, names)), locations: choices, devices };
}

/** POST /refunds {refund}: no id creates, an id updates; answers the rule's id. */
export const saveRefundRule = (ctx: DbContext, eventId: number, input: RefundRuleSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findRefundRule(tx, eventId, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const locationIds = uniqueIds(input.idLocation);
      const deviceIds = uniqueIds(input.idDevice);
      const errors = new FieldErrors();
      const found = await existingIds(tx, 'locations', eventId, locationIds);
      if (locationIds.some((id) => !found.has(id)))
        errors.add('refund.idLocation', 'validation.unknownLocations');
      else {
        const kept = existing
          ? (await repo.listRuleLocations(tx, eventId))
              .filter((l) => l.refundRuleId === existing.id)
              .map((l) => l.locationId)
          : [];
        if ((await unfitLocations(tx, eventId, 'topUp', locationIds, kept)).length)
          errors.add('refund.idLocation', LOCATION_PICKER_MESSAGE.topUp);
      }
      await checkDevices(tx, errors, eventId, deviceIds, existing?.deviceIds ?? [], 'refund.idDevice');
      errors.throwIfAny();
      const values = {
        name: input.name,
        dateStart: input.dateStart,
        dateEnd: input.dateEnd,
        timeStart: input.timeStart,
        timeEnd: input.timeEnd,
        minAmount: input.minAmount,
        deviceIds,
      };
      const row = existing
        ? await repo.updateRefundRule(tx, eventId, existing.id, values)
        : await repo.insertRefundRule(tx, { ...values, eventId });
      await repo.replaceLocations(tx, eventId, row.id, locationIds);
      return row.id;
    }),
  );

export const deleteRefundRule = (ctx: AppContext, eventId: number, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findRefundRule(tx, eventId, id))) throw fail('notFound');
      await repo.deleteRefundRule(tx, eventId, id);
      return true;
    }),
  );
