import { Notifications } from '@mantine/notifications';

/** Mantine's notices container (and its transitions), a chunk of its own: see notices-host.tsx. */
export function NoticesContainer() {
  // Bottom right: notices never cover the header (language selector, user menu).
  return <Notifications position="bottom-right" />;
}
