import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

let t: TestApp;
let s: Awaited<ReturnType<TestApp['session']>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await t.session('admin@demo.test');
});
afterAll(() => t.close());

const button = { description: { es: 'Recarga 20', en: 'Top up 20' }, topUpAmount: 2000 };

describe('kiosk configuration (/api/event/configKiosk)', () => {
  it('creates, lists, updates and deletes kiosk buttons of the selected event', async () => {
    const empty = await t.call('GET', '/api/event/configKiosk', s);
    expect(empty.body.result).toEqual({ messageOriginator: 'SONORA', buttons: [] });
    const created = await t.call('POST', '/api/event/configKiosk', { ...s, body: { button } });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject(button);
    const id = created.body.result.id as number;
    const updated = await t.call('POST', '/api/event/configKiosk', {
      ...s,
      body: { button: { ...button, id, topUpAmount: 5000 } },
    });
    expect(updated.body.result).toEqual({ ...button, id, topUpAmount: 5000 });
    const list = await t.call('GET', '/api/event/configKiosk', s);
    expect(list.body.result.buttons).toEqual([{ ...button, id, topUpAmount: 5000 }]);
    expect((await t.call('DELETE', `/api/event/configKiosk/${id}`, s)).body.result).toBe(true);
    expect((await t.call('GET', '/api/event/configKiosk', s)).body.result.buttons).toEqual([]);
    expect((await t.call('DELETE', `/api/event/configKiosk/${id}`, s)).status).toBe(404);
  });

  it('requires both descriptions and a top-up amount', async () => {
    const res = await t.call('POST', '/api/event/configKiosk', {
      ...s,
      body: { button: { description: { es: ' ', en: '' } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'button.description.en',
      'button.description.es',
      'button.topUpAmount',
    ]);
    const zero = await t.call('POST', '/api/event/configKiosk', {
      ...s,
      body: { button: { ...button, topUpAmount: 0 } },
    });
    expect(zero.body.fields[0]).toMatchObject({ path: 'button.topUpAmount', message: 'validation.positive' });
  });

  it('keeps the buttons of another event out of reach (404)', async () => {
    const other = await t.session('admin@demo.test', 'Sonora Festival 2027');
    const foreign = await t.call('POST', '/api/event/configKiosk', { ...other, body: { button } });
    const id = foreign.body.result.id as number;
    const update = await t.call('POST', '/api/event/configKiosk', {
      ...s,
      body: { button: { ...button, id, topUpAmount: 1 } },
    });
    expect(update.status).toBe(404);
    expect((await t.call('DELETE', `/api/event/configKiosk/${id}`, s)).status).toBe(404);
    expect((await t.call('GET', '/api/event/configKiosk', s)).body.result.buttons).toEqual([]);
    expect((await t.call('GET', '/api/event/configKiosk', other)).body.result.buttons).toHaveLength(1);
  });

  it('saves the message originator: 1 to 11 letters and digits', async () => {
    const ok = await t.call('POST', '/api/event/configKiosk/originator', {
      ...s,
      body: { messageOriginator: 'Sonora2026' },
    });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/event/configKiosk', s)).body.result.messageOriginator).toBe(
      'Sonora2026',
    );
    const cases: [string, string][] = [
      ['', 'validation.required'],
      ['ABCDEFGHIJKL', 'validation.maxLength|{"maxLength":11}'],
      ['Sonora 26', 'validation.alphanumeric'],
      ['Soñora', 'validation.alphanumeric'],
    ];
    for (const [value, message] of cases) {
      const res = await t.call('POST', '/api/event/configKiosk/originator', {
        ...s,
        body: { messageOriginator: value },
      });
      expect(res.status, value).toBe(400);
      expect(res.body.fields[0]).toMatchObject({ path: 'messageOriginator', message });
    }
    expect((await t.call('GET', '/api/event/configKiosk', s)).body.result.messageOriginator).toBe(
      'Sonora2026',
    );
  });

  it('is for admins only', async () => {
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/event/configKiosk', ops)).status).toBe(403);
    expect((await t.call('POST', '/api/event/configKiosk', { ...ops, body: { button } })).status).toBe(403);
    expect(
      (
        await t.call('POST', '/api/event/configKiosk/originator', {
          ...ops,
          body: { messageOriginator: 'X' },
        })
      ).status,
    ).toBe(403);
  });
});
