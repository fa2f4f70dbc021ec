import {
  DEFAULT_CASH_LABEL,
  EventCreate,
  EventSave,
  type FieldError,
  hasRole,
  isAdminUser,
  issueToFieldError,
  minRate,
  type StaffFlags,
  type TagCounterSlot,
} from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { AppError, fail, fieldError } from '../../../core/lib/errors';
import { randomToken } from '../../../core/lib/tokens';
import * as events from '../events/events.service';
import * as repo from './event-detail.repo';

/** Parses a body part with a contract schema; failures are 400s naming `<prefix><field>`. */
export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: FieldError[] = parsed.error.issues.map((issue) => {
    const f = issueToFieldError(issue);
    return { path: `${prefix}${f.path}`, message: f.message };
  });
  throw new AppError('validation', { fields });
}

/**
 * POST /event {event} (01-console §4 Saving an event): `{ nombre }` alone is the chooser's new event;
 * anything else is the full form: an id updates that event, no id creates one.
 */
export async function saveEvent(ctx: AppContext, user: StaffFlags, body: Record<string, unknown>) {
  const keys = Object.keys(body);
  if (keys.every((k) => k === 'nombre')) {
    const { nombre } = parseOrFail(EventCreate, body, 'event.');
    return events.createEvent(ctx, nombre);
  }
  const input = parseOrFail(EventSave, body, 'event.');
  return ctx.db.transaction(async (tx) => {
    const stored = input.id !== undefined ? await repo.lockEvent(tx, input.id) : undefined;
    if (input.id !== undefined && !stored) throw fail('notFound');
    if (stored) {
      if (!input.update_time) throw fieldError('event.update_time', 'validation.required');
      if (Date.parse(input.update_time) !== stored.updatedAt.getTime()) throw fail('staleUpdate');
    }
    if (
      stored &&
      input.confirmRateChange !== 1 &&
      Math.abs(input.localCurrencyRate - stored.localCurrencyRate) > 1e-9
    ) {
      const count = await repo.countOperations(tx, stored.id);
      if (count > 0) {
        throw fail('rateChangeNeedsConfirmation', {
          params: { count, rate: stored.localCurrencyRate },
          answerParams: true,
          fields: [{ path: 'event.localCurrencyRate', message: 'validation.rateChange' }],
        });
      }
    }
    const values = await eventValues(tx, user, input, stored);
    let id: number;
    if (stored) {
      id = stored.id;
      // Strictly later than the stored time, so a reader holding the old one is always refused.
      const updatedAt = new Date(Math.max(Date.now(), stored.updatedAt.getTime() + 1));
      await repo.updateEvent(tx, id, { ...values, updatedAt });
      // The festival days of the per-day wristbands report move with the time zone and the offset.
      if (values.timezone !== stored.timezone || values.offsetHours !== stored.offsetHours) {
        await tx.execute(sql`select report_rebuild_wristband_days(${id}::int)`);
      }
    } else {
      const row = await repo.insertEvent(tx, {
        ...values,
        token: randomToken(),
        name: input.nombre,
        dateStart: new Date(input.f_inicio),
        dateEnd: new Date(input.f_fin),
      });
      id = row.id;
    }
    // 01-console §6: only admins set the teams; anyone else keeps the stored ones. teamIds covers the
    // single teamId: a stored teamId the new teams leave out is cleared (docs/decisions/events.md).
    if (isAdminUser(user) && input.teamIds !== undefined) {
      const teamIds = [...new Set(input.teamIds)];
      await repo.replaceEventTeams(tx, id, teamIds);
      if (stored?.teamId && !teamIds.includes(stored.teamId))
        await repo.updateEvent(tx, id, { teamId: null });
    }
    return id;
  });
}

/** 01-console §6 on the server: what each role may set, whatever the body says. */
export function applyRoleRules<T extends Pick<EventSave, 'enabledApiBebeRapid' | 'queueSyncLoggables'>>(
  input: T,
  user: StaffFlags,
  stored: { enabledApiBebeRapid: number; queueSyncLoggables: number } | undefined,
): T {
  if (hasRole(user, 'megaAdmin')) return input;
  return {
    ...input,
    enabledApiBebeRapid: (stored?.enabledApiBebeRapid ?? 0) as 0 | 1,
    queueSyncLoggables: (stored?.queueSyncLoggables ?? 0) as 0 | 1,
  };
}

/** Tag counters (01-console §4): a slot switched off, or without an increment article, is cleared. */
export function activeTagCounters(slots: TagCounterSlot[]) {
  return slots
    .filter((s) => s.enabled !== false && s.idArticleIncrement !== null)
    .map((s) => ({
      position: s.position,
      idArticleIncrement: s.idArticleIncrement!,
      idArticleDecrement: s.idArticleDecrement ?? null,
    }))
    .sort((a, b) => a.position - b.position);
}

const keep = <T>(v: T | undefined, stored: T) => (v === undefined ? stored : v);

