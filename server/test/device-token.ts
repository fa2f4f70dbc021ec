/** A terminal of the test's event, registered and signed in: the headers its device calls carry. */
import { registerDevice } from '../src/modules/terminals/feed/device.service';
import type { TestApp } from './helper';

export async function deviceHeaders(
  t: TestApp,
  eventId: number,
  serial: string,
  type: Parameters<typeof registerDevice>[1]['type'] = 'ACCESS_TOTEM',
): Promise<{ devicetoken: string }> {
  const secretKey = 'device-secret-0123456789';
  await registerDevice(t.database.db, { n_serie: serial, idEvent: eventId, secretKey, type });
  const auth = await t.call('POST', '/api/device/auth', { body: { serial, secretKey } });
  return { devicetoken: auth.body.result.token as string };
}
