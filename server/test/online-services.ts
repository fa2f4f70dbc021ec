/** The event's online services as the console saves them, for the tests of the portal and its settings. */
import type { TestApp } from './helper';

type Session = Awaited<ReturnType<TestApp['session']>>;
export const ONLINE_SERVICES_URL = '/api/event/online-services';

/** The save body built from what GET answers (its read-only parts left out), with changes. */
export function onlineServicesBody(cur: Record<string, any>, changes: object = {}) {
  const {
    eventId: _e,
    images: _i,
    siteUrl: _s,
    siteBaseUrl: _b,
    eventWindow: _w,
    languages: _l,
    recaptchaSecretSet: _r,
    ...rest
  } = cur;
  return { ...rest, ...changes };
}

/** Saves the event's online services as the console does: what GET answers, with changes. */
export async function saveOnlineServices(t: TestApp, session: Session, changes: object) {
  const cur = (await t.call('GET', ONLINE_SERVICES_URL, session)).body.result;
  return t.call('PUT', ONLINE_SERVICES_URL, { ...session, body: onlineServicesBody(cur, changes) });
}
