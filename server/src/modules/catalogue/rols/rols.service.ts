import {
  MAX_ROLES,
  ROL_IMAGE,
  type Rol,
  type RolSave,
  type RolsResult,
  type UploadedImage,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { attachImage, deleteImage, removeQuietly, storageFor } from '../../uploads';
import { FieldErrors } from '../refs';
import * as repo from './rols.repo';

const flag01 = (v: number) => (v === 1 ? 1 : 0);

/** The children of the rols grouped by rol. */
function group(children: repo.RolChildren) {
  const by = <T extends { rolId: number }>(rows: T[]) => {
    const map = new Map<number, T[]>();
    for (const r of rows) {
      const list = map.get(r.rolId);
      if (list) list.push(r);
      else map.set(r.rolId, [r]);
    }
    return (rolId: number) => map.get(rolId) ?? [];
  };
  return {
    locations: by(children.locations),
    timeRanges: by(children.timeRanges),
    access: by(children.access),
    addons: by(children.addons),
    articles: by(children.articles),
  };
}
type Grouped = ReturnType<typeof group>;

function toDto({ rol: r, imageUrl }: repo.RolWithImage, g: Grouped): Rol {
  const locationsOf = (kind: repo.LocationKind) =>
    g
      .locations(r.id)
      .filter((l) => l.kind === kind)
      .map((l) => l.locationId);
  const hasImage = r.imageId !== null && imageUrl !== null;
  return {
    id: r.id,
    name: r.name,
    price: r.price,
    amountBonus: r.amountBonus,
    category: r.category,
    locationsAvailable: r.allLocations === 1 ? null : locationsOf('T'),
    preTopUpLocationsAvailable: r.allPreTopUpLocations === 1 ? null : locationsOf('P'),
    dateUpdateImage: hasImage && r.dateUpdateImage ? r.dateUpdateImage.toISOString() : null,
    tagRequired: flag01(r.tagRequired),
    articles: g.articles(r.id).map((a) => ({ idArticle: a.articleId, quantity: a.quantity })),
    rolesAccess: g.access(r.id).map((a) => ({
      id: a.id,
      idZone: a.zoneId,
      idRol: r.id,
      idEvent: r.eventId,
      idTimeRange: a.timeRangeId,
      nAccess: a.nAccess,
    })),
    idAddons: g.addons(r.id).map((a) => a.addonId),
    idsTimeRange: g.timeRanges(r.id).map((t) => t.timeRangeId),
    idImage: hasImage ? r.imageId : null,
    pictureFull: hasImage ? { id: r.imageId!, url: imageUrl! } : null,
    date_update: r.updatedAt.toISOString(),
  };
}

/** GET /rols: the event's rols with every list, and the choices of the screen. */
export async function listRols(ctx: AppContext, eventId: number): Promise<RolsResult> {
  const [rows, children, articles, locations, timeRanges, zones, addons] = await Promise.all([
    repo.listRols(ctx.db, eventId),
    repo.listChildren(ctx.db, eventId),
    repo.articleOptions(ctx.db, eventId),
    repo.locationOptions(ctx.db, eventId),
    repo.timeRangeOptions(ctx.db, eventId),
    repo.zoneOptions(ctx.db, eventId),
    repo.addonOptions(ctx.db, eventId),
  ]);
  const g = group(children);
  return { rols: rows.map((r) => toDto(r, g)), articles, locations, timeRanges, zones, addons };
}

/** Every id a rol names must be a row of this event (400 with one field error per stranger). */
async function checkReferences(tx: Executor, eventId: number, input: RolSave) {
  const errors = new FieldErrors();
  const check = async (
    kind: repo.RefKind,
    ids: readonly number[],
    path: (i: number) => string,
    message: string,
  ) => {
    const found = await repo.existingIds(tx, kind, eventId, ids);
    ids.forEach((id, i) => {
      if (!found.has(id)) errors.add(path(i), message);
    });
  };
  const at = (path: string) => `rol.${path}`;
  // A location list names the stranger once, on the list (as staff and the other rules do).
  for (const key of ['locationsAvailable', 'preTopUpLocationsAvailable'] as const) {
    const ids = input[key] ?? [];
    const found = await repo.existingIds(tx, 'locations', eventId, ids);
    if (ids.some((id) => !found.has(id))) errors.add(at(key), 'validation.unknownLocations');
  }
  await check(
    'timeRanges',
    input.idsTimeRange,
    (i) => at(`idsTimeRange.${i}`),
    'validation.timeRangeNotInEvent',
  );
  await check(
    'zones',
    input.rolesAccess.map((a) => a.idZone),
    (i) => at(`rolesAccess.${i}.idZone`),
    'validation.zoneNotInEvent',
  );
  await check(
    'timeRanges',
    input.rolesAccess.map((a) => a.idTimeRange),
    (i) => at(`rolesAccess.${i}.idTimeRange`),
    'validation.timeRangeNotInEvent',
  );
  await check('addons', input.idAddons, (i) => at(`idAddons.${i}`), 'validation.addonNotInEvent');
  await check(
    'articles',
    input.articles.map((a) => a.idArticle),
    (i) => at(`articles.${i}.idArticle`),
    'validation.articleNotInEvent',
  );
  errors.throwIfAny();
}

const listsOf = (input: RolSave): repo.RolLists => ({
  locations: [
    ...(input.locationsAvailable ?? []).map((locationId) => ({ kind: 'T' as const, locationId })),
    ...(input.preTopUpLocationsAvailable ?? []).map((locationId) => ({ kind: 'P' as const, locationId })),
  ],
  timeRangeIds: input.idsTimeRange,
  access: input.rolesAccess.map((a) => ({
    zoneId: a.idZone,
    timeRangeId: a.idTimeRange,
    nAccess: a.nAccess,
  })),
  addonIds: input.idAddons,
  articles: input.articles.map((a) => ({ articleId: a.idArticle, quantity: a.quantity })),
});

/**
 * POST /rols {rol}: no id creates the rol (refused once the event has 127: 409 rolLimit), an id
 * updates it; its lists replace the stored ones in the same transaction. Repeated time ranges, access
 * pairs, add-ons and articles are refused by the schema (configAlreadyInserted); a name another rol of
 * the event has (ignoring case) answers 409 duplicateName. Answers the rol's id (02-catalogue §7).
 */
export const saveRol = (ctx: AppContext, eventId: number, input: RolSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findRol(tx, eventId, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      await checkReferences(tx, eventId, input);
      if (!existing) {
        await repo.lockEventRols(tx, eventId);
        if ((await repo.countRols(tx, eventId)) >= MAX_ROLES) {
          throw fail('rolLimit', { params: { max: MAX_ROLES } });
        }
      }
      if (await repo.nameTaken(tx, eventId, input.name, existing?.id)) throw fail('duplicateName');
      const values = {
        name: input.name,
        price: input.price,
        amountBonus: input.amountBonus,
        category: input.category,
        tagRequired: input.tagRequired,
        allLocations: input.locationsAvailable === null ? 1 : 0,
        allPreTopUpLocations: input.preTopUpLocationsAvailable === null ? 1 : 0,
      };
      const row = existing
        ? await repo.updateRol(tx, eventId, existing.id, values)
        : await repo.insertRol(tx, { ...values, eventId });
      await repo.replaceLists(tx, eventId, row.id, listsOf(input));
      return row.id;
    }),
  );

