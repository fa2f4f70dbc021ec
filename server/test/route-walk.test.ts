import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDevice } from '../src/modules/terminals/feed/device.service';
import { createTestApp, type TestApp } from './helper';
import { hostileFiles } from './image-fixtures';
import { buildZip } from './zip-fixtures';

/**
 * Bad input for every route of the OpenAPI document, generated from its own schemas (property-based,
 * fast-check): numbers past their column, loose numbers in paths and queries, NUL bytes and lone
 * surrogates in any text, dates PostgreSQL cannot hold, wrong types, huge strings, unknown keys.
 * Whatever comes in, the answer is never a 5xx, and every refusal is the envelope
 * `{ error: <number>, description: <text> }`. A new route is walked without anyone writing a case.
 */
type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
};
type Operation = {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
/** Any UTF-16 text, lone surrogates and NUL included. */
const rawText = fc.string({ unit: anyCodeUnit, maxLength: 40 });
const NASTY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '',
  ' ',
  'A'.repeat(5000),
  '0001-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '2020-13-45T25:61:00Z',
  '1e3',
  '0x3',
  '9.9999e4',
  '99999.0',
  '-0',
  '<script>alert(1)</script>',
  "' or 1=1 --",
];
const NASTY_NUMBERS = [2147483648, -2147483649, 2 ** 53 + 2, 1e308, -1, 0, 1.5, -0.5, 99999999999];
const nasty = fc.constantFrom<unknown>(
  ...NASTY_TEXT,
  ...NASTY_NUMBERS,
  null,
  true,
  false,
  [],
  {},
  [null],
  { '\u0000': 1 },
  { a: { b: { c: [1, '\u0000'] } } },
);

function fitting(schema: Schema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return nasty;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => value(s, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.integer({ min: -3_000_000_000, max: 3_000_000_000 }),
        fc.constantFrom(
          ...[schema.minimum, schema.maximum, (schema.maximum ?? 0) + 1, (schema.minimum ?? 0) - 1].filter(
            (n): n is number => typeof n === 'number' && Number.isFinite(n),
          ),
          1,
        ),
      );
    case 'string':
      if (schema.format === 'date-time' || schema.format === 'date')
        return fc
          .date({
            min: new Date(-62_000_000_000_000),
            max: new Date(250_000_000_000_000),
            noInvalidDate: true,
          })
          .map((d) => (schema.format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString()));
      return fc.oneof(rawText, fc.constantFrom(...NASTY_TEXT));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(value(schema.items, depth + 1), { maxLength: 3 });
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      if (!props.length) return fc.dictionary(rawText, nasty, { maxKeys: 2 });
      return fc.record(Object.fromEntries(props.map(([k, s]) => [k, value(s, depth + 1)])), {
        requiredKeys: [],
      });
    }
    default:
      return nasty;
  }
}
/** Mostly shaped like the schema (so checks deeper than the first field are reached), sometimes not. */
const value = (schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: fitting(schema, depth) }, { weight: 1, arbitrary: nasty });

const asQueryValue = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
const PATH_VALUES = fc.oneof(
  fc.constantFrom(
    '2147483648',
    '0x3',
    '9.9999e4',
    '99999.0',
    '%2099999',
    '-1',
    '0',
    '1',
    'NaN',
    '%00',
    '%ED%A0%80',
    'a'.repeat(300),
  ),
  fc.integer({ min: -3_000_000_000, max: 3_000_000_000 }).map(String),
  rawText.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, 'x'))),
);

/** A refusal must be the envelope; nothing may be a 5xx. Answers the failure's line, or null. */
function judge(what: string, res: { statusCode: number; body: string; json: () => unknown }) {
  type Envelope = { error?: unknown; description?: unknown } | null;
  let envelope: Envelope = null;
  try {
    envelope = res.json() as Envelope;
  } catch {
    envelope = null;
  }
  const badEnvelope =
    res.statusCode >= 400 &&
    !(typeof envelope?.error === 'number' && typeof envelope?.description === 'string');
  return res.statusCode >= 500 || badEnvelope
    ? `${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`
    : null;
}

let t: TestApp;
let headers: Record<string, string>;
let s: Awaited<ReturnType<TestApp['session']>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await t.session('mega@demo.test');
  headers = { token: s.token, tokenevent: s.event!, ...(s.trusts ? { tokentrusts: s.trusts } : {}) };
});
afterAll(() => t.close());

