import {
  DEFAULT_ONLINE_COLORS,
  DEFAULT_ONLINE_GRADIENT,
  INFO_TEXT_LANGUAGES,
  ONLINE_IMAGES,
  ONLINE_TOP_UP_DEFAULTS,
  type OnlineImageSlot,
  type OnlineServices,
  type OnlineServicesSaved,
  type UploadedImage,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { uniqueViolationOf } from '../../../core/lib/db-errors';
import { AppError, fail } from '../../../core/lib/errors';
import { topUpSiteAddress } from '../../../core/lib/site-address';
import { attachImage, deleteImage, removeQuietly, storageFor } from '../../uploads';
import * as repo from './online-services.repo';
import { openRecaptchaSecret, sealRecaptchaSecret } from './recaptcha-secret';

type EventCols = NonNullable<Awaited<ReturnType<typeof repo.lockEvent>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The window the online-services dates must lie in: the event's dates, widened by its operations
 * dates when it has them (pre-sale top-ups start when operations do). docs/decisions/events.md.
 */
export function eventWindow(
  e: Pick<EventCols, 'dateStart' | 'dateEnd' | 'operationsStart' | 'operationsEnd'>,
) {
  const start = e.operationsStart && e.operationsStart < e.dateStart ? e.operationsStart : e.dateStart;
  const end = e.operationsEnd && e.operationsEnd > e.dateEnd ? e.operationsEnd : e.dateEnd;
  return { start, end };
}

/** 'YYYY-MM-DD HH:mm' in the event's zone, for messages. */
function wall(d: Date, timeZone: string) {
  const f = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return f.format(d);
}

async function languagesOf(db: Executor) {
  const configured = await repo.configuredLanguages(db);
  const names: Record<string, string> = { en: 'English', es: 'Español', it: 'Italiano', fr: 'Français' };
  const out = new Map<string, string>(INFO_TEXT_LANGUAGES.map((l) => [l, names[l]!]));
  for (const l of configured) out.set(l.iso, l.name);
  return [...out].map(([iso, name]) => ({ iso, name }));
}

function defaults(eventId: number): Omit<repo.OnlineServicesRow, 'updatedAt'> {
  return {
    eventId,
    infoText: {},
    needsCodeCheck: 0,
    manuallyTopUp: 0,
    minTopUp: ONLINE_TOP_UP_DEFAULTS.min,
    maxTopUp: ONLINE_TOP_UP_DEFAULTS.max,
    recaptchaSiteKey: null,
    recaptchaSecret: null,
    colors: { ...DEFAULT_ONLINE_COLORS },
    gradient: { ...DEFAULT_ONLINE_GRADIENT },
    headerImageId: null,
    loginImageId: null,
    faviconImageId: null,
    backgroundImageId: null,
    loginMethod: 'rfidAndTicket',
    knownTicketsOnly: 0,
    cardBrands: ['visa', 'mastercard'],
    queue: { enabled: 0, scripts: [] },
    redirectSuccess: null,
    redirectFailure: null,
    redirectCancel: null,
  };
}

/** GET /event/online-services: the stored configuration (defaults when never saved); never the secret. */
export async function getOnlineServices(
  ctx: AppContext,
  eventId: number,
  db: Executor = ctx.db,
): Promise<OnlineServices> {
  const event = await repo.lockEventRead(db, eventId);
  if (!event) throw fail('notFound');
  const stored = await repo.findConfig(db, eventId);
  const c = stored ?? { ...defaults(eventId), updatedAt: null };
  const refs = await repo.imageRefs(db, [
    c.headerImageId,
    c.loginImageId,
    c.faviconImageId,
    c.backgroundImageId,
  ]);
  const ref = (id: number | null) => (id === null ? null : (refs.get(id) ?? null));
  const window = eventWindow(event);
  return {
    eventId,
    slug: event.slug,
    subdomain: event.subdomain,
    servicesOnlineDateStart: iso(event.servicesOnlineDateStart),
    servicesOnlineDateEnd: iso(event.servicesOnlineDateEnd),
    infoText: c.infoText,
    needsCodeCheck: c.needsCodeCheck === 1 ? 1 : 0,
    manuallyTopUp: c.manuallyTopUp === 1 ? 1 : 0,
    minTopUp: c.minTopUp,
    maxTopUp: c.maxTopUp,
    recaptchaSiteKey: c.recaptchaSiteKey,
    recaptchaSecretSet: openRecaptchaSecret(ctx, eventId, c.recaptchaSecret) !== null,
    colors: c.colors,
    gradient: c.gradient,
    images: {
      header: ref(c.headerImageId),
      login: ref(c.loginImageId),
      favicon: ref(c.faviconImageId),
      background: ref(c.backgroundImageId),
    },
    loginMethod: c.loginMethod as OnlineServices['loginMethod'],
    knownTicketsOnly: c.knownTicketsOnly === 1 ? 1 : 0,
    cardBrands: c.cardBrands as OnlineServices['cardBrands'],
    queue: c.queue,
    redirectUrls: { success: c.redirectSuccess, failure: c.redirectFailure, cancel: c.redirectCancel },
    siteUrl: topUpSiteAddress(ctx.config.topUpSiteUrl, event),
    siteBaseUrl: ctx.config.topUpSiteUrl.replace(/\/+$/, ''),
    eventWindow: { start: window.start.toISOString(), end: window.end.toISOString() },
    languages: await languagesOf(db),
    update_time: iso(c.updatedAt),
  };
}

const SLUG_INDEX = 'events_slug_uq';
const SUBDOMAIN_INDEX = 'events_subdomain_uq';

/**
 * A concurrent save that took the slug or subdomain between our check and our write (the unique
 * index refused ours): the same field errors as the check, read again once the other save is in.
 */
async function uniqueGuard(
  ctx: AppContext,
  eventId: number,
  input: OnlineServicesSaved,
  e: unknown,
): Promise<never> {
  const constraint = uniqueViolationOf(e)?.constraint;
  if (constraint !== SLUG_INDEX && constraint !== SUBDOMAIN_INDEX) throw e;
  const taken = await repo.takenBy(ctx.db, eventId, input.slug, input.subdomain);
  const list: [string, string][] = [];
  if (taken.slug || constraint === SLUG_INDEX) list.push(['slug', 'validation.slugTaken']);
  if (taken.subdomain || constraint === SUBDOMAIN_INDEX)
    list.push(['subdomain', 'validation.subdomainTaken']);
  throw fieldErrors(list);
}

const fieldErrors = (list: [string, string][]) =>
  new AppError('validation', { fields: list.map(([path, message]) => ({ path, message })) });

/**
 * PUT /event/online-services: checks what needs the database (slug and subdomain free, dates within
 * the event, the reCAPTCHA pair, the info texts' languages), then writes the event's columns and the
 * configuration in one transaction, refusing a save made from an older version (409).
 */
export async function saveOnlineServices(
  ctx: AppContext,
  eventId: number,
  input: OnlineServicesSaved,
): Promise<OnlineServices> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const event = await repo.lockEvent(tx, eventId);
      if (!event) throw fail('notFound');
      const stored = await repo.findConfig(tx, eventId);
      const storedVersion = stored ? stored.updatedAt.getTime() : null;
      const sentVersion = input.update_time ? Date.parse(input.update_time) : null;
      if (storedVersion !== sentVersion) throw fail('staleUpdate');

      const errors: [string, string][] = [];
      const taken = await repo.takenBy(tx, eventId, input.slug, input.subdomain);
      if (taken.slug) errors.push(['slug', 'validation.slugTaken']);
      if (taken.subdomain) errors.push(['subdomain', 'validation.subdomainTaken']);

      const window = eventWindow(event);
      const bounds = JSON.stringify({
        start: wall(window.start, event.timezone),
        end: wall(window.end, event.timezone),
      });
      for (const key of ['servicesOnlineDateStart', 'servicesOnlineDateEnd'] as const) {
        const v = input[key];
        if (v && (Date.parse(v) < window.start.getTime() || Date.parse(v) > window.end.getTime())) {
          errors.push([key, `validation.onlineDatesWithinEvent|${bounds}`]);
        }
      }

      // Sealed at rest (recaptcha-secret.ts); an empty field keeps the stored one while it opens.
      const kept = openRecaptchaSecret(ctx, eventId, stored?.recaptchaSecret) !== null;
      const secret = input.clearRecaptchaSecret
        ? null
        : input.recaptchaSecret
          ? sealRecaptchaSecret(ctx, eventId, input.recaptchaSecret)
          : kept
            ? stored!.recaptchaSecret
            : null;
      if (input.recaptchaSiteKey && !secret)
        errors.push(['recaptchaSecret', 'validation.recaptchaSecretRequired']);
      if (!input.recaptchaSiteKey && secret)
        errors.push(['recaptchaSiteKey', 'validation.recaptchaSiteKeyRequired']);

      const known = new Set((await languagesOf(tx)).map((l) => l.iso));
      for (const lang of Object.keys(input.infoText)) {
        if (!known.has(lang)) errors.push([`infoText.${lang}`, 'validation.unknownLanguage']);
      }
      if (errors.length) throw fieldErrors(errors);

      await repo.updateEventColumns(tx, eventId, {
        slug: input.slug,
        subdomain: input.subdomain,
        servicesOnlineDateStart: input.servicesOnlineDateStart
          ? new Date(input.servicesOnlineDateStart)
          : null,
        servicesOnlineDateEnd: input.servicesOnlineDateEnd ? new Date(input.servicesOnlineDateEnd) : null,
      });
      const base = stored ?? defaults(eventId);
      // Strictly later than the stored version, so a reader holding the old one is always refused.
      const updatedAt = new Date(Math.max(Date.now(), (storedVersion ?? 0) + 1));
      await repo.upsertConfig(tx, {
        eventId,
        infoText: Object.fromEntries(Object.entries(input.infoText).filter(([, text]) => text !== '')),
        needsCodeCheck: input.needsCodeCheck,
        manuallyTopUp: input.manuallyTopUp,
        minTopUp: input.minTopUp,
        maxTopUp: input.maxTopUp,
        recaptchaSiteKey: input.recaptchaSiteKey,
        recaptchaSecret: secret,
        colors: input.colors,
        gradient: input.gradient,
        headerImageId: base.headerImageId,
        loginImageId: base.loginImageId,
        faviconImageId: base.faviconImageId,
        backgroundImageId: base.backgroundImageId,
        loginMethod: input.loginMethod,
        knownTicketsOnly: input.knownTicketsOnly,
        cardBrands: input.cardBrands,
        queue: {
          enabled: input.queue.enabled,
          scripts: input.queue.scripts.map((s) => ({ type: s.type, src: s.src, function: s.function })),
        },
        redirectSuccess: input.redirectUrls.success,
        redirectFailure: input.redirectUrls.failure,
        redirectCancel: input.redirectUrls.cancel,
        updatedAt,
      });
      return getOnlineServices(ctx, eventId, tx);
    });
  } catch (e) {
    return uniqueGuard(ctx, eventId, input, e);
  }
}

