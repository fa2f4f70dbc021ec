import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import * as s from '../../../core/db/schema';

/**
 * Shared set-up of the article tests (articles.test.ts, articles-delete.test.ts,
 * articles-image.test.ts): an app with an upload folder of its own, sessions on the active event and
 * on Sonora Festival 2027, the calls to the articles API, and the flags, add-ons, time ranges and
 * selling locations an article refers to. Each test file opens it in its beforeAll (`openArticles`)
 * and closes it in its afterAll (`closeArticles`); the bindings below are set by `openArticles`.
 */

export type Session = Awaited<ReturnType<TestApp['session']>>;
export type ArticleDto = { id: number; nombre: string; [k: string]: unknown };
export let t: TestApp;
export let dir: string;
export let admin: Session;
export let other: Session;
export let eventId: number;
/** A fresh app and database, uploads in a folder of its own. */
export async function openArticles() {
  dir = await mkdtemp(path.join(tmpdir(), 'pulsera-articles-'));
  t = await createTestApp({ dataDir: dir });
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
  eventId = (await t.activeEvent()).id;
}
export async function closeArticles() {
  await t.close();
  await rm(dir, { recursive: true, force: true });
}

export const load = async (sess: Session = admin) => (await t.call('GET', '/api/articles', sess)).body.result;
export const articleNamed = async (nombre: string, sess: Session = admin) =>
  ((await load(sess)).articles as ArticleDto[]).find((a) => a.nombre === nombre)!;
export const create = (articles: unknown[], sess: Session = admin) =>
  t.call('POST', '/api/articles', { ...sess, body: { articles } });
export const newArticle = async (nombre: string, sess: Session = admin) => {
  const res = await create([{ nombre }], sess);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.created[0].id as number;
};
export const save = (articleEvent: Record<string, unknown>, sess: Session = admin) =>
  t.call('POST', '/api/articles/event', { ...sess, body: { articleEvent } });
export const remove = (id: number, sess: Session = admin) => t.call('DELETE', `/api/articles/${id}`, sess);
export const fieldsOf = (res: { body: { fields?: { path: string; message: string }[] } }) =>
  (res.body.fields ?? []).map((f) => `${f.path}: ${f.message}`);
export const rowOf = async (id: number) =>
  (await t.database.db.select().from(s.articles).where(eq(s.articles.id, id)))[0]!;

export async function makeFlag(flagNumber: number, name: string, ev = eventId) {
  const [row] = await t.database.db
    .insert(s.flags)
    .values({ eventId: ev, flagNumber, name, description: name })
    .returning();
  return row!.id;
}
export async function makeAddon(name: string, ev = eventId) {
  const [row] = await t.database.db
    .insert(s.addons)
    .values({ eventId: ev, name, description: name })
    .returning();
  return row!.id;
}
export async function makeTimeRange(name: string) {
  const res = await t.call('POST', '/api/timeRange', {
    ...admin,
    body: { name, dateStart: '2026-07-03', dateEnd: '2026-07-04' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const ranges = await t.database.db.select().from(s.timeRanges).where(eq(s.timeRanges.name, name));
  return ranges[0]!.id;
}
export async function makeSellingLocation(nombre: string, sess: Session = admin) {
  const res = await t.call('POST', '/api/locations', {
    ...sess,
    body: { location: { nombre, actividades_nfc: ['V'] } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result.id as number;
}