// Walked before the walk of every route, which may change the password, the event or the device
// these need.
describe('every route that takes a file, walked with hostile files', () => {
  it('answers no 5xx and every refusal in the envelope', async () => {
    const bomb = await buildZip([
      { name: 'classes.dex', data: Buffer.from('dex\n035\0') },
      { name: 'AndroidManifest.xml', zeros: 8 * 1_048_576, declaredSize: 512 },
      { name: '[Content_Types].xml', zeros: 8 * 1_048_576, declaredSize: 512 },
      { name: 'xl/worksheets/sheet1.xml', zeros: 8 * 1_048_576, declaredSize: 512 },
    ]);
    const files = [...hostileFiles(), ['zip bomb with lying headers', bomb] as [string, Buffer]];
    const failures: string[] = [];
    const put = async (url: string, bytes: Buffer, type: string) =>
      t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': type } });
    const kinds = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
    const input = fc.record({
      file: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...files) },
        {
          weight: 1,
          arbitrary: fc
            .uint8Array({ maxLength: 2048 })
            .map((b): [string, Buffer] => ['generated', Buffer.from(b)]),
        },
      ),
      declared: fc.constantFrom(...kinds),
      sentAs: fc.constantFrom<string | null>(null, 'application/octet-stream', 'image/png', 'text/csv'),
    });
    await fc
      .assert(
        fc.asyncProperty(input, async ({ file: [name, bytes], declared, sentAs }) => {
          const found: (string | null)[] = [];
          // An image: upload address, PUT, then attach (which reads the stored bytes again).
          const start = await t.call('POST', '/api/upload-image', {
            ...s,
            body: { folder: 'others', mimeType: declared },
          });
          if (start.status === 200) {
            const res = await put(start.body.result.uploadUrl, bytes, sentAs ?? declared);
            found.push(judge(`PUT image ${name} as ${declared}`, res));
            const attach = await t.app.inject({
              method: 'PUT',
              url: '/api/event/images/image-sponsor',
              headers: { ...headers, 'content-type': 'application/json' },
              payload: JSON.stringify({ key: start.body.result.key }),
            });
            found.push(judge(`attach image ${name} as ${declared}`, attach));
          } else found.push(`POST /api/upload-image -> ${start.status}`);
          // A terminal app file: upload address, PUT, preview.
          const app = await t.call('POST', '/api/global/upload-version/apk', s);
          found.push(
            judge(`PUT app ${name}`, await put(app.body.result.url, bytes, 'application/octet-stream')),
          );
          const preview = await t.app.inject({
            method: 'GET',
            url: `/api/global/upload-version/preview?fileName=${app.body.result.fileName}`,
            headers,
          });
          found.push(judge(`preview app ${name}`, preview));
          // A wristband lot file.
          const lot = await t.app.inject({
            method: 'POST',
            url: '/api/wristband-stock/import?lot=WALK&dryRun=1',
            headers: {
              ...headers,
              'content-type': sentAs === 'text/csv' ? 'text/csv' : 'application/octet-stream',
            },
            payload: bytes,
          });
          found.push(judge(`import lot ${name}`, lot));
          const failed = found.filter((f): f is string => !!f);
          failures.push(...failed);
          return failed.length === 0;
        }),
        {
          numRuns: Number(process.env.ROUTE_WALK_RUNS ?? 12) * 3,
          endOnFailure: true,
          seed: Number(process.env.ROUTE_WALK_SEED ?? Date.now() % 2 ** 31),
        },
      )
      .catch(() => undefined);
    // Every hostile file once, whatever the generator drew.
    for (const [name, bytes] of files) {
      for (const declared of kinds) {
        const start = await t.call('POST', '/api/upload-image', {
          ...s,
          body: { folder: 'others', mimeType: declared },
        });
        const res = await put(start.body.result.uploadUrl, bytes, declared);
        const f = judge(`PUT image ${name} as ${declared}`, res);
        if (f) failures.push(f);
      }
      const lot = await t.app.inject({
        method: 'POST',
        url: '/api/wristband-stock/import?lot=WALK&dryRun=1',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: bytes,
      });
      const f = judge(`import lot ${name}`, lot);
      if (f) failures.push(f);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);
});

