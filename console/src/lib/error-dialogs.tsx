import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isAdminUser } from '@pulsera/contracts';
import { modals } from '../components/dialogs-host';
import { type ApiError, api, type RequestOptions, setErrorHandler } from './api';
import { i18n } from './i18n';
import { firstScreenPath } from './screen-paths';
import { session } from './session';

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);
let currentPath = () => window.location.pathname;
export const setNavigator = (n: Navigate, path: () => string) => {
  navigate = n;
  currentPath = path;
};

const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params as Record<string, string>);

/** One dialog at a time for the same failure (several queries failing together open one). */
let openKey: string | null = null;
export function errorDialog(title: string, lines: string[], after?: () => void) {
  const key = `${title}|${lines.join('|')}`;
  if (openKey === key) return;
  openKey = key;
  modals.open({
    title: <Text fw={700}>{title}</Text>,
    centered: true,
    onClose: () => {
      openKey = null;
      after?.();
    },
    children: (
      <Stack>
        {lines.filter(Boolean).map((l) => (
          <Text key={l}>{l}</Text>
        ))}
        <Group justify="flex-end">
          <Button onClick={() => modals.closeAll()} data-autofocus>
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

export const notifyError = (message: string) =>
  notifications.show({ color: 'red', message, autoClose: 6000 });

/** The generic handler of 01-console §8 and the session rules of §4. */
export function handleApiError(e: ApiError, options: RequestOptions) {
  if (e.isNetwork) return errorDialog(t('dialogs.error'), [t('dialogs.unknownError')]);
  if (e.isUnreadable) return errorDialog(t('dialogs.error'), [t('messages.errorInApi')]);
  // 532 (one-time code) is passed on silently to the sign-in form.
  if (e.code === 532) return;
  // The event trusts expired: clear them and send the user to choose the event again.
  if (e.code === 419) {
    session.clearTrusts();
    notifyError(t('errors.tokenEventTrustsExpired'));
    return navigate('/admin/choose-event');
  }
  // An answer for a session that is no longer the stored one (signed out, or signed in again since:
  // e.g. a password reset in another tab) says nothing about the current session.
  if (e.status === 401 && e.sentToken !== undefined && e.sentToken !== session.get().token) return;
  // 1006: the user was disabled or is past the inactive date while signed in.
  if (e.status === 401 && (e.code === 440 || e.code === 401 || e.code === 1006)) {
    session.signOut();
    notifyError(e.code === 440 ? t('errors.tokenExpired') : e.description);
    return navigate('/');
  }
  if (e.status === 401) {
    return errorDialog(t('dialogs.unauthorized'), [t('dialogs.errorCode', { code: e.code }), e.description]);
  }
  if (e.status === 403 && e.code === 418) {
    if (e.body.token) session.setToken(e.body.token);
    if (currentPath().startsWith('/auth/change-password')) return;
    notifyError(t('errors.passwordExpired'));
    return navigate('/auth/change-password');
  }
  // An administrator requires a one-time code the user has not set up yet.
  if (e.status === 403 && e.code === 3000) {
    notifyError(e.description);
    return navigate('/auth/one-time-code');
  }
  // People (3000-3099): refusals that say why (a user above the actor, one's own access, …).
  if (e.code >= 3000 && e.code < 3100) return errorDialog(t('dialogs.error'), [e.description]);
  if (e.status === 403) {
    const s = session.get();
    if (s.event && s.user && !isAdminUser(s.user)) return accessChanged();
    return errorDialog(t('dialogs.noAccessTitle'), [t('errors.forbidden')], () => navigate('/'));
  }
  // Field errors land on the form's fields (400 validation, and conflicts such as 1700 or 1706 that
  // name the field or row they concern): no dialog over the form.
  if (options.form && e.fields.length) return;
  if (e.status >= 500) return errorDialog(t('dialogs.internalTitle'), [t('dialogs.internalText')]);
  return errorDialog(t('dialogs.error'), [t('dialogs.errorCode', { code: e.code }), e.description]);
}

/**
 * A refusal inside the selected event (issue 27 item 8): the user's access may have been changed while
 * they work. The trusts are asked again (once, however many calls failed together): still some access
 * in the event stores the new trusts, so the menu shows what is now granted, and one message sends the
 * user to a screen they still have; none left clears the event and sends them to the chooser, which
 * says why it is empty.
 */
let checking: Promise<void> | null = null;
function accessChanged() {
  if (checking) return checking;
  const s = session.get();
  const event = s.event!;
  checking = api
    .get<{ token: string }>(`/event/trusts/${event.id}`, { silent: true })
    .then(
      ({ token }) => {
        session.selectEvent(event, token);
        errorDialog(t('dialogs.noAccessTitle'), [t('messages.accessChanged', { event: event.nombre })], () =>
          navigate(firstScreenPath(session.get())),
        );
      },
      () => {
        session.clearEvent();
        errorDialog(
          t('dialogs.noAccessTitle'),
          [t('messages.eventAccessRemoved', { event: event.nombre })],
          () => navigate('/admin/choose-event/active'),
        );
      },
    )
    .finally(() => {
      checking = null;
    });
  return checking;
}

export const installErrorHandler = () => setErrorHandler(handleApiError);
