import { afterEach, describe, expect, it } from 'vitest';
import { applyBanList, bannedOnTerminals } from './bans';
import { TerminalDb } from './db';

const db = new TerminalDb('bans-test');
afterEach(() => db.delete().then(() => db.open()));

const ban = (nSerie: string, banAndroid: 0 | 1, banTopUps: 0 | 1 = 0) => ({
  nSerie,
  codeCheck: null,
  banAndroid,
  banTopUps,
});

describe('the ban list held for offline use', () => {
  it('takes the whole list, then changes: a lifted ban frees the wristband', async () => {
    await applyBanList(db, {
      version: 3,
      full: true,
      bans: [ban('04AA000000000A', 1), ban('04BB000000000B', 0, 1)],
    });
    expect(await bannedOnTerminals(db, '04AA000000000A')).toBe(true);
    expect(await bannedOnTerminals(db, '04BB000000000B')).toBe(false);
    expect(await db.get('banListVersion')).toBe(3);

    await applyBanList(db, {
      version: 5,
      full: false,
      bans: [ban('04AA000000000A', 0), ban('04cc000000000c', 1)],
    });
    expect(await bannedOnTerminals(db, '04AA000000000A')).toBe(false);
    expect(await bannedOnTerminals(db, '04CC000000000C')).toBe(true);
    expect(await db.bans.count()).toBe(2);

    await applyBanList(db, { version: 9, full: true, bans: [] });
    expect(await db.bans.count()).toBe(0);
    expect(await db.get('banListVersion')).toBe(9);
  });
});
