/** What the terminal's browser tests share: the console's headers, the event's QR, the installed app. */
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import { openActiveEvent } from '../helpers';

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as string, key);

/** The headers of the console session open in `page`. */
export const consoleHeaders = async (page: Page): Promise<Record<string, string>> => {
  const trusts = await stored(page, 'pulsera.trusts');
  return {
    token: await stored(page, 'pulsera.token'),
    tokenevent: await stored(page, 'pulsera.eventToken'),
    ...(trusts ? { tokentrusts: trusts } : {}),
  };
};

/** A device configuration QR of the event open in the console. */
export async function eventQr(page: Page) {
  const res = await page.request.post('/api/event/generateQr', {
    headers: await consoleHeaders(page),
    data: { qrExpiration: 30, authExpiration: 24 },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).result as string;
}

/** Waits until the service worker controls the terminal's page, so it loads with no network. */
export const installed = (terminal: Page) =>
  terminal.waitForFunction(
    () =>
      (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator
        .serviceWorker.controller !== null,
    undefined,
    { timeout: 30_000 },
  );

/**
 * The texts the terminal's browser tests read in each of its languages (as in terminal/src/locales),
 * with the browser locale that chooses that language: the location picker's heading, the staff
 * sign-in's, the signed-in staff line's start and a gate's button's start.
 */
export const TERMINAL_LANGUAGES = {
  en: {
    locale: 'en-GB',
    where: 'Where does this terminal sell?',
    signIn: 'Staff sign-in',
    staff: 'Staff: ',
    gate: 'Gate: ',
  },
  es: {
    locale: 'es-ES',
    where: '¿Dónde vende este terminal?',
    signIn: 'Acceso del personal',
    staff: 'Personal: ',
    gate: 'Puerta: ',
  },
  it: {
    locale: 'it-IT',
    where: 'Dove vende questo terminale?',
    signIn: 'Accesso del personale',
    staff: 'Personale: ',
    gate: 'Varco: ',
  },
  fr: {
    locale: 'fr-FR',
    where: 'Où ce terminal vend-il ?',
    signIn: 'Connexion du personnel',
    staff: 'Personnel : ',
    gate: 'Porte : ',
  },
};
export type TerminalLanguage = (typeof TERMINAL_LANGUAGES)['en'];

interface GateConfig {
  gates: { id: number; name: string; locationId: number | null }[];
  staff: { name: string; active: boolean; rfid: string | null; locationIds: number[] | null }[];
}

/**
 * A phone (360×740) set up at the event's gate named `gateName` (the demo's North gate unless told)
 * with a staff member signed in, beside a device token (`headers`, serial `serial`) for the test's own
 * lookups. `tap` reads a wristband and gives the gate's answer. The phone's browser speaks `lang`
 * (English unless told).
 */
export async function openGate(
  page: Page,
  browser: Browser,
  serial: string,
  lang: TerminalLanguage = TERMINAL_LANGUAGES.en,
  gateName = 'North gate',
) {
  const qr = await eventQr(page);
  const redeemed = await page.request.post('/api/device/redeem', { data: { qr, serial } });
  const headers = { devicetoken: (await redeemed.json()).result.token as string };
  const config = (await (await page.request.get('/api/device/config', { headers })).json())
    .result as GateConfig;
  const gate = config.gates.find((g) => g.name === gateName)!;
  const guard = config.staff.find(
    (s) => s.active && s.rfid && (s.locationIds === null || s.locationIds.includes(gate.locationId!)),
  )!;
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: lang.locale });
  const terminal = await phone.newPage();
  const tap = async (rfid: string) => {
    await terminal.getByTestId('reader-serial').fill(rfid);
    await terminal.getByTestId('reader-read').click();
    return terminal.getByTestId('gate-answer');
  };
  await terminal.goto('/terminal/');
  await terminal.getByTestId('provision-qr').fill(qr);
  await terminal.getByTestId('provision-submit').click();
  await expect(terminal.getByRole('heading', { name: lang.where })).toBeVisible();
  await terminal.getByRole('button', { name: `${lang.gate}${gateName}`, exact: true }).click();
  await expect(terminal.getByRole('heading', { name: lang.signIn })).toBeVisible();
  await tap(guard.rfid!);
  await expect(terminal.getByTestId('signed-in')).toHaveText(`${lang.staff}${guard.name}`);
  await expect(terminal.getByTestId('gate-name')).toHaveText(gateName);
  await installed(terminal);
  return { headers, phone, terminal, tap };
}

/** How many tickets of the event's list the terminal holds (its IndexedDB), to validate offline. */
export const ticketsHeld = (terminal: Page) =>
  terminal.evaluate<number>(`new Promise((done) => {
    const open = indexedDB.open('pulsera-terminal');
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('ticketBuckets')) { db.close(); return done(0); }
      const all = db.transaction('ticketBuckets').objectStore('ticketBuckets').getAll();
      all.onsuccess = () => {
        db.close();
        done(all.result.reduce((n, bucket) => n + bucket.tickets.length, 0));
      };
    };
  })`);

/** What the tests read of a device configuration. */
export type DeviceConfig = {
  locations: { id: number; name: string; active: boolean; activities: string[] }[];
  articles: { id: number; name: string }[];
  menus: {
    location: number;
    items: { id: number; name: string; price: number }[];
    sticks: { parent: number; child: number; quantity: number }[];
  }[];
  packs: { id: number; name: string; price: number; locationIds: number[] }[];
  staff: { id: number; name: string; rfid: string | null; active: boolean; locationIds: number[] | null }[];
};

