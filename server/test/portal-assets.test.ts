import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openTestDatabase } from './helper';

/**
 * The attendee portal beside the console on one port (issue 28): every /portal/<slug> page is the
 * portal's index.html, its assets are served under /portal/, and only its pages may load reCAPTCHA.
 */
describe('the attendee portal’s files', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pulsera-portal-'));
  const consoleDir = path.join(root, 'console');
  const portalDir = path.join(root, 'portal');
  const js = 'console.log("portal");';
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let close: () => Promise<void>;
  beforeAll(async () => {
    mkdirSync(consoleDir, { recursive: true });
    mkdirSync(path.join(portalDir, 'assets'), { recursive: true });
    writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(portalDir, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(portalDir, 'assets', 'index-Pq3xZ9aK.js'), js);
    const database = await openTestDatabase();
    ({ app } = await buildApp({
      database,
      logger: false,
      config: { seed: 'none', consoleDist: consoleDir, portalDist: portalDir },
    }));
    close = async () => {
      await app.close();
      await database.close();
      rmSync(root, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it("answers every festival's page with the portal, never cached, and lets it load reCAPTCHA", async () => {
    for (const url of ['/portal/sonora-2026', '/portal/sonora-2026?lang=es', '/portal']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>portal</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain('https://www.google.com/recaptcha/');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    const consolePage = await app.inject({ method: 'GET', url: '/admin/customers' });
    expect(consolePage.body).toContain('<title>console</title>');
    expect(consolePage.headers['content-security-policy']).not.toContain('google');
  });

  it('serves its hashed assets for a year, and a missing one is a real 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/portal/assets/index-Pq3xZ9aK.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(js);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/portal/assets/gone-AAAAAAAA.js' })).statusCode).toBe(
      404,
    );
  });
});
