/**
 * GET /device/config: the event as its terminals load it (contracts DeviceConfig) — locations and
 * menus, staff, zones, gates, roles, flags, add-ons and kitchens. The simulator reads the same, in
 * process or over HTTP, so its operations name the event's own ids.
 */
import { createHash } from 'node:crypto';
import {
  type DeviceConfig,
  type DeviceWristband,
  eventCurrency,
  OFFLINE_LIMIT_DEFAULTS,
} from '@pulsera/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  addonFlags,
  addons,
  articles,
  bannedWristbands,
  currencies,
  events,
  flags,
  gates,
  kitchenRooms,
  kitchens,
  locationArticleSticks,
  locationArticles,
  locations,
  rols,
  staff,
  wristbands,
  zones,
} from '../../../core/db/schema';
import { currencyLabels } from '../../settings';
import { accessRules, wristbandPassages } from './device-access-rules';
import { adsOf } from './device-ads';
import { packsOf } from './device-packs';
import { eventTerminalParams } from './device-payment-rules';
import {
  type OfflineLimits,
  offlineLimitsOf,
  refundRulesOf,
  topUpCount,
  topUpRules,
} from './device-top-up-rules';

async function menusOf(db: Executor, eventId: number): Promise<DeviceConfig['menus']> {
  const [items, sticks] = await Promise.all([
    db
      .select({
        location: locationArticles.locationId,
        id: locationArticles.articleId,
        name: articles.name,
        price: locationArticles.price,
        visible: locationArticles.visible,
      })
      .from(locationArticles)
      .innerJoin(articles, eq(articles.id, locationArticles.articleId))
      .where(eq(locationArticles.eventId, eventId))
      .orderBy(asc(locationArticles.locationId), asc(locationArticles.sortOrder), asc(locationArticles.id)),
    db
      .select({
        location: locationArticleSticks.locationId,
        parent: locationArticleSticks.articleId,
        child: locationArticleSticks.stickArticleId,
        quantity: locationArticleSticks.quantity,
      })
      .from(locationArticleSticks)
      .where(eq(locationArticleSticks.eventId, eventId))
      .orderBy(asc(locationArticleSticks.id)),
  ]);
  const price = new Map(items.map((i) => [`${i.location}:${i.id}`, i.price]));
  return [...new Set(items.map((i) => i.location))].map((location) => ({
    location,
    items: items
      .filter((i) => i.location === location && i.visible === 1 && i.price > 0)
      .map(({ id, name, price }) => ({ id, name, price })),
    sticks: sticks
      .filter((s) => s.location === location && price.has(`${location}:${s.child}`))
      .map(({ parent, child, quantity }) => ({
        parent,
        child,
        quantity,
        price: price.get(`${location}:${child}`)!,
      })),
  }));
}

async function eventOf(db: Executor, eventId: number): Promise<DeviceConfig['event']> {
  const [row] = await db
    .select({
      name: events.name,
      timeZone: events.timezone,
      language: events.language,
      currencyId: events.currencyId,
      localCurrencyId: events.localCurrencyId,
      rate: events.localCurrencyRate,
    })
    .from(events)
    .where(eq(events.id, eventId));
  const label = await currencyLabels(db, [row?.currencyId, row?.localCurrencyId]);
  return {
    id: eventId,
    name: row?.name ?? '',
    timeZone: row?.timeZone ?? 'UTC',
    language: row?.language ?? 'en',
    currency: eventCurrency(label(row?.currencyId), label(row?.localCurrencyId), row?.rate ?? 1),
  };
}

/** The configuration with its version: a hash of its content, so an unchanged one has the same. */
export async function deviceConfig(
  db: Executor,
  eventId: number,
  limits?: OfflineLimits,
): Promise<DeviceConfig> {
  const params = await eventTerminalParams(db, eventId);
  const setting = limits ?? OFFLINE_LIMIT_DEFAULTS;
  const content = {
    ...(await configContent(db, eventId)),
    access: await accessRules(db, eventId),
    topUp: await topUpRules(db, eventId),
    packs: await packsOf(db, eventId),
    ads: await adsOf(db, eventId),
    paymentMethods: params.paymentMethods,
    refunds: await refundRulesOf(db, eventId),
    offlineLimits: offlineLimitsOf({
      hours: params.offlineHours ?? setting.hours,
      wristbandCents: params.offlineWristbandCents ?? setting.wristbandCents,
    }),
  };
  const version = createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22);
  return { version, ...content };
}

async function configContent(
  db: Executor,
  eventId: number,
): Promise<
  Omit<
    DeviceConfig,
    'version' | 'topUp' | 'refunds' | 'offlineLimits' | 'access' | 'paymentMethods' | 'packs' | 'ads'
  >
