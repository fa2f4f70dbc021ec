/**
 * The festival's attendees: who they are (names, tickets, wristbands, drawn from the seed) and the
 * balances their wristbands carry as the terminals see them.
 */

import type { SimRoles } from './options';
import type { Rng } from './prng';

const FIRST = [
  'Ana',
  'Luis',
  'Marta',
  'Jorge',
  'Lucía',
  'Pablo',
  'Sara',
  'Diego',
  'Elena',
  'Hugo',
  'Irene',
  'Marco',
  'Giulia',
  'Luca',
  'Chloé',
  'Louis',
  'Emma',
  'Noah',
  'Olivia',
  'Liam',
  'Carmen',
  'Javier',
  'Nuria',
  'Álvaro',
];
const LAST = [
  'García',
  'Martínez',
  'López',
  'Sánchez',
  'Pérez',
  'Gómez',
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
];
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export interface Attendee {
  n: number;
  serial: string;
  codeCheck: string;
  name: string;
  email: string;
  ticket: string;
  localizer: string;
  role: number;
  cash: number;
  gift: number;
  validated: boolean;
}

/** Attendee n of the festival (its serial, code, name and ticket drawn in this order). */
export function makeAttendee(rng: Rng, n: number, seed: number, roles: SimRoles): Attendee {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  return {
    n,
    serial: `04${rng.hex(12).toUpperCase()}`,
    codeCheck: rng.hex(6).toUpperCase(),
    name: `${first} ${last}`,
    email: `${ascii(first)}.${ascii(last)}${n}@example.com`,
    ticket: `T${seed % 100}-${n.toString(36).toUpperCase().padStart(6, '0')}`,
    localizer: rng.hex(8).toUpperCase(),
    role: rng.chance(0.08) ? roles.vip : roles.general,
    cash: 0,
    gift: 0,
    validated: false,
  };
}