/**
 * PUT /event/online-services/images/{slot}: attaches the uploaded image (checked against the slot's
 * rule of 01-console §9) and deletes the one it replaces. Images are saved at once, apart from the
 * form; an event never configured gets its default configuration with it.
 */
export async function setOnlineImage(
  ctx: AppContext,
  eventId: number,
  userId: number,
  slot: OnlineImageSlot,
  key: string,
): Promise<UploadedImage> {
  const { image, replacedKey } = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockEvent(tx, eventId))) throw fail('notFound');
    const current =
      (await repo.findConfig(tx, eventId)) ?? (await repo.insertDefaults(tx, defaults(eventId)));
    const image = await attachImage(ctx, tx, { key, eventId, userId, rule: ONLINE_IMAGES[slot].rule });
    const currentId = current[repo.IMAGE_COLUMN[slot]];
    await repo.setImage(tx, eventId, slot, image.id);
    const replacedKey =
      currentId && currentId !== image.id ? await deleteImage(tx, currentId, eventId) : null;
    return { image, replacedKey };
  });
  await removeQuietly(storageFor(ctx), replacedKey);
  return image;
}

/** PUT /event/online-services/images/{slot}/delete: clears the slot and deletes its image. */
export async function clearOnlineImage(ctx: AppContext, eventId: number, slot: OnlineImageSlot) {
  const removedKey = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockEvent(tx, eventId))) throw fail('notFound');
    const current = await repo.findConfig(tx, eventId);
    const currentId = current?.[repo.IMAGE_COLUMN[slot]] ?? null;
    if (!currentId) return null;
    await repo.setImage(tx, eventId, slot, null);
    return deleteImage(tx, currentId, eventId);
  });
  await removeQuietly(storageFor(ctx), removedKey);
  return true;
}