describe('the terminal sync walked with generated health fields, under a real device token', () => {
  it('answers no 5xx and every refusal in the envelope', async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const sync = doc.paths['/api/device/sync']?.post;
    const bodySchema = Object.values(sync?.requestBody?.content ?? {})[0]?.schema;
    expect(Object.keys(bodySchema?.properties ?? {})).toEqual(
      expect.arrayContaining([
        'appVersion',
        'appVersionCode',
        'pendingOperations',
        'lastSeq',
        'banListVersion',
      ]),
    );
    const ev = await t.activeEvent();
    const { secretKey } = await registerDevice(t.database.db, {
      n_serie: 'WALK-1',
      idEvent: ev.id,
      type: 'PDA',
    });
    const auth = await t.call('POST', '/api/device/auth', { body: { serial: 'WALK-1', secretKey } });
    expect(auth.status, JSON.stringify(auth.body)).toBe(200);
    const devicetoken = auth.body.result.token as string;
    const health = bodySchema!.properties!;
    const failures: string[] = [];
    // Mostly the health fields alone (a heartbeat), so their checks are what is reached.
    const body = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record(
          {
            operations: fc.constant([]),
            ...Object.fromEntries(
              Object.entries(health)
                .filter(([k]) => k !== 'operations')
                .map(([k, s]) => [k, value(s)]),
            ),
          },
          { requiredKeys: ['operations'] },
        ),
      },
      { weight: 1, arbitrary: value(bodySchema) },
    );
    await fc
      .assert(
        fc.asyncProperty(body, async (b) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/device/sync',
            headers: { devicetoken, 'content-type': 'application/json' },
            payload: JSON.stringify(b ?? null),
          });
          const failure = judge(`POST /api/device/sync body=${JSON.stringify(b)?.slice(0, 300)}`, res);
          if (failure) failures.push(failure);
          return !failure;
        }),
        {
          numRuns: Number(process.env.ROUTE_WALK_RUNS ?? 12) * 5,
          endOnFailure: true,
          seed: Number(process.env.ROUTE_WALK_SEED ?? Date.now() % 2 ** 31),
        },
      )
      .catch(() => undefined);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);
});

describe('every route of the OpenAPI document, walked with generated bad input', () => {
  it('answers no 5xx and every refusal in the envelope', async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let requests = 0;
    let routes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        routes++;
        const params = op.parameters ?? [];
        const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
        const query = params.filter((p) => p.in === 'query');
        const bodySchema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
        const input = fc.record({
          path: fc.tuple(...pathNames.map(() => PATH_VALUES), fc.constant('')),
          query: fc.record(
            Object.fromEntries(query.map((q) => [q.name, value(q.schema).map(asQueryValue)])),
            {
              requiredKeys: [],
            },
          ),
          body: value(bodySchema),
        });
        await fc
          .assert(
            fc.asyncProperty(input, async ({ path: values, query: q, body }) => {
              let url = path;
              pathNames.forEach((name, i) => {
                url = url.replace(`{${name}}`, values[i] as string);
              });
              const qs = new URLSearchParams(q as Record<string, string>).toString();
              const res = await t.app.inject({
                method: method.toUpperCase() as 'GET',
                url: qs ? `${url}?${qs}` : url,
                headers: { ...headers, 'content-type': 'application/json' },
                ...(method === 'get' || method === 'delete' ? {} : { payload: JSON.stringify(body ?? null) }),
              });
              requests++;
              let envelope: { error?: unknown; description?: unknown } | null = null;
              try {
                envelope = res.json();
              } catch {
                envelope = null;
              }
              const badEnvelope =
                res.statusCode >= 400 &&
                !(typeof envelope?.error === 'number' && typeof envelope?.description === 'string');
              if (res.statusCode >= 500 || badEnvelope) {
                failures.push(
                  `${method.toUpperCase()} ${url}?${qs} body=${JSON.stringify(body)?.slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
                );
                return false;
              }
              return true;
            }),
            {
              numRuns: Number(process.env.ROUTE_WALK_RUNS ?? 12),
              endOnFailure: true,
              seed: Number(process.env.ROUTE_WALK_SEED ?? Date.now() % 2 ** 31),
            },
          )
          .catch(() => undefined);
      }
    }
    expect(routes).toBeGreaterThan(150);
    expect(requests).toBeGreaterThan(routes * 5);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 600_000);
});
