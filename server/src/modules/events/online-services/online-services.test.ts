import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { ELF, noisyPng, png, svg } from '../../../../test/image-fixtures';
import { onlineServicesBody } from '../../../../test/online-services';

let t: TestApp;
let dir: string;
type Session = Awaited<ReturnType<TestApp['session']>>;
let admin: Session;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulsera-online-'));
  t = await createTestApp({ dataDir: dir });
  admin = await t.session('admin@demo.test');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const URL_ = '/api/event/online-services';
const get = async (s: Session = admin) => {
  const res = await t.call('GET', URL_, s);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};
const bodyOf = onlineServicesBody;
const put = (body: unknown, s: Session = admin, lang?: string) =>
  t.call('PUT', URL_, { ...s, body, ...(lang ? { lang } : {}) });
const fieldsOf = (res: { body: { fields?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.body.fields ?? []).map((f) => [f.path, f.message]));

const hoursFrom = (iso: string, h: number) => new Date(Date.parse(iso) + h * 3_600_000).toISOString();

describe('online services (/api/event/online-services)', () => {
  it('answers the defaults of a never-configured event with its slug, subdomain and languages', async () => {
    const cur = await get();
    expect(cur).toMatchObject({
      slug: 'sonora-2026',
      subdomain: 'sonora',
      minTopUp: 500,
      maxTopUp: 50_000,
      recaptchaSecretSet: false,
      loginMethod: 'rfidAndTicket',
      update_time: null,
      siteUrl: 'http://pulsera.test/portal/sonora-2026',
    });
    expect(cur.languages.map((l: { iso: string }) => l.iso)).toEqual(
      expect.arrayContaining(['en', 'es', 'it', 'fr']),
    );
  });

  it('saves every field, answers it back and the event chooser shows the new address', async () => {
    const cur = await get();
    const start = hoursFrom(cur.eventWindow.start, 1);
    const end = hoursFrom(cur.eventWindow.end, -1);
    const body = bodyOf(cur, {
      slug: 'sonora-live',
      subdomain: 'sonora-live',
      servicesOnlineDateStart: start,
      servicesOnlineDateEnd: end,
      infoText: {
        en: 'Top up before you come',
        es: 'Recarga antes de venir',
        it: 'Ricarica',
        fr: 'Rechargez',
      },
      needsCodeCheck: 1,
      manuallyTopUp: 1,
      minTopUp: 1000,
      maxTopUp: 20_000,
      recaptchaSiteKey: '6LcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      recaptchaSecret: '6LcBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
      colors: { primary: '#112233', accent: '#AABBCC', headerText: '#ffffff', background: '#000000' },
      gradient: { enabled: 1, from: '#ff0000', to: '#0000ff', angle: 90 },
      loginMethod: 'ticket',
      knownTicketsOnly: 1,
      cardBrands: ['visa', 'amex'],
      queue: {
        enabled: 1,
        scripts: [
          {
            type: 'text/javascript',
            src: 'https://static.queue.example/client.js',
            function: 'QueueIt.validateUser',
          },
          { type: 'module', src: 'https://static.queue.example/loader.js', function: 'startQueue' },
        ],
      },
      redirectUrls: {
        success: 'https://sonora.example/ok',
        failure: 'https://sonora.example/ko',
        cancel: null,
      },
    });
    const res = await put(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = await get();
    const { recaptchaSecret: _secret, ...answered } = bodyOf(body);
    expect(saved).toMatchObject({
      ...answered,
      servicesOnlineDateStart: new Date(start).toISOString(),
      servicesOnlineDateEnd: new Date(end).toISOString(),
      recaptchaSecretSet: true,
      siteUrl: 'http://pulsera.test/portal/sonora-live',
      update_time: expect.any(String),
    });
    expect(saved).not.toHaveProperty('recaptchaSecret');
    const chooser = await t.call('GET', '/api/events/active', { token: admin.token });
    expect(chooser.body.result.events[0].onlineServicesUrl).toBe('http://pulsera.test/portal/sonora-live');
  });

  it('never answers the reCAPTCHA secret; a save without one keeps it; it can be cleared', async () => {
    const secret = '6LcSECRETSECRETSECRETSECRETSECRETSECRETxx';
    let cur = await get();
    const set = await put(bodyOf(cur, { recaptchaSecret: secret }));
    expect(set.status).toBe(200);
    expect(JSON.stringify(set.body)).not.toContain(secret);
    expect(JSON.stringify((await t.call('GET', URL_, admin)).body)).not.toContain(secret);
    cur = await get();
    const keep = await put(bodyOf(cur, { recaptchaSecret: '' }));
    expect(keep.body.result.recaptchaSecretSet).toBe(true);
    cur = await get();
    const alone = await put(bodyOf(cur, { clearRecaptchaSecret: true }));
    expect(alone.status).toBe(400);
    expect(fieldsOf(alone)).toEqual({ recaptchaSecret: 'validation.recaptchaSecretRequired' });
    const cleared = await put(bodyOf(cur, { clearRecaptchaSecret: true, recaptchaSiteKey: null }));
    expect(cleared.status).toBe(200);
    expect(cleared.body.result).toMatchObject({ recaptchaSecretSet: false, recaptchaSiteKey: null });
    const noKey = await put(bodyOf(cleared.body.result, { recaptchaSecret: secret }));
    expect(fieldsOf(noKey)).toEqual({ recaptchaSiteKey: 'validation.recaptchaSiteKeyRequired' });
  });

  it('refuses each bad field at the field', async () => {
    const cur = await get();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ slug: 'Sonora Live' }, 'slug', 'validation.slug'],
      [{ slug: 'sonora--live' }, 'slug', 'validation.slug'],
      [{ slug: 'ab' }, 'slug', 'validation.minLength|{"minLength":3}'],
      [{ subdomain: 'sonora_live' }, 'subdomain', 'validation.subdomain'],
      [{ subdomain: '-sonora' }, 'subdomain', 'validation.subdomain'],
      [{ subdomain: 'www' }, 'subdomain', 'validation.subdomainReserved'],
      [{ minTopUp: 5000, maxTopUp: 4999 }, 'maxTopUp', 'validation.maxBelowMin'],
      [{ minTopUp: 0 }, 'minTopUp', 'validation.positive'],
      [{ colors: { ...cur.colors, primary: 'red' } }, 'colors.primary', 'validation.color'],
      [{ gradient: { ...cur.gradient, to: '#12345' } }, 'gradient.to', 'validation.color'],
      [
        { redirectUrls: { ...cur.redirectUrls, success: 'http://sonora.example/ok' } },
        'redirectUrls.success',
        'validation.httpsUrl',
      ],
      [
        { redirectUrls: { ...cur.redirectUrls, cancel: 'javascript:alert(1)' } },
        'redirectUrls.cancel',
        'validation.httpsUrl',
      ],
      [{ cardBrands: [] }, 'cardBrands', 'validation.minItems|{"min":1}'],
      [{ cardBrands: ['visa', 'visa'] }, 'cardBrands', 'validation.repeated'],
      [{ recaptchaSiteKey: 'short' }, 'recaptchaSiteKey', 'validation.recaptchaKey'],
      [{ infoText: { xx: 'Hello' } }, 'infoText.xx', 'validation.unknownLanguage'],
      [
        {
          servicesOnlineDateStart: hoursFrom(cur.eventWindow.start, 5),
          servicesOnlineDateEnd: hoursFrom(cur.eventWindow.start, 2),
        },
        'servicesOnlineDateEnd',
        'validation.endAfterStart',
      ],
      [
        { servicesOnlineDateStart: hoursFrom(cur.eventWindow.start, 5), servicesOnlineDateEnd: null },
        'servicesOnlineDateEnd',
        'validation.required',
      ],
      [
        {
          servicesOnlineDateStart: '2019-12-31T00:00:00.000Z',
          servicesOnlineDateEnd: hoursFrom(cur.eventWindow.start, 2),
        },
        'servicesOnlineDateStart',
        'validation.dateRange|{"min":"2020-01-01","max":"2099-12-31"}',
      ],
    ];
    for (const [changes, path, message] of cases) {
      const res = await put(bodyOf(cur, changes));
      expect(res.status, `${path} ${JSON.stringify(changes)}`).toBe(400);
      expect(fieldsOf(res)[path], `${path} ${JSON.stringify(res.body.fields)}`).toBe(message);
    }
    const bad = await put(bodyOf(cur, { loginMethod: 'fingerprint' }));
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldsOf(bad))).toEqual(['loginMethod']);
    // Nothing of the refused saves was kept.
    expect(await get()).toEqual(cur);
  });

  it('keeps the online dates within the event, saying its window in its time zone', async () => {
    const cur = await get();
    const res = await put(
      bodyOf(cur, {
        servicesOnlineDateStart: hoursFrom(cur.eventWindow.start, -1),
        servicesOnlineDateEnd: hoursFrom(cur.eventWindow.end, 1),
      }),
      admin,
      'es',
    );
    expect(res.status).toBe(400);
    const fields = res.body.fields as { path: string; message: string; text: string }[];
    expect(fields.map((f) => f.path).sort()).toEqual(['servicesOnlineDateEnd', 'servicesOnlineDateStart']);
    expect(fields[0]!.message).toMatch(/^validation\.onlineDatesWithinEvent\|/);
    expect(fields[0]!.text).toMatch(
      /^Las fechas de los servicios online deben estar dentro del evento: \d{4}-\d\d-\d\d \d\d:\d\d – /,
    );
    const inside = await put(
      bodyOf(cur, {
        servicesOnlineDateStart: cur.eventWindow.start,
        servicesOnlineDateEnd: cur.eventWindow.end,
      }),
    );
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
  });

  it('answers the four queue messages of the spec, translated, at their fields', async () => {
    const cur = await get();
    const one = await put(
      bodyOf(cur, {
        queue: { enabled: 1, scripts: [{ type: 'module', src: 'https://q.example/a.js', function: 'go' }] },
      }),
      admin,
      'fr',
    );
    expect(one.status).toBe(400);
    expect(one.body.fields).toEqual([
      {
        path: 'queue.scripts',
        message: 'validation.queueNeedsTwoScriptsError',
        text: 'La configuration de la file d’attente nécessite deux scripts',
      },
    ]);
    const incomplete = await put(
      bodyOf(cur, {
        queue: {
          enabled: 1,
          scripts: [
            { type: '', src: '', function: '' },
            { type: 'text/javascript', src: 'http://q.example/b.js', function: '1bad name' },
          ],
        },
      }),
    );
    expect(fieldsOf(incomplete)).toEqual({
      'queue.scripts.0.type': 'validation.queueScriptTypeMissingError',
      'queue.scripts.0.src': 'validation.queueScriptSrcMissingError',
      'queue.scripts.0.function': 'validation.queueScriptFunctionError',
      'queue.scripts.1.src': 'validation.httpsUrl',
      'queue.scripts.1.function': 'validation.queueScriptFunctionError',
    });
    // Off, the scripts are kept as typed and not required.
    const off = await put(
      bodyOf(cur, { queue: { enabled: 0, scripts: [{ type: '', src: '', function: '' }] } }),
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
  });

  it('refuses a save made from an older version (409) and changes nothing', async () => {
    const cur = await get();
    expect((await put(bodyOf(cur, { minTopUp: 700 }))).status).toBe(200);
    const stale = await put(bodyOf(cur, { minTopUp: 900 }));
    expect(stale.status).toBe(409);
    expect((await get()).minTopUp).toBe(700);
  });

  it('keeps slugs and subdomains unique across events, also for saves sent at the same time', async () => {
    const other = await t.session('admin@demo.test', 'Sonora Festival 2027');
    const beach = await t.session('admin@demo.test', 'Mar Azul Beach 2026');
    const mine = await get();
    const theirs = await get(other);
    const taken = await put(bodyOf(theirs, { slug: mine.slug, subdomain: mine.subdomain }), other);
    expect(taken.status).toBe(400);
    expect(fieldsOf(taken)).toEqual({ slug: 'validation.slugTaken', subdomain: 'validation.subdomainTaken' });

    const beachCur = await get(beach);
    const [a, b] = await Promise.all([
      put(bodyOf(theirs, { slug: 'same-weekend', subdomain: 'same-weekend' }), other),
      put(bodyOf(beachCur, { slug: 'same-weekend', subdomain: 'same-weekend' }), beach),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 400]);
    const loser = a.status === 400 ? a : b;
    expect(fieldsOf(loser)).toEqual({ slug: 'validation.slugTaken', subdomain: 'validation.subdomainTaken' });
    const slugs = [(await get(other)).slug, (await get(beach)).slug];
    expect(slugs.filter((s) => s === 'same-weekend')).toHaveLength(1);
  });

  it('needs edicionDeEventos in the event (the server refuses others)', async () => {
    const ev = await t.activeEvent();
    await t.userWithPermissions('online-no@demo.test', ev.id, [PERMISSIONS.locations]);
    await t.userWithPermissions('online-yes@demo.test', ev.id, [PERMISSIONS.edicionDeEventos]);
    const no = await t.session('online-no@demo.test');
    const yes = await t.session('online-yes@demo.test');
    expect((await t.call('GET', URL_, no)).status).toBe(403);
    expect((await t.call('PUT', URL_, { ...no, body: bodyOf(await get()) })).status).toBe(403);
    const cur = await get(yes);
    expect(cur.slug).toBe('sonora-live');
    expect((await put(bodyOf(cur, { needsCodeCheck: 0 }), yes)).status).toBe(200);
  });
});