/**
 * DELETE /rols/{id}: refused (409, saying why) while wristbands hold the rol, tickets are of it or
 * articles ban it: those name it by plain id. Its lists and its image go with it.
 */
export async function deleteRol(ctx: AppContext, eventId: number, id: number) {
  const removedKey = await guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const rol = await repo.lockRol(tx, eventId, id);
      if (!rol) throw fail('notFound');
      const wristbands = await repo.wristbandsHolding(tx, eventId, id);
      if (wristbands) throw fail('rolUsedByWristbands', { params: { count: wristbands } });
      const tickets = await repo.ticketsOf(tx, eventId, id);
      if (tickets) throw fail('rolUsedByTickets', { params: { count: tickets } });
      const names = await repo.articlesBanning(tx, eventId, id);
      if (names) throw fail('rolBannedByArticles', { params: { names } });
      await repo.deleteRol(tx, eventId, id);
      return rol.imageId !== null ? deleteImage(tx, rol.imageId, eventId) : null;
    }),
  );
  await removeQuietly(storageFor(ctx), removedKey);
  return true;
}

/**
 * PUT /rols/image {rolId, key}: attaches the uploaded image (checked again: 500 × 140) to a rol of the
 * event, which is the save the upload triggers (02-catalogue §4); the image it replaces is deleted.
 */
export async function setRolImage(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  rolId: number,
  key: string,
): Promise<UploadedImage> {
  const { image, replacedKey } = await ctx.db.transaction(async (tx) => {
    const rol = await repo.findRol(tx, eventId, rolId);
    if (!rol) throw fail('notFound');
    const image = await attachImage(ctx, tx, { key, eventId, userId, rule: ROL_IMAGE.size });
    await repo.updateRol(tx, eventId, rolId, { imageId: image.id, dateUpdateImage: new Date() });
    const current = rol.imageId;
    const replacedKey =
      current !== null && current !== image.id ? await deleteImage(tx, current, eventId) : null;
    return { image, replacedKey };
  });
  await removeQuietly(storageFor(ctx), replacedKey);
  return image;
}

/** PUT /rols/image/delete {rolId, delete: 1}: removes the rol's image. */
export async function clearRolImage(ctx: AppContext, eventId: number, rolId: number) {
  const removedKey = await ctx.db.transaction(async (tx) => {
    const rol = await repo.findRol(tx, eventId, rolId);
    if (!rol) throw fail('notFound');
    if (rol.imageId === null) return null;
    await repo.updateRol(tx, eventId, rolId, { imageId: null, dateUpdateImage: new Date() });
    return deleteImage(tx, rol.imageId, eventId);
  });
  await removeQuietly(storageFor(ctx), removedKey);
  return true;
}