async function eventValues(
  tx: Executor,
  user: StaffFlags,
  raw: EventSave,
  stored: repo.EventRow | undefined,
): Promise<repo.EventValues> {
  const input = applyRoleRules(raw, user, stored);
  const ownEvent = stored?.id ?? null;

  const promoter = await repo.findPromoter(tx, input.id_promotor);
  if (!promoter) throw fieldError('event.id_promotor', 'validation.invalid');

  // Any configured language (GET /global/languages), not only the console's own four.
  if (!(await repo.holdLanguage(tx, input.idioma)))
    throw fieldError('event.idioma', 'validation.unknownLanguage');

  const financial = await repo.findUsableCurrency(tx, input.moneda, ownEvent);
  if (!financial) throw fieldError('event.moneda', 'validation.invalid');
  if (!financial.isFinancial) throw fieldError('event.moneda', 'validation.financialCurrency');
  const local = await repo.findUsableCurrency(tx, input.localCurrency, ownEvent);
  if (!local) throw fieldError('event.localCurrency', 'validation.invalid');
  const min = minRate(local.fraction);
  if (input.localCurrencyRate < min - 1e-9) {
    throw fieldError('event.localCurrencyRate', `validation.min|${JSON.stringify({ min })}`);
  }

  const teamIds = [...new Set(input.teamIds ?? [])];
  const found = await repo.existingTeamIds(tx, teamIds);
  const missingTeam = teamIds.findIndex((id) => !found.includes(id));
  if (isAdminUser(user) && missingTeam >= 0)
    throw fieldError(`event.teamIds.${missingTeam}`, 'validation.invalid');

  const provinceId = keep(input.provinceId, stored?.provinceId ?? null);
  if (provinceId !== null && provinceId !== stored?.provinceId && !(await repo.findProvince(tx, provinceId)))
    throw fieldError('event.provinceId', 'validation.invalid');

  let tagCounters = stored?.tagCounters ?? [];
  if (input.tagCounters) {
    const slots = activeTagCounters(input.tagCounters);
    if (slots.length && !stored) throw fieldError('event.tagCounters', 'validation.articleNotInEvent');
    const ids = slots.flatMap((c) =>
      c.idArticleDecrement === null ? [c.idArticleIncrement] : [c.idArticleIncrement, c.idArticleDecrement],
    );
    const own = stored ? await repo.eventArticleIds(tx, stored.id, ids) : [];
    tagCounters = slots;
    for (const c of slots) {
      const i = input.tagCounters.findIndex((s) => s.position === c.position);
      if (!own.includes(c.idArticleIncrement))
        throw fieldError(`event.tagCounters.${i}.idArticleIncrement`, 'validation.articleNotInEvent');
      if (c.idArticleDecrement !== null && !own.includes(c.idArticleDecrement))
        throw fieldError(`event.tagCounters.${i}.idArticleDecrement`, 'validation.articleNotInEvent');
    }
  }

  // 01-console §4 on save: reusable tag off clears the fee; billing off clears the VAT.
  const fee = input.reusableTag === 0 ? null : keep(input.feeReusableTag, stored?.feeReusableTag ?? null);
  const vat = input.billing === 0 ? null : keep(input.IVA, stored?.vat ?? null);
  // External analytics: cleared without the promoter's analytics; set only while the event has none
  // yet (a new event, or one made from the chooser before its first full save), then read-only.
  const analyticsId = !promoter.externalAnalytics
    ? null
    : stored?.externalAnalyticsId
      ? stored.externalAnalyticsId
      : (input.externalAnalyticsId ?? null) || null;

  const isClosed = keep(input.isClosed, (stored?.isClosed ?? 0) as 0 | 1);
  const wasClosed = stored?.isClosed === 1;
  return {
    name: input.nombre,
    promoterId: promoter.id,
    dateStart: new Date(input.f_inicio),
    dateEnd: new Date(input.f_fin),
    operationsStart: input.f_inicio_operaciones ? new Date(input.f_inicio_operaciones) : null,
    operationsEnd: input.f_fin_operaciones ? new Date(input.f_fin_operaciones) : null,
    offsetHours: input.offset,
    timezone: input.zona_horaria,
    currencyId: financial.id,
    localCurrencyId: local.id,
    localCurrencyRate: input.localCurrencyRate,
    language: input.idioma,
    businessTypeId: input.businessTypeId,
    feeReusableTag: fee,
    refundBalanceWhenReusableTag: keep(
      input.refundBalanceWhenReusableTag,
      (stored?.refundBalanceWhenReusableTag ?? 0) as 0 | 1,
    ),
    vat,
    fiscalName: keep(input.Nombre_fiscal, stored?.fiscalName ?? null) || null,
    nif: keep(input.NIF, stored?.nif ?? null) || null,
    fiscalPercent: keep(input.porcentaje_Fiscal, stored?.fiscalPercent ?? null),
    eventVat: keep(input.eventVat, stored?.eventVat ?? null),
    cashLabel: keep(input.cashLabel, stored?.cashLabel ?? DEFAULT_CASH_LABEL),
    provinceId,
    externalAnalytics: promoter.externalAnalytics ? 1 : 0,
    externalAnalyticsId: analyticsId,
    enabledApiBebeRapid: input.enabledApiBebeRapid ?? 0,
    queueSyncLoggables: input.queueSyncLoggables ?? 0,
    isClosed,
    // Closing marks the event inactive (as POST /closeEvent does); reopening makes it active again.
    isActive: isClosed === 1 ? 0 : wasClosed ? 1 : (stored?.isActive ?? 1),
    tagCounters,
    capacityLog: input.featureToggle?.capacityLog ?? stored?.capacityLog ?? 0,
  };
}
