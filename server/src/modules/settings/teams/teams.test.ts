import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { events } from '../../../core/db/schema';

let t: TestApp;
let sup: string;
beforeAll(async () => {
  t = await createTestApp();
  sup = await t.login('super@demo.test');
});
afterAll(() => t.close());

const create = (backofficeTeam: Record<string, unknown>, token = sup) =>
  t.call('POST', '/api/backoffice/teams', { token, body: { backofficeTeam } });
const update = (backofficeTeam: Record<string, unknown>, token = sup) =>
  t.call('PATCH', '/api/backoffice/teams', { token, body: { backofficeTeam } });
const all = async () =>
  (await t.call('GET', '/api/backoffice/teams?disablePagination=true', { token: sup })).body.result as {
    teams: { id: number; name: string }[];
    total: number;
  };

describe('teams (01-console §7, super admin)', () => {
  it('lists the teams by name, one page at a time', async () => {
    const res = await t.call('GET', '/api/backoffice/teams', { token: sup });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      teams: [
        { id: expect.any(Number), name: 'Finance' },
        { id: expect.any(Number), name: 'Operations' },
      ],
      total: 2,
    });
    const page2 = await t.call('GET', '/api/backoffice/teams?page=2&paginationLimit=1', { token: sup });
    expect(page2.body.result).toEqual({ teams: [{ id: expect.any(Number), name: 'Operations' }], total: 2 });
    const everything = await t.call('GET', '/api/backoffice/teams?paginationLimit=1&disablePagination=1', {
      token: sup,
    });
    expect(everything.body.result.teams).toHaveLength(2);
    const tooBig = await t.call('GET', '/api/backoffice/teams?paginationLimit=1001', { token: sup });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.fields[0].path).toBe('querystring.paginationLimit');
  });

  it('creates with POST, updates with PATCH and deletes', async () => {
    const created = await create({ name: '  Security ' });
    expect(created.status).toBe(200);
    expect(created.body.result).toEqual({ id: expect.any(Number), name: 'Security' });
    const id = created.body.result.id as number;
    const updated = await update({ id, name: 'Security & Safety' });
    expect(updated.body.result).toEqual({ id, name: 'Security & Safety' });
    expect((await all()).teams.find((x) => x.id === id)?.name).toBe('Security & Safety');
    expect((await all()).total).toBe(3);
    const removed = await t.call('DELETE', `/api/backoffice/teams/${id}`, { token: sup });
    expect(removed.body.result).toBe(true);
    expect((await all()).teams.some((x) => x.id === id)).toBe(false);
    expect((await t.call('DELETE', `/api/backoffice/teams/${id}`, { token: sup })).status).toBe(404);
    expect((await update({ id: 999_999, name: 'Ghost' })).status).toBe(404);
  });

  it('validates the name, and PATCH needs the id', async () => {
    const blank = await create({ name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fields[0]).toMatchObject({
      path: 'backofficeTeam.name',
      message: 'validation.required',
    });
    const long = await create({ name: 't'.repeat(151) });
    expect(long.body.fields[0].message).toBe('validation.maxLength|{"maxLength":150}');
    const noId = await update({ name: 'Nameless' });
    expect(noId.status).toBe(400);
    expect(noId.body.fields[0]).toMatchObject({ path: 'backofficeTeam.id', message: 'validation.required' });
    expect((await all()).teams.some((x) => x.name === 'Nameless')).toBe(false);
  });

  it('refuses a repeated name whatever its case (409 duplicateName)', async () => {
    const dup = await create({ name: 'OPERATIONS' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 1009, description: 'An element with this name already exists' });
    const bar = await create({ name: 'Bar staff' });
    expect((await update({ id: bar.body.result.id, name: 'finance' })).status).toBe(409);
    expect((await update({ id: bar.body.result.id, name: 'Bar Staff' })).status).toBe(200);
  });

  it('refuses to delete a team still used by an event (main team or one of its teams)', async () => {
    const { teams } = await all();
    const ops = teams.find((x) => x.name === 'Operations')!; // events.team_id and event_teams
    const finance = teams.find((x) => x.name === 'Finance')!; // event_teams only
    for (const team of [ops, finance]) {
      const res = await t.call('DELETE', `/api/backoffice/teams/${team.id}`, { token: sup });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(1011);
    }
    const main = await create({ name: 'Main only' });
    const pending = await t.eventByName('Sonora Festival 2027');
    await t.database.db.update(events).set({ teamId: main.body.result.id }).where(eq(events.id, pending.id));
    expect(
      (await t.call('DELETE', `/api/backoffice/teams/${main.body.result.id}`, { token: sup })).status,
    ).toBe(409);
    expect((await all()).teams.map((x) => x.name)).toEqual(expect.arrayContaining(['Finance', 'Operations']));
  });

  it('searches at most 10 teams whose name contains the text, whatever its case', async () => {
    for (let i = 1; i <= 12; i++) {
      expect((await create({ name: `Crew ${String(i).padStart(2, '0')}` })).status).toBe(200);
    }
    const admin = await t.login('admin@demo.test');
    const many = await t.call('GET', '/api/search/teams?searchText=CREW', { token: admin });
    expect(many.status).toBe(200);
    expect(many.body.result).toHaveLength(10);
    expect(many.body.result[0]).toEqual({ id: expect.any(Number), name: 'Crew 01' });
    const few = await t.call('GET', '/api/search/teams?searchText=crew%201', { token: admin });
    expect(few.body.result.map((x: { name: string }) => x.name)).toEqual(['Crew 10', 'Crew 11', 'Crew 12']);
    const wildcard = await t.call('GET', '/api/search/teams?searchText=_', { token: admin });
    expect(wildcard.body.result).toEqual([]);
    const ops = await t.login('ops@demo.test');
    expect((await t.call('GET', '/api/search/teams?searchText=crew', { token: ops })).status).toBe(403);
  });

  it('refuses admins who are not super admins', async () => {
    const admin = await t.login('admin@demo.test');
    const finance = (await all()).teams.find((x) => x.name === 'Finance')!;
    expect((await t.call('GET', '/api/backoffice/teams', { token: admin })).status).toBe(403);
    expect((await create({ name: 'Sneaky' }, admin)).status).toBe(403);
    expect((await update({ id: finance.id, name: 'Renamed' }, admin)).status).toBe(403);
    const del = await t.call('DELETE', `/api/backoffice/teams/${finance.id}`, { token: admin });
    expect(del.status).toBe(403);
    const names = (await all()).teams.map((x) => x.name);
    expect(names).toContain('Finance');
    expect(names).not.toContain('Sneaky');
  });
});
