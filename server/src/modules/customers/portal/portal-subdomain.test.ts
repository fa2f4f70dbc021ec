import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { saveOnlineServices } from '../../../../test/online-services';
import { portalHostOf } from '../../../core/config';

/**
 * The portal at `<subdomain>.<host>` (issue 28): a request whose Host is the event's subdomain of the
 * configured base host gets that event's portal at `/`; the Host header is only matched against
 * configuration (another host is not the portal; an unknown subdomain is not found).
 */
let t: TestApp;
const SLUG = 'sonora-2026';
const get = (url: string, host: string) => t.call('GET', url, { headers: { host } });

beforeAll(async () => {
  const portalDist = mkdtempSync(path.join(os.tmpdir(), 'pulsera-portal-dist-'));
  mkdirSync(path.join(portalDist, 'assets'));
  writeFileSync(
    path.join(portalDist, 'index.html'),
    '<!doctype html><html><head><title>portal</title></head></html>',
  );
  writeFileSync(path.join(portalDist, 'assets', 'index-abcdefgh.js'), 'console.log(1)');
  t = await createTestApp({ portalDist, portalHost: 'topup.example' });
  const admin = await t.session('admin@demo.test');
  const saved = await saveOnlineServices(t, admin, { slug: SLUG, subdomain: 'sonora' });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('the portal at the event subdomain', () => {
  it("serves the event's portal at / and its pages, naming the event's slug", async () => {
    for (const [url, host] of [
      ['/', 'sonora.topup.example'],
      ['/', 'SONORA.Topup.Example:8443'],
      ['/receipt/abc', 'sonora.topup.example'],
    ] as const) {
      const res = await get(url, host);
      expect(res.status, `${host}${url}`).toBe(200);
      expect(res.raw.headers['content-type']).toMatch(/^text\/html/);
      expect(res.raw.body).toContain('<meta name="pulsera-portal-slug" content="sonora-2026">');
    }
    // Its assets and API keep their paths.
    expect((await get('/portal/assets/index-abcdefgh.js', 'sonora.topup.example')).raw.body).toBe(
      'console.log(1)',
    );
    const site = await get(`/api/portal/${SLUG}`, 'sonora.topup.example');
    expect(site.body.result.eventName).toBe('Sonora Festival 2026');
  });

  it('answers not found for an unknown subdomain, and is not the portal on any other host', async () => {
    expect((await get('/', 'nobody.topup.example')).status).toBe(404);
    for (const host of [
      'sonora.evil.example',
      'sonora.topup.example.evil.example',
      'a.sonora.topup.example',
      'topup.example',
    ]) {
      const res = await get('/', host);
      expect(res.raw.body, host).not.toContain('pulsera-portal-slug');
    }
  });
});

describe('the base host', () => {
  it('is PORTAL_HOST, else the host of TOPUP_SITE_URL, in lower case without port', () => {
    expect(portalHostOf('', 'https://Topup.Example:8443/portal')).toBe('topup.example');
    expect(portalHostOf('Pay.Festival.Example', 'https://topup.example/portal')).toBe('pay.festival.example');
    expect(portalHostOf('', 'not an address')).toBe('');
  });
});
