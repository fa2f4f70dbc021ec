import {
  LOCATION_LOGO,
  type Location,
  type LocationActivity,
  type LocationCategory,
  type LocationSave,
  type LocationsResult,
  type UploadedImage,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { locations } from '../../../core/db/schema';
import { guardedWrite, isUniqueViolation } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import { attachImage, deleteImage, removeQuietly, storageFor } from '../../uploads';
import { findGate } from '../gates/gates.repo';
import { listNames, nextUniqueNumber } from '../venue.shared';
import * as repo from './locations.repo';

const toDto = ({
  location: r,
  gateName,
  logoUrl,
  numArticles,
  numCompounds,
}: {
  location: repo.LocationRow;
  gateName: string | null;
  logoUrl: string | null;
  numArticles: number;
  numCompounds: number;
}): Location => ({
  id: r.id,
  id_unico_evento: r.idUnique,
  id_evento: r.eventId,
  nombre: r.name,
  interna: r.intern === 'S' ? 'S' : 'N',
  isIntern: r.intern === 'S',
  numArticles,
  numCompounds,
  actividades_nfc: r.activities as LocationActivity[],
  category: (r.category as LocationCategory | null) ?? null,
  additionalType: r.additionalTypes as LocationCategory[],
  f_inactivo: r.inactiveAt?.toISOString() ?? null,
  idGate: r.gateId,
  gate: r.gateId === null ? null : gateName,
  prefix: r.prefix,
  externalAnalyticsId: r.externalAnalyticsId,
  pictureReceiptLogo:
    r.receiptLogoId !== null && logoUrl !== null ? { id: r.receiptLogoId, url: logoUrl } : null,
  create_time: r.createdAt.toISOString(),
  update_time: r.updatedAt.toISOString(),
});

/** GET /locations: result.locations and result.gates (the gates a location may choose). */
export async function listLocations(ctx: AppContext, eventId: number): Promise<LocationsResult> {
  const [rows, gates] = await Promise.all([
    repo.listLocations(ctx.db, eventId),
    repo.gateOptions(ctx.db, eventId),
  ]);
  return {
    locations: rows.map(toDto),
    gates: gates.map((g) => ({ id: g.id, name: g.name, active: g.active === 1 ? 1 : 0 })),
  };
}

const PREFIX_INDEX = 'locations_event_prefix_uq';
const prefixInUse = () => fieldError('location.prefix', 'validation.prefixInUse');

/** A concurrent writer that took the prefix between our check and our write: the same field error. */
async function prefixGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e, PREFIX_INDEX)) throw prefixInUse();
    throw e;
  }
}

function values(input: LocationSave) {
  return {
    name: input.nombre,
    intern: input.interna,
    activities: input.actividades_nfc,
    category: input.category ?? null,
    additionalTypes: input.additionalType,
    inactiveAt: input.f_inactivo ? new Date(input.f_inactivo) : null,
    gateId: input.idGate ?? null,
    prefix: input.prefix ? input.prefix : null,
    externalAnalyticsId: input.externalAnalyticsId ? input.externalAnalyticsId : null,
  };
}

async function checkGate(tx: Executor, eventId: number, gateId: number | null) {
  if (gateId !== null && !(await findGate(tx, eventId, gateId))) throw fail('notFound');
}

async function reload(tx: Executor, eventId: number, id: number) {
  return toDto((await repo.findLocationWithGate(tx, eventId, id))!);
}

/**
 * POST /locations {location}: creates a location with the event's next unique number. The prefix
 * (at most 5) is unique case-insensitively within the event (errorRepeatedPrefixInEvent).
 */
export const createLocation = (ctx: AppContext, eventId: number, input: LocationSave) =>
  guardedWrite(() =>
    prefixGuard(() =>
      ctx.db.transaction(async (tx) => {
        const v = values(input);
        await checkGate(tx, eventId, v.gateId);
        if (v.prefix && (await repo.prefixTaken(tx, eventId, v.prefix))) throw prefixInUse();
        const idUnique = await nextUniqueNumber(tx, 'locations', locations, locations.idUnique, eventId);
        const row = await repo.insertLocation(tx, { ...v, eventId, idUnique });
        return reload(tx, eventId, row.id);
      }),
    ),
  );

