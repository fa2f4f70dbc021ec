import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useRef } from 'react';

const NoticesContainer = lazy(() =>
  import('./notices-container').then((m) => ({ default: m.NoticesContainer })),
);

/**
 * Where notices show. The container is fetched with the first notice (`notifications.show` fills the
 * store at once; the container shows what the store holds when it arrives), so the sign-in page and
 * the first screen do not carry it (issue 31, first load).
 */
export function NoticesHost() {
  const { notifications, queue } = useNotifications(notificationsStore);
  const needed = useRef(false);
  if (notifications.length + queue.length > 0) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <NoticesContainer />
    </Suspense>
  );
}
