import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

/**
 * Shared set-up of the ticket-role tests (rols.test.ts, rols-references.test.ts, rols-image.test.ts):
 * an app with an upload folder of its own, sessions on the active event and on Sonora Festival 2027,
 * the zones, time ranges, locations and add-on a rol names, two seeded articles, and the calls to the
 * rols API. Each test file opens it in its beforeAll (`openRols`) and closes it in its afterAll
 * (`closeRols`); the bindings below are set by `openRols`.
 */

export type Session = Awaited<ReturnType<TestApp['session']>>;
type Response = Awaited<ReturnType<TestApp['call']>>;
export let t: TestApp;
export let dir: string;
export let admin: Session;
export let other: Session;
export let eventId: number;
export let otherEventId: number;
export let arena: number;
export let backstage: number;
export let friday: number;
export let saturday: number;
export let bar: number;
export let kiosk: number;
export let glass: number;
export let beer: number;
export let water: number;

export const ok = (res: Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};
export const fieldsOf = (res: Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return (res.body.fields as { path: string; message: string }[]).map((f) => `${f.path}: ${f.message}`);
};

/** A fresh app and database with the venue rows the rols name. */
export async function openRols() {
  dir = await mkdtemp(path.join(tmpdir(), 'pulsera-rols-'));
  t = await createTestApp({ dataDir: dir });
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
  eventId = (await t.activeEvent()).id;
  otherEventId = (await t.eventByName('Sonora Festival 2027')).id;
  const zone = async (name: string, sess = admin) =>
    ok(await t.call('POST', '/api/zones', { ...sess, body: { zone: { name, resetHour: '00:00:00' } } }));
  const range = async (name: string, sess = admin) =>
    ok(
      await t.call('POST', '/api/timeRange', {
        ...sess,
        body: { name, dateStart: '2026-07-10', dateEnd: '2026-07-12' },
      }),
    ).id;
  const location = async (nombre: string) =>
    ok(
      await t.call('POST', '/api/locations', {
        ...admin,
        body: { location: { nombre, actividades_nfc: ['C', 'T'] } },
      }),
    ).id;
  arena = await zone('Arena');
  backstage = await zone('Backstage');
  friday = await range('Friday');
  saturday = await range('Saturday');
  bar = await location('Main gate desk');
  kiosk = await location('Top-up kiosk');
  glass = ok(
    await t.call('POST', '/api/addon', {
      ...admin,
      body: { item: { name: 'Souvenir glass', description: 'A glass to keep' } },
    }),
  ).id;
  const articles = ok(await t.call('GET', '/api/articles', admin)).articles as {
    id: number;
    nombre: string;
  }[];
  beer = articles.find((a) => a.nombre === 'Beer 50cl')!.id;
  water = articles.find((a) => a.nombre === 'Water 50cl')!.id;
}
export async function closeRols() {
  await t.close();
  await rm(dir, { recursive: true, force: true });
}

export const save = (rol: Record<string, unknown>, sess: Session = admin) =>
  t.call('POST', '/api/rols', { ...sess, body: { rol } });
export const load = async (sess: Session = admin) => ok(await t.call('GET', '/api/rols', sess));
export const rolsOf = async (sess: Session = admin) => (await load(sess)).rols as any[];
export const rolById = async (id: number, sess: Session = admin) =>
  (await rolsOf(sess)).find((r) => r.id === id);
export const remove = (id: number, sess: Session = admin) => t.call('DELETE', `/api/rols/${id}`, sess);
export const create = async (rol: Record<string, unknown>, sess: Session = admin) =>
  ok(await save({ price: 0, ...rol }, sess)) as number;