/** A kiosk of the event, through the device API: loads wristbands and reads them back. */
export async function deviceDesk(request: APIRequestContext, qr: string, serial: string) {
  const res = await request.post('/api/device/redeem', { data: { qr, serial } });
  expect(res.status()).toBe(200);
  const headers = { devicetoken: (await res.json()).result.token as string };
  return {
    config: async () =>
      (await (await request.get('/api/device/config', { headers })).json()).result as DeviceConfig,
    topUp: async (rfid: string, amount: number) => {
      const r = await request.post('/api/device/sync', {
        headers,
        data: {
          operations: [
            {
              kind: 'topup',
              id: crypto.randomUUID(),
              deviceTime: new Date().toISOString(),
              rfid,
              type: 'N',
              paymentType: 'S',
              amount,
              money: amount,
            },
          ],
        },
      });
      expect((await r.json()).result.accepted).toHaveLength(1);
    },
    band: async (rfid: string) =>
      (await (await request.get(`/api/device/wristband/${rfid}`, { headers })).json()).result as {
        cash: number;
        gift: number;
        topUps: number;
      },
  };
}

/**
 * A phone (or, with its viewport, a tablet) terminal set up with the QR, at the location named, with a
 * staff member who may work there; its browser speaks `lang` (English unless told).
 */
export async function phoneTerminal(
  browser: Browser,
  qr: string,
  config: DeviceConfig,
  locationId: number,
  viewport = { width: 360, height: 740 },
  lang: TerminalLanguage = TERMINAL_LANGUAGES.en,
) {
  const phone = await browser.newContext({ viewport, locale: lang.locale });
  const terminal = await phone.newPage();
  await terminal.goto('/terminal/');
  await terminal.getByTestId('provision-qr').fill(qr);
  await terminal.getByTestId('provision-submit').click();
  const place = config.locations.find((l) => l.id === locationId)!;
  await expect(terminal.getByRole('heading', { name: lang.where })).toBeVisible();
  await terminal.getByRole('button', { name: place.name, exact: true }).click();
  await expect(terminal.getByRole('heading', { name: lang.signIn })).toBeVisible();
  const member = config.staff.find(
    (s) => s.active && s.rfid && (s.locationIds === null || s.locationIds.includes(locationId)),
  )!;
  await terminal.getByTestId('reader-serial').fill(member.rfid!);
  await terminal.getByTestId('reader-read').click();
  await expect(terminal.getByTestId('signed-in')).toHaveText(`${lang.staff}${member.name}`);
  return { phone, terminal, member };
}

/** A wristband read by the test reader. */
export const tap = async (terminal: Page, serial: string) => {
  await terminal.getByTestId('reader-serial').fill(serial);
  await terminal.getByTestId('reader-read').click();
};

/**
 * A wristband read by a USB keyboard-wedge reader: it types the serial where the focused field's
 * caret is, after whatever the field holds, and ends with Enter.
 */
export const wedge = async (terminal: Page, serial: string) => {
  await terminal.getByTestId('reader-serial').focus();
  await terminal.keyboard.press('End');
  await terminal.keyboard.type(serial);
  await terminal.keyboard.press('Enter');
};

/**
 * A keyboard-wedge reader as it is: it cannot choose a field, it types into whatever has the focus
 * (nothing, when no field has it) and ends with Enter.
 */
export const wedgeIntoFocus = async (terminal: Page, serial: string) => {
  await terminal.keyboard.type(serial);
  await terminal.keyboard.press('Enter');
};

/** The event's first active bar with a menu, and that menu's items. */
export function barOf(config: DeviceConfig) {
  const bar = config.locations.find(
    (l) =>
      l.active &&
      l.activities.includes('V') &&
      config.menus.some((m) => m.location === l.id && m.items.length),
  )!;
  return { bar, items: config.menus.find((m) => m.location === bar.id)!.items };
}

/**
 * The console open on the active demo event (as admin), its configuration QR, and a terminal of it
 * redeemed through the API (`serial`) with the configuration it loads.
 */
export async function activeEventDesk(page: Page, serial: string) {
  await openActiveEvent(page, 'admin@demo.test');
  const qr = await eventQr(page);
  const kiosk = await deviceDesk(page.request, qr, serial);
  return { qr, kiosk, config: await kiosk.config() };
}

/**
 * What of the terminal's screen does not fit its width (a phone's 360 px): each element that reaches
 * past the window's right edge or whose text runs past its own box, by its start of text. Empty when
 * everything fits.
 */
export const overflowing = (terminal: Page) =>
  terminal.evaluate<string[]>(`[...document.querySelectorAll('main, main *')]
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 || el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.tagName + ': ' + (el.textContent ?? '').slice(0, 40))`);

/** The room between two elements' boxes (px; negative when they overlap), across or down. */
export async function spaceBetween(a: Locator, b: Locator) {
  // Both boxes read in one frame: read one after the other, a layout shift between the two reads
  // (the status bar's text changing as the operation is sent) would move one and not the other.
  const other = await b.elementHandle();
  return a.evaluate((el, o) => {
    const p = el.getBoundingClientRect();
    const q = (o as typeof el).getBoundingClientRect();
    const across = Math.max(q.left - p.right, p.left - q.right);
    const down = Math.max(q.top - p.bottom, p.top - q.bottom);
    return Math.max(across, down);
  }, other);
}
