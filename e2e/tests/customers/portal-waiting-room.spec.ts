import { type APIRequestContext, expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import { consoleHeaders } from '../terminals/terminal-helpers';

/**
 * The waiting room (Event › Online services, queue configuration) on a phone (360×740): the portal
 * loads the queue provider's two scripts and shows itself only once the provider's function lets
 * the attendee in. The provider is answered at its own https address as a queue provider's scripts
 * behave (a loader, then an admit function that resolves when the attendee's turn comes). Refused:
 * a provider that cannot be reached keeps the site closed and says so, with a way to try again.
 */
const LOADER = 'https://queue.example.net/loader.js';
const ADMIT = 'https://queue.example.net/admit.js';
const scripts = [
  { type: 'text/javascript', src: LOADER, function: 'FestQueue.load' },
  { type: 'text/javascript', src: ADMIT, function: 'FestQueue.admit' },
];

type Queue = { enabled: 0 | 1; scripts: typeof scripts };

/** Saves the event's queue as the console does (what GET answers, with the queue changed); answers the one it had. */
async function setQueue(request: APIRequestContext, headers: Record<string, string>, queue: Queue) {
  const cur = (await (await request.get('/api/event/online-services', { headers })).json()).result;
  const { eventId, images, siteUrl, siteBaseUrl, eventWindow, languages, recaptchaSecretSet, ...rest } = cur;
  const res = await request.put('/api/event/online-services', { headers, data: { ...rest, queue } });
  expect(res.status(), await res.text()).toBe(200);
  return cur.queue as Queue;
}

test('the portal waits in the queue provider’s waiting room, and says so when the provider is down', async ({
  page,
  browser,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  const headers = await consoleHeaders(page);
  // The demo's queue as it was, put back at the end: other tests see the event untouched.
  const before = await setQueue(page.request, headers, { enabled: 1, scripts });
  try {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    const attendee = await phone.newPage();
    let providerUp = false;
    await attendee.route('https://queue.example.net/**', (route) => {
      if (!providerUp) return route.abort('connectionrefused');
      const body =
        route.request().url() === LOADER
          ? 'window.FestQueue = { load() {} };'
          : 'window.FestQueue.admit = () => new Promise((turn) => { window.__yourTurn = turn; });';
      return route.fulfill({ contentType: 'text/javascript', body });
    });

    // The provider cannot be reached: the site stays closed and says why.
    await attendee.goto('/portal/sonora-2026');
    await expect(attendee.getByTestId('waiting-room')).toContainText(
      'The waiting room could not be reached, so the site cannot open yet.',
    );
    await expect(attendee.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

    // Reachable again: in the waiting room until the provider lets the attendee in.
    providerUp = true;
    await attendee.getByRole('button', { name: 'Try again' }).click();
    await expect(attendee.getByTestId('waiting-room')).toContainText('You are in the waiting room.');
    await expect
      .poll(() => attendee.evaluate(() => typeof (globalThis as { __yourTurn?: unknown }).__yourTurn))
      .toBe('function');
    await expect(attendee.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    await attendee.evaluate(() => (globalThis as unknown as { __yourTurn: () => void }).__yourTurn());
    await expect(attendee.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(attendee.getByTestId('waiting-room')).toHaveCount(0);
    await phone.close();
  } finally {
    await setQueue(page.request, headers, before);
  }
});
