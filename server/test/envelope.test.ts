import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bodyLimitBytes: 2048 });
});
afterAll(() => t.close());

describe('every answer uses the envelope', () => {
  it('health answers ok with the database kind', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      error: 0,
      result: { status: 'ok', version: '1.60.1', database: expect.any(String) },
    });
  });

  it('unknown API routes answer 404 in the envelope', async () => {
    const res = await t.call('GET', '/api/does-not-exist', { lang: 'fr' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 404, description: 'Page introuvable' });
  });

  it('malformed JSON answers 400 without a stack trace', async () => {
    const res = await t.call('POST', '/api/login', {
      body: '{"email": "a@b.co", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 1010, description: 'The request body is not valid JSON' });
  });

  it('oversized bodies answer 413', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: 'a@b.co', password: 'x'.repeat(5000) } });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(413);
    expect(res.raw.body).not.toMatch(/at \w+ \(/);
  });

  it('wrong content types answer 415', async () => {
    const res = await t.call('POST', '/api/login', {
      body: 'email=a',
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe(415);
  });

  it('wrong types name the field', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: 42, password: ['x'] } });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { path: string }) => f.path).sort()).toEqual(['email', 'password']);
    expect(res.body.fields[0].message).toMatch(/^validation\.invalidType/);
  });

  it('publishes the OpenAPI document and the interactive docs', async () => {
    const doc = await t.call('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/events/{status}']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it("sends the festival paths to the top-up site (by default this server's portal) with the path lower-cased", async () => {
    for (const path of ['/Arenal/Sub/Page', '/ARENAL', '/medusa/x']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`http://pulsera.test/portal${path.toLowerCase()}`);
    }
  });
});
