import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { TestApp } from '../../../../test/helper';
import { wristbands } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';

/** What the payout suites share: the event, the official schema, and customers with refunds to pay. */
export const EVENT = 'Sonora Festival 2027';
export const FUTURE = '2099-06-30';
type Session = Awaited<ReturnType<TestApp['session']>>;

const XSD = readFileSync(
  fileURLToPath(new URL('../../../../test/fixtures/pain.001.001.09.xsd', import.meta.url)),
  'utf8',
);

/** A pain.001 file checked against the official XSD. */
export async function validatePain(xml: string) {
  const r = await validateXML({
    xml: [{ fileName: 'run.xml', contents: xml }],
    schema: [{ fileName: 'pain.001.001.09.xsd', contents: XSD }],
  });
  return { valid: r.valid, errors: r.errors.map((e) => e.message) };
}

/** The texts of every element of that name. */
export const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}[^>]*>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);

/** A customer: serial, name, IBAN, BIC, cash topped up (cents), refund (units). */
export type Person = readonly [string, string, string, string, number, number];

export async function wristbandOf(t: TestApp, eventId: number, serial: string) {
  const [w] = await t.database.db
    .select()
    .from(wristbands)
    .where(and(eq(wristbands.eventId, eventId), eq(wristbands.nSerie, serial)));
  return w!;
}

/**
 * The feed records each person (a validated ticket with their name, and a cash top-up) through one
 * terminal, then the console makes each one's bank refund. Returns the refunds and wristbands in order.
 */
export async function seedRefunds(
  t: TestApp,
  eventId: number,
  admin: Session,
  o: {
    device: string;
    ticketPrefix: string;
    people: readonly Person[];
    email?: (i: number) => string;
    fee?: (i: number) => number;
  },
) {
  const { secretKey } = await registerDevice(t.database.db, { n_serie: o.device, idEvent: eventId });
  const token = (await t.call('POST', '/api/device/auth', { body: { serial: o.device, secretKey } })).body
    .result.token;
  const at = '2026-07-10T18:00:00.000Z';
  const operations = o.people.flatMap(([rfid, name, , , cash], i) => [
    {
      kind: 'ticketValidation',
      id: randomUUID(),
      deviceTime: at,
      ticketCode: `${o.ticketPrefix}-${i}`,
      rfid,
      customer: o.email ? { name, email: o.email(i) } : { name },
    },
    {
      kind: 'topup',
      id: randomUUID(),
      deviceTime: at,
      rfid,
      type: 'N',
      paymentType: 'S',
      amount: cash,
      money: cash,
    },
  ]);
  const synced = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: token },
    body: { operations },
  });
  expect(synced.body.result.refused).toEqual([]);
  const refunds: { id: number; wristbandId: number; customerId: number }[] = [];
  for (const [i, [rfid, name, iban, bic, , amount]] of o.people.entries()) {
    const w = await wristbandOf(t, eventId, rfid);
    const res = await t.call('POST', '/api/infoCustomer/create-refund', {
      ...admin,
      body: {
        refund: {
          customerId: w.customerId,
          rfidId: w.id,
          amount,
          fee: o.fee?.(i) ?? 0,
          ccOwner: name,
          ccIban: iban,
          ccBic: bic,
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    refunds.push({ id: res.body.result.id, wristbandId: w.id, customerId: w.customerId! });
  }
  return refunds;
}
