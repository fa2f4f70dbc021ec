import { expect } from 'vitest';
import type { TestApp } from '../../../test/helper';

/** Shared set-up of the catalogue-rules tests: sessions and the venue rows the rules refer to. */
export type Session = Awaited<ReturnType<TestApp['session']>>;
type Response = Awaited<ReturnType<TestApp['call']>>;

export async function sessions(t: TestApp) {
  const admin = await t.session('admin@demo.test');
  const other = await t.session('admin@demo.test', 'Sonora Festival 2027');
  return { admin, other };
}

export const ok = (res: Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};

export const makeZone = async (t: TestApp, s: Session, name: string): Promise<number> =>
  ok(await t.call('POST', '/api/zones', { ...s, body: { zone: { name, resetHour: '00:00:00' } } }));

export const makeTimeRange = async (t: TestApp, s: Session, name: string): Promise<number> =>
  ok(
    await t.call('POST', '/api/timeRange', {
      ...s,
      body: { name, dateStart: '2026-07-10', dateEnd: '2026-07-12' },
    }),
  ).id;

export const makeLocation = async (t: TestApp, s: Session, nombre: string): Promise<number> =>
  ok(await t.call('POST', '/api/locations', { ...s, body: { location: { nombre, actividades_nfc: ['C'] } } }))
    .id;

/** A device registered (as an administrator does) and assigned to an event. */
export const makeDevice = async (t: TestApp, s: Session, n_serie: string, idEvent: number): Promise<number> =>
  ok(await t.call('POST', '/api/device/register', { ...s, body: { n_serie, idEvent } })).device.id;

/** The seeded articles of the active demo event (id, name), through the flag screen's load. */
export const articlesOf = async (t: TestApp, s: Session) =>
  ok(await t.call('GET', '/api/addon', s)).articles as { id: number; name: string }[];

/** "path: message" of each field error of a 400. */
export const fieldsOf = (res: Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return (res.body.fields as { path: string; message: string }[]).map((f) => `${f.path}: ${f.message}`);
};