describe('online-services images (upload flow)', () => {
  const upload = async (bytes: Buffer, mime: string) => {
    const u = await t.call('POST', '/api/upload-image', {
      ...admin,
      body: { folder: 'online', mimeType: mime },
    });
    expect(u.status).toBe(200);
    const putRes = await t.app.inject({
      method: 'PUT',
      url: u.body.result.uploadUrl,
      payload: bytes,
      headers: { 'content-type': mime },
    });
    return { key: u.body.result.key as string, url: u.body.result.url as string, put: putRes };
  };
  const attach = async (slot: string, bytes: Buffer, mime = 'image/png') => {
    const u = await upload(bytes, mime);
    expect(u.put.statusCode, u.put.body).toBe(200);
    return t.call('PUT', `${URL_}/images/${slot}`, { ...admin, body: { key: u.key } });
  };

  it('takes a 300×160 header, a 16×16 favicon and refuses other sizes', async () => {
    const header = await attach('header', png(300, 160));
    expect(header.status, JSON.stringify(header.body)).toBe(200);
    const wrong = await attach('header', png(300, 150));
    expect(wrong.status).toBe(400);
    expect(wrong.body.description).toBe('The image must be 300×160 pixels; this one is 300×150');
    expect((await attach('favicon', png(16, 16))).status).toBe(200);
    expect((await attach('favicon', png(32, 32))).status).toBe(400);
    const cur = await get();
    expect(cur.images.header).toMatchObject({ id: header.body.result.id, url: header.body.result.url });
    expect(cur.images.favicon).not.toBeNull();
  });

  it('takes a login image of 300×260, or 2:1 from 300×150, or 1:1 from 260×260', async () => {
    for (const [w, h] of [
      [300, 260],
      [300, 150],
      [600, 300],
      [260, 260],
    ] as const) {
      const res = await attach('login', png(w, h));
      expect(res.status, `${w}×${h} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const small = await attach('login', png(200, 200));
    expect(small.status).toBe(400);
    expect(small.body.error).toBe(3600);
    expect(small.body.description).toBe(
      'The image must be 300×260 pixels, or in the proportions 2:1, 1:1 at least 300×150, 260×260; this one is 200×200',
    );
    expect((await attach('login', png(400, 300))).status).toBe(400);
    const vector = await attach(
      'login',
      svg('width="100" height="100" viewBox="0 0 100 100"'),
      'image/svg+xml',
    );
    expect(vector.status, JSON.stringify(vector.body)).toBe(200);
  });

  it('takes a background of any size under 1 MB and refuses a larger one or a disguised file', async () => {
    const small = await attach('background', png(1600, 900));
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    const bytes = noisyPng(640, 600);
    expect(bytes.length).toBeGreaterThan(1_048_576);
    const big = await attach('background', bytes);
    expect(big.status).toBe(413);
    expect(big.body.description).toBe('The image is too large: at most 1 MB');
    const fake = await upload(ELF, 'image/png');
    expect(fake.put.statusCode).toBe(415);
    const cur = await get();
    expect(cur.images.background).toMatchObject({ id: small.body.result.id });
    const cleared = await t.call('PUT', `${URL_}/images/background/delete`, {
      ...admin,
      body: { delete: 1 },
    });
    expect(cleared.body.result).toBe(true);
    expect((await get()).images.background).toBeNull();
  });

  it('keeps images when the form is saved', async () => {
    const cur = await get();
    expect(cur.images.header).not.toBeNull();
    const res = await put(bodyOf(cur, { manuallyTopUp: 0 }));
    expect(res.status).toBe(200);
    expect(res.body.result.images).toEqual(cur.images);
  });
});
