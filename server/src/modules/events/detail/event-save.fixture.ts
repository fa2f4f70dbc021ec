import type { Event } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { promoters } from '../../../core/db/schema';

/**
 * Shared set-up of the event form's tests (event-save.test.ts, event-save-refusals.test.ts,
 * event-language.test.ts): an app with an admin's and a mega admin's token, and the form as the
 * console sends it. Each test file opens it in its beforeAll (`openEventSave`) and closes it in its
 * afterAll (`closeEventSave`); the bindings below are set by `openEventSave`.
 */

export let t: TestApp;
export let admin: string;
export let mega: string;
/** Events made from the chooser have no promoter yet; the form needs one. */
let defaultPromoter: number;
export async function openEventSave() {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
  mega = await t.login('mega@demo.test');
  const [p] = await t.database.db.select().from(promoters).where(eq(promoters.name, 'Mar Azul Producciones'));
  defaultPromoter = p!.id;
}
export const closeEventSave = () => t.close();

export const read = async (id: number, token = admin): Promise<Event> =>
  (await t.call('GET', `/api/findEvent/${id}`, { token })).body.result.event;

/** The event form's body for a stored event, as the console sends it. */
export const formOf = (e: Event) => ({
  id: e.id,
  nombre: e.nombre,
  id_promotor: e.id_promotor ?? defaultPromoter,
  teamIds: e.teamIds,
  externalAnalyticsId: e.externalAnalyticsId,
  f_inicio: e.f_inicio,
  f_fin: e.f_fin,
  f_inicio_operaciones: e.f_inicio_operaciones,
  f_fin_operaciones: e.f_fin_operaciones,
  offset: e.offset,
  zona_horaria: e.zona_horaria,
  moneda: e.moneda,
  localCurrency: e.localCurrency,
  localCurrencyRate: e.localCurrencyRate,
  idioma: e.idioma,
  businessTypeId: e.businessTypeId,
  reusableTag: e.feeReusableTag === null ? 0 : 1,
  feeReusableTag: e.feeReusableTag,
  refundBalanceWhenReusableTag: e.refundBalanceWhenReusableTag,
  billing: e.IVA === null ? 0 : 1,
  IVA: e.IVA,
  Nombre_fiscal: e.Nombre_fiscal,
  NIF: e.NIF,
  enabledApiBebeRapid: e.enabledApiBebeRapid,
  queueSyncLoggables: e.queueSyncLoggables,
  isClosed: e.isClosed,
  tagCounters: e.tagCounters,
  featureToggle: e.featureToggle,
  update_time: e.update_time,
});

export const save = (event: Record<string, unknown>, token = admin) =>
  t.call('POST', '/api/event', { token, body: { event } });

export async function newEvent(name: string) {
  const res = await save({ nombre: name });
  expect(res.status).toBe(200);
  return read(res.body.result as number);
}
