import { notifications } from '@mantine/notifications';
import type { SelectedEvent, SessionUser } from '@pulsera/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modals } from '../components/dialogs-host';
import { ApiError } from './api';
import { handleApiError, installErrorHandler, setNavigator } from './error-dialogs';
import { session } from './session';

installErrorHandler();
const user: SessionUser = {
  id: 7,
  email: 'paula@promoter.test',
  name: 'Paula',
  mustChangePassword: false,
  neverChangedPassword: false,
  isAdmin: false,
  isSuperAdmin: false,
  isMegaAdmin: false,
  isUsersAdmin: false,
  otpEnabled: false,
} as SessionUser;
const event = { id: 3, nombre: 'Sonora Festival 2026', token: 'ev-token' } as unknown as SelectedEvent;
const failed = (status: number, code: number, sentToken: string | null) => {
  const e = new ApiError(status, code, 'refused');
  e.sentToken = sentToken;
  return e;
};
let went: string[] = [];
let texts: string[] = [];

beforeEach(() => {
  went = [];
  texts = [];
  setNavigator(
    (to) => went.push(to),
    () => '/admin/access/zones',
  );
  vi.spyOn(modals, 'open').mockImplementation((o) => {
    // The dialog's lines, as the user reads them; OK closes it (its onClose runs what follows).
    texts.push(JSON.stringify((o.children as { props: { children: unknown } }).props.children));
    o.onClose?.();
    return 'x';
  });
  vi.spyOn(notifications, 'show').mockImplementation((n) => {
    texts.push(String(n.message));
    return 'n';
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  session.signOut();
});

describe('a session signed in again (issue 27 item 10)', () => {
  it('an expired answer for the old session neither signs the new one out nor says "expired"', () => {
    session.signIn(user, 'new-token');
    handleApiError(failed(401, 440, 'old-token'), {});
    expect(session.get().token).toBe('new-token');
    expect(texts).toEqual([]);
    expect(went).toEqual([]);
    // The current session's own expiry still signs out, once.
    handleApiError(failed(401, 440, 'new-token'), {});
    expect(session.get().token).toBeNull();
    expect(texts).toEqual(['The session has expired']);
  });
});

describe('access removed while inside the event (issue 27 item 8)', () => {
  it('still some access: new trusts (the menu as it now is), one message, a screen they have', async () => {
    session.signIn(user, 'tok');
    session.selectEvent(event, 'old-trusts');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 0, result: { token: 'new-trusts', permissions: [15] } })),
    );
    await Promise.all([
      handleApiError(failed(403, 403, 'tok'), {}),
      handleApiError(failed(403, 403, 'tok'), {}),
    ]);
    expect(session.get().trusts).toBe('new-trusts');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Your access in Sonora Festival 2026 has changed');
    expect(went).toEqual(['/admin']);
  });

  it('no access left in the event: the event is cleared and the chooser opens, with the reason', async () => {
    session.signIn(user, 'tok');
    session.selectEvent(event, 'old-trusts');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 403, description: 'No access' }, { status: 403 })),
    );
    await handleApiError(failed(403, 403, 'tok'), {});
    expect(session.get().event).toBeNull();
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Your access to Sonora Festival 2026 was removed');
    expect(went).toEqual(['/admin/choose-event/active']);
  });
});