> {
  const now = Date.now();
  const articleRows = await db
    .select({ id: articles.id, name: articles.name, price: articles.basePrice })
    .from(articles)
    .where(eq(articles.eventId, eventId))
    .orderBy(asc(articles.id));
  const [event, locationRows, menus, staffRows, zoneRows, gateRows, roleRows, flagRows, addonRows, links] =
    await Promise.all([
      eventOf(db, eventId),
      db.select().from(locations).where(eq(locations.eventId, eventId)).orderBy(asc(locations.id)),
      menusOf(db, eventId),
      db.select().from(staff).where(eq(staff.eventId, eventId)).orderBy(asc(staff.id)),
      db.select().from(zones).where(eq(zones.eventId, eventId)).orderBy(asc(zones.idUnique)),
      db.select().from(gates).where(eq(gates.eventId, eventId)).orderBy(asc(gates.id)),
      db
        .select({ id: rols.id, name: rols.name })
        .from(rols)
        .where(eq(rols.eventId, eventId))
        .orderBy(asc(rols.id)),
      db
        .select({ id: flags.id, flagNumber: flags.flagNumber })
        .from(flags)
        .where(eq(flags.eventId, eventId))
        .orderBy(asc(flags.flagNumber)),
      db
        .select({ id: addons.id, amountCash: addons.amountCash, amountBonus: addons.amountBonus })
        .from(addons)
        .where(eq(addons.eventId, eventId))
        .orderBy(asc(addons.id)),
      db
        .select({ addonId: addonFlags.addonId, flagId: addonFlags.flagId })
        .from(addonFlags)
        .where(eq(addonFlags.eventId, eventId)),
    ]);
  const [kitchenRows, roomLinks] = await Promise.all([
    db
      .select({ id: kitchens.id, locationId: kitchens.locationId })
      .from(kitchens)
      .where(eq(kitchens.eventId, eventId))
      .orderBy(asc(kitchens.id)),
    db
      .select({ kitchenId: kitchenRooms.kitchenId, roomId: kitchenRooms.roomId })
      .from(kitchenRooms)
      .where(eq(kitchenRooms.eventId, eventId))
      .orderBy(asc(kitchenRooms.kitchenId), asc(kitchenRooms.roomId)),
  ]);
  return {
    event,
    locations: locationRows.map((l) => ({
      id: l.id,
      name: l.name,
      activities: l.activities,
      active: !l.inactiveAt || l.inactiveAt.getTime() > now,
    })),
    articles: articleRows,
    menus,
    staff: staffRows.map((s) => ({
      id: s.id,
      name: s.name,
      trusts: s.trusts,
      active: !s.dateInactive || s.dateInactive.getTime() > now,
      rfid: s.rfid ? s.rfid.toUpperCase() : null,
      pin: s.pinHash && s.pinSalt ? { hash: s.pinHash, salt: s.pinSalt } : null,
      locationIds: s.locationIds ?? null,
    })),
    zones: zoneRows.map((z) => ({
      id: z.id,
      name: z.name,
      parentId: z.parentId,
      modeDoubleIn: z.modeDoubleIn,
      capacity: z.capacity,
      noCheckCapacity: z.noCheckCapacity,
    })),
    gates: gateRows.map((g) => ({
      id: g.id,
      name: g.name,
      zoneFromId: g.zoneFromId,
      zoneToId: g.zoneToId,
      locationId: g.locationId,
      active: g.active === 1,
    })),
    roles: roleRows,
    flags: flagRows,
    addons: addonRows.map((a) => ({
      ...a,
      flags: links.filter((l) => l.addonId === a.id).map((l) => l.flagId),
    })),
    kitchens: kitchenRows.map((k) => ({
      ...k,
      rooms: roomLinks.filter((l) => l.kitchenId === k.id).map((l) => l.roomId),
    })),
  };
}

/** A wristband's recorded balances and bans (GET /device/wristband/:serial); unknown: all zero. */
export async function deviceWristband(
  db: Executor,
  eventId: number,
  serial: string,
): Promise<DeviceWristband> {
  const [[band], [ban]] = await Promise.all([
    db
      .select({
        id: wristbands.id,
        cash: wristbands.cash,
        gift: wristbands.gift,
        roleId: wristbands.roleId,
        flags: wristbands.flags,
        active: wristbands.active,
      })
      .from(wristbands)
      .where(and(eq(wristbands.eventId, eventId), eq(wristbands.nSerie, serial))),
    db
      .select({ enabled: bannedWristbands.enabled, enabledTopUps: bannedWristbands.enabledTopUps })
      .from(bannedWristbands)
      .where(eq(bannedWristbands.nSerie, serial)),
  ]);
  const [topUps, passages] = band
    ? await Promise.all([topUpCount(db, eventId, band.id), wristbandPassages(db, eventId, band.id)])
    : [0, { lastZone: null, entries: [] }];
  return {
    serial,
    known: Boolean(band),
    cash: band?.cash ?? 0,
    gift: band?.gift ?? 0,
    bannedTerminals: ban?.enabled === 1,
    bannedTopUps: ban?.enabledTopUps === 1,
    replaced: band?.active === 0,
    topUps,
    roleId: band?.roleId ?? null,
    flags: band?.flags ?? [],
    ...passages,
  };
}
