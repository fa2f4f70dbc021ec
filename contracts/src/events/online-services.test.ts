import { describe, expect, it } from 'vitest';
import { checkImageSize } from '../upload';
import { isHttpsUrl, ONLINE_IMAGES, OnlineServicesSave, queueIssues } from './online-services';

const png = (width: number, height: number) => ({ mime: 'image/png' as const, width, height });

describe('online-services rules shared by the browser and the server', () => {
  it('takes a login image of 300×260, or 2:1 from 300×150, or 1:1 from 260×260', () => {
    const rule = ONLINE_IMAGES.login.rule;
    for (const [w, h] of [
      [300, 260],
      [300, 150],
      [900, 450],
      [260, 260],
      [512, 512],
    ] as const) {
      expect(checkImageSize(png(w, h), rule), `${w}×${h}`).toBeNull();
    }
    expect(checkImageSize(png(200, 100), rule)).toMatchObject({
      kind: 'ratios',
      ratios: '2:1, 1:1',
      minimums: '300×150, 260×260',
    });
    expect(checkImageSize(png(400, 300), rule)?.kind).toBe('ratios');
    expect(checkImageSize({ mime: 'image/svg+xml', width: 20, height: 20 }, rule)).toBeNull();
    expect(checkImageSize(png(4000, 3), ONLINE_IMAGES.background.rule)).toBeNull();
    expect(checkImageSize(png(300, 150), ONLINE_IMAGES.header.rule)?.kind).toBe('exact');
  });

  it('accepts only https addresses with a host', () => {
    expect(isHttpsUrl('https://pay.example.com/ok?order=1')).toBe(true);
    expect(isHttpsUrl('https://pay.example.com:8443')).toBe(true);
    for (const bad of [
      'http://pay.example.com',
      'https://',
      'https://user:pw@pay.example.com',
      'javascript:alert(1)',
      'https://pay example.com',
    ]) {
      expect(isHttpsUrl(bad), bad).toBe(false);
    }
  });

  it('names the four queue messages at their fields', () => {
    expect(queueIssues([]).map((i) => i.message)).toEqual(['validation.queueNeedsTwoScriptsError']);
    const issues = queueIssues([
      { type: 'text/javascript', src: 'https://q.example/a.js', function: 'Queue.start' },
      { type: 'application/x-shockwave-flash', src: '', function: 'do it' },
    ]);
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['queue.scripts.1.type', 'validation.queueScriptTypeMissingError'],
      ['queue.scripts.1.src', 'validation.queueScriptSrcMissingError'],
      ['queue.scripts.1.function', 'validation.queueScriptFunctionError'],
    ]);
  });

  it('reads empty texts as none and keeps slugs lower case', () => {
    const base = {
      slug: '',
      subdomain: ' ',
      servicesOnlineDateStart: null,
      servicesOnlineDateEnd: null,
      infoText: {},
      needsCodeCheck: 0,
      manuallyTopUp: 0,
      minTopUp: 500,
      maxTopUp: 500,
      recaptchaSiteKey: '',
      colors: { primary: '#000000', accent: '#000000', headerText: '#ffffff', background: '#ffffff' },
      gradient: { enabled: 0, from: '#000000', to: '#000000', angle: 0 },
      loginMethod: 'rfid',
      knownTicketsOnly: 0,
      cardBrands: ['visa'],
      queue: { enabled: 0, scripts: [] },
      redirectUrls: { success: '', failure: null, cancel: null },
      update_time: null,
    };
    const ok = OnlineServicesSave.parse(base);
    expect(ok).toMatchObject({
      slug: null,
      subdomain: null,
      recaptchaSiteKey: null,
      redirectUrls: { success: null },
    });
    expect(OnlineServicesSave.safeParse({ ...base, slug: 'Sonora' }).success).toBe(false);
  });
});
