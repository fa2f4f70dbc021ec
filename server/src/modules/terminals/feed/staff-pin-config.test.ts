/**
 * The terminal's side of a staff PIN (issue 29): the device configuration carries the salted hash of
 * the PIN the console set, which the shared check accepts for that PIN alone; none when unset.
 */
import { staffPinMatches } from '@pulsera/contracts/terminals/staff-pin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { deviceToken } from './sync.test-helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the device configuration and staff PINs', () => {
  it('carries the hash a terminal checks a PIN against offline', async () => {
    const admin = await t.session('admin@demo.test');
    const save = (staff: Record<string, unknown>) =>
      t.call('POST', '/api/staff', { ...admin, body: { staff } });
    const withPin = (await save({ user: 'pin.pda', name: 'Pin Pda', trusts: 'C', pin: '4821' })).body.result;
    const without = (await save({ user: 'nopin.pda', name: 'No Pin', trusts: 'C' })).body.result;
    const token = await deviceToken(t, 'PIN-PDA-1', (await t.activeEvent()).id);
    const config = (await t.call('GET', '/api/device/config', { headers: { devicetoken: token } })).body
      .result;
    const find = (id: number) => config.staff.find((s: { id: number }) => s.id === id);
    expect(find(without.id).pin).toBeNull();
    const { pin } = find(withPin.id);
    expect(pin).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), salt: expect.any(String) });
    expect(await staffPinMatches('4821', pin)).toBe(true);
    expect(await staffPinMatches('1234', pin)).toBe(false);
  });
});
