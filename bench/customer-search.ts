import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { CustomerSearchQuery } from '@pulsera/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../server/src/core/db/client';
import { events } from '../server/src/core/db/schema';
import { searchCustomers } from '../server/src/modules/customers/customers/customer-search.repo';
import { seedDemo } from '../server/src/seed/demo';
import { prng } from '../server/src/seed/simulator';
import { type BenchDb, openBenchDatabase } from './databases';

/**
 * Customer search: `customers` customers with their wristbands in one event (and a fifth as many
 * in another), then searches by partial name, e-mail, ticket and serial with searchCustomers — the
 * query of the customer lookup screen — and their latency percentiles.
 */
export interface SearchFigures {
  database: BenchDb;
  customers: number;
  seedSeconds: number;
  kinds: { kind: string; queries: number; p50: number; p95: number; max: number; avgRows: number }[];
}

const FIRST = [
  'Ana',
  'Luis',
  'Marta',
  'Jorge',
  'Lucia',
  'Pablo',
  'Sara',
  'Diego',
  'Elena',
  'Hugo',
  'Irene',
  'Marco',
  'Giulia',
  'Luca',
  'Chloe',
  'Louis',
  'Emma',
  'Noah',
  'Olivia',
  'Liam',
  'Carmen',
  'Javier',
  'Nuria',
  'Alvaro',
  'Paula',
  'Sergio',
  'Laura',
  'Daniel',
  'Alba',
  'Ruben',
  'Claudia',
  'Ivan',
  'Martina',
  'Adrian',
  'Noelia',
  'Victor',
  'Rocio',
  'Oscar',
  'Silvia',
  'Raul',
];
const LAST = [
  'Garcia',
  'Martinez',
  'Lopez',
  'Sanchez',
  'Perez',
  'Gomez',
  'Rossi',
  'Bianchi',
  'Romano',
  'Martin',
  'Bernard',
  'Dubois',
  'Smith',
  'Jones',
  'Navarro',
  'Torres',
  'Ruiz',
  'Vidal',
  'Serra',
  'Moreno',
  'Jimenez',
  'Alonso',
  'Blanco',
  'Castro',
  'Ortega',
  'Rubio',
  'Molina',
  'Delgado',
  'Ramos',
  'Iglesias',
  'Ferrari',
  'Greco',
  'Conti',
  'Leroy',
  'Moreau',
  'Fournier',
  'Brown',
  'Taylor',
  'Wilson',
  'Evans',
];
const DOMAINS = ['example.com', 'mail.example.org', 'correo.example.es', 'posta.example.it'];

interface Person {
  name: string;
  email: string;
  ticket: string;
  localizer: string;
  serial: string;
  code: string;
}

function people(n: number, offset: number, seed: number): Person[] {
  const rng = prng(seed);
  return Array.from({ length: n }, (_, i) => {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    const k = offset + i;
    return {
      name: `${first} ${last} ${rng.pick(LAST)}`,
      email: `${first}.${last}${k}@${rng.pick(DOMAINS)}`.toLowerCase(),
      ticket: `SN${(k % 7) + 20}-${rng.hex(10).toUpperCase()}`,
      localizer: rng.hex(8).toUpperCase(),
      serial: `04${rng.hex(12).toUpperCase()}`,
      code: rng.hex(6).toUpperCase(),
    };
  });
}

/** Batched inserts: each customer with its wristband, 5,000 per statement. */
async function seedCustomers(db: Db, eventId: number, list: Person[]) {
  for (let i = 0; i < list.length; i += 5000) {
    const chunk = JSON.stringify(list.slice(i, i + 5000));
    await db.execute(sql`
      with x as (
        select * from json_to_recordset(${chunk}::json)
          as x(name text, email text, ticket text, localizer text, serial text, code text)
      ),
      c as (
        insert into customers (event_id, name, email, ticket_code, localizer, date_validation)
        select ${eventId}::int, name, email, ticket, localizer, now() from x
        returning id, ticket_code
      )
      insert into wristbands (event_id, n_serie, code_check, customer_id)
      select ${eventId}::int, x.serial, x.code, c.id from x join c on c.ticket_code = x.ticket`);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

export async function benchCustomerSearch(
  kind: BenchDb,
  count = 100_000,
  queries = 200,
): Promise<SearchFigures> {
  const database = await openBenchDatabase(kind);
  try {
    const db = database.db;
    await seedDemo(db);
    const [active] = await db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.name, 'Sonora Festival 2026'));
    const [other] = await db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.name, 'Sonora Festival 2027'));
    const began = performance.now();
    const here = people(count, 0, 11);
    await seedCustomers(db, active!.id, here);
    await seedCustomers(db, other!.id, people(Math.round(count / 5), count, 12));
    await db.execute(sql`analyze customers`);
    await db.execute(sql`analyze wristbands`);
    const seedSeconds = round((performance.now() - began) / 1000);

    const rng = prng(99);
    const part = (s: string, min: number, max: number) => {
      const len = Math.min(s.length, rng.int(min, max));
      const from = rng.int(0, s.length - len);
      return s.slice(from, from + len);
    };
    const kinds: { kind: string; make: (p: Person) => CustomerSearchQuery }[] = [
      // what an operator types: a surname or part of the full name, lower case
      { kind: 'name (partial)', make: (p) => ({ name: part(p.name, 4, 12).toLowerCase() }) },
      { kind: 'email (partial)', make: (p) => ({ email: p.email.split('@')[0]!.slice(0, rng.int(6, 14)) }) },
      { kind: 'ticket (partial)', make: (p) => ({ ticket: part(p.ticket, 5, 9) }) },
      { kind: 'serial (partial)', make: (p) => ({ rfid: part(p.serial, 5, 8).toLowerCase() }) },
    ];
    // Warm up the caches the way a running console has them.
    for (let i = 0; i < 20; i++) await searchCustomers(db, active!.id, kinds[i % 4]!.make(rng.pick(here)));
    const results: SearchFigures['kinds'] = [];
    for (const k of kinds) {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < queries; i++) {
        const q = k.make(rng.pick(here));
        const t = performance.now();
        const res = await searchCustomers(db, active!.id, q, 1);
        times.push(performance.now() - t);
        found += res.rows.length;
      }
      times.sort((a, b) => a - b);
      results.push({
        kind: k.kind,
        queries,
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        max: round(times[times.length - 1]!),
        avgRows: round(found / queries),
      });
    }
    return { database: kind, customers: count, seedSeconds, kinds: results };
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'postgres' },
      customers: { type: 'string', default: '100000' },
      queries: { type: 'string', default: '200' },
    },
  });
  const figures = await benchCustomerSearch(
    values.db === 'pglite' ? 'pglite' : 'postgres',
    Number(values.customers),
    Number(values.queries),
  );
  console.table(figures.kinds);
  console.log(`${figures.customers} customers seeded in ${figures.seedSeconds} s on ${figures.database}`);
}