/**
 * PUT /locations {location}: replaces the location with that id. The prefix is checked only when it
 * changed (ignoring case).
 */
export const updateLocation = (ctx: AppContext, eventId: number, input: LocationSave & { id: number }) =>
  guardedWrite(() =>
    prefixGuard(() =>
      ctx.db.transaction(async (tx) => {
        const existing = await repo.findLocation(tx, eventId, input.id);
        if (!existing) throw fail('notFound');
        const v = values(input);
        await checkGate(tx, eventId, v.gateId);
        const changed = (v.prefix ?? '').toLowerCase() !== (existing.prefix ?? '').toLowerCase();
        if (v.prefix && changed && (await repo.prefixTaken(tx, eventId, v.prefix, existing.id))) {
          throw prefixInUse();
        }
        await repo.updateLocation(tx, eventId, existing.id, v);
        return reload(tx, eventId, existing.id);
      }),
    ),
  );

/**
 * DELETE /locations/{id}: refused (409, naming what) while a gate belongs to it, a kitchen uses it,
 * staff chose it, an event parameter has an exception for it or its menu holds articles; fees, refund
 * rules, bonuses, packs and ticket roles naming it refuse it through their foreign keys
 * (guardedWrite). Its receipt logo goes with it.
 */
export async function deleteLocation(ctx: AppContext, eventId: number, id: number) {
  const removedKey = await guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const location = await repo.findLocation(tx, eventId, id);
      if (!location) throw fail('notFound');
      if (await repo.locationUsedByGate(tx, eventId, id)) throw fail('locationUsedByGate');
      if (await repo.locationUsedByKitchen(tx, eventId, id)) throw fail('locationUsedByKitchen');
      const staffNames = await repo.staffOfLocation(tx, eventId, id);
      if (staffNames.length) throw fail('locationUsedByStaff', { params: { names: listNames(staffNames) } });
      const params = await repo.paramsExceptingLocation(tx, eventId, id);
      if (params.length) throw fail('locationUsedByParams', { params: { names: listNames(params) } });
      const menu = await repo.menuSize(tx, eventId, id);
      if (menu > 0) throw fail('locationHasMenu', { params: { count: menu } });
      await repo.deleteLocation(tx, eventId, id);
      return location.receiptLogoId ? deleteImage(tx, location.receiptLogoId, eventId) : null;
    }),
  );
  await removeQuietly(storageFor(ctx), removedKey);
  return true;
}

/**
 * PUT /locations/images {locationId, key, imageObject}: attaches the uploaded image (checked again:
 * 200 × 200) as the location's receipt logo; the logo it replaces is deleted with its stored object.
 */
export async function setLocationLogo(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  locationId: number,
  key: string,
): Promise<UploadedImage> {
  const { image, replacedKey } = await ctx.db.transaction(async (tx) => {
    const location = await repo.findLocation(tx, eventId, locationId);
    if (!location) throw fail('notFound');
    const image = await attachImage(ctx, tx, { key, eventId, userId, rule: LOCATION_LOGO.size });
    await repo.updateLocation(tx, eventId, locationId, { receiptLogoId: image.id });
    const current = location.receiptLogoId;
    const replacedKey = current && current !== image.id ? await deleteImage(tx, current, eventId) : null;
    return { image, replacedKey };
  });
  await removeQuietly(storageFor(ctx), replacedKey);
  return image;
}

/** PUT /locations/images/delete {locationId, delete: 1}: removes the location's receipt logo. */
export async function clearLocationLogo(ctx: AppContext, eventId: number, locationId: number) {
  const removedKey = await ctx.db.transaction(async (tx) => {
    const location = await repo.findLocation(tx, eventId, locationId);
    if (!location) throw fail('notFound');
    if (!location.receiptLogoId) return null;
    await repo.updateLocation(tx, eventId, locationId, { receiptLogoId: null });
    return deleteImage(tx, location.receiptLogoId, eventId);
  });
  await removeQuietly(storageFor(ctx), removedKey);
  return true;
}
