/**
 * Receipts of the attendee portal (issue 28): each top-up and sale of the history carries its
 * receipt's link, which opens without a session; the token names the operation only once its MAC
 * holds, in its own event, and a device's token only among that device's operations.
 */
import { randomUUID } from 'node:crypto';
import { deviceReceiptToken } from '@pulsera/contracts/customers/receipt-token';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoFestivalApp } from '../../../../test/helper';
import { sales } from '../../../core/db/schema';
import { receiptKey, receiptToken } from './receipt-token';

let demo: Awaited<ReturnType<typeof createDemoFestivalApp>>;
const SLUG = 'sonora-2026';
const LUCA = { serial: '04577424DBA62E', checkCode: '08367F' };
/** The README's second demo wristband. */
const IRENE = { serial: '040D2813028E7D', checkCode: '98C343' };
type Op = { idType: number; idUnique: number; amount: number; receipt: string | null; articles: unknown[] };
let ops: Op[];

const get = (url: string, headers: Record<string, string> = {}) =>
  demo.app.inject({ method: 'GET', url, headers });
const receiptOf = (token: string, slug = SLUG) => get(`/api/portal/${slug}/receipts/${token}`);

beforeAll(async () => {
  demo = await createDemoFestivalApp();
  const signed = await demo.app.inject({
    method: 'POST',
    url: `/api/portal/${SLUG}/session`,
    payload: { method: 'rfid', ...LUCA },
  });
  const me = await get(`/api/portal/${SLUG}/me`, { authorization: `Bearer ${signed.json().result.token}` });
  ops = me.json().result.operations;
}, 240_000);
afterAll(() => demo.close());

describe('GET /api/portal/{slug}/receipts/{token}', () => {
  it("gives every top-up and sale of the history a receipt that opens without a session: the sale's lines, total and VAT", async () => {
    const sale = ops.find((o) => o.idType === 1 && o.articles.length > 0)!;
    expect(sale.receipt).toMatch(/^[\w-]{50}$/);
    expect(ops.filter((o) => o.idType !== 2).every((o) => o.receipt)).toBe(true);
    const res = await receiptOf(sale.receipt!);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r).toMatchObject({ kind: 'sale', eventName: 'Sonora Festival 2026', serial: LUCA.serial });
    expect(r.lines.length).toBeGreaterThan(0);
    expect(r.lines.reduce((n: number, l: { total: number }) => n + l.total, 0)).toBe(r.total);
    // The demo festival's VAT is 10%: the share of the total that is VAT.
    expect(r.vat).toEqual({ rate: 10, amount: r.total - Math.round(r.total / 1.1) });
    expect(-sale.amount).toBeLessThanOrEqual(r.total);

    const topUp = ops.find((o) => o.idType === 0)!;
    const t = (await receiptOf(topUp.receipt!)).json().result;
    expect(t).toMatchObject({ kind: 'topUp', vat: null });
    expect(t.topUp.amount + t.topUp.bonus).toBe(topUp.amount);
  });

  it('opens nothing for a token altered, signed with another key, of another event or of an operation unknown', async () => {
    const token = ops.find((o) => o.idType === 1)!.receipt!;
    const flipped = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    const other = receiptToken('another-secret-entirely', randomUUID());
    const unknown = receiptToken(demo.ctx.config.sessionSecret, randomUUID());
    // The same bytes spelt otherwise (the last character's two spare bits set): one spelling only.
    const ABC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spare = token.slice(0, 49) + ABC[ABC.indexOf(token[49]!) ^ 1];
    for (const bad of [flipped, other, unknown, spare]) expect((await receiptOf(bad)).statusCode).toBe(404);
    expect((await receiptOf(token, 'sonora-2027')).statusCode).toBe(404);
    expect((await receiptOf('x'.repeat(49))).statusCode).toBe(400);
  });

  it("takes a terminal's token for that terminal's own sales only", async () => {
    const [sale] = await demo.database.db
      .select({ op: sales.operationId, device: sales.deviceId })
      .from(sales)
      .where(and(eq(sales.id, ops.find((o) => o.idType === 1)!.idUnique)));
    expect(sale?.device).toEqual(expect.any(Number));
    const secret = demo.ctx.config.sessionSecret;
    expect((await receiptOf(receiptToken(secret, sale!.op, sale!.device!))).statusCode).toBe(200);
    expect((await receiptOf(receiptToken(secret, sale!.op, sale!.device! + 1))).statusCode).toBe(404);
  });

  it('takes the token a terminal makes offline with its own receipt key, which is the server’s to the letter', async () => {
    const [sale] = await demo.database.db
      .select({ op: sales.operationId, device: sales.deviceId })
      .from(sales)
      .where(and(eq(sales.id, ops.find((o) => o.idType === 1)!.idUnique)));
    const secret = demo.ctx.config.sessionSecret;
    const key = receiptKey(secret, sale!.device!).toString('hex');
    const made = await deviceReceiptToken(key, sale!.device!, sale!.op);
    expect(made).toBe(receiptToken(secret, sale!.op, sale!.device!));
    expect((await receiptOf(made)).statusCode).toBe(200);
    // Another device's key makes a token that opens nothing.
    const other = receiptKey(secret, sale!.device! + 1).toString('hex');
    expect((await receiptOf(await deviceReceiptToken(other, sale!.device!, sale!.op))).statusCode).toBe(404);
  });
});

describe("the README's demo wristbands", () => {
  it('Irene García signs in to the portal with the second serial and check code: money and sales on it', async () => {
    const signed = await demo.app.inject({
      method: 'POST',
      url: `/api/portal/${SLUG}/session`,
      payload: { method: 'rfid', ...IRENE },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const me = await get(`/api/portal/${SLUG}/me`, { authorization: `Bearer ${signed.json().result.token}` });
    const result = me.json().result;
    expect(result.wristband).toMatchObject({ serial: IRENE.serial, blocked: false });
    expect(result.wristband.cash).toBeGreaterThan(0);
    expect(result.operations.some((o: { operation: string }) => o.operation === 'sale')).toBe(true);
  });
});
