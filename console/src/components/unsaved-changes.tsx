import { useBlocker } from '@tanstack/react-router';
import { useEffect } from 'react';
import { confirmExit } from './dialogs';

/**
 * Blocks leaving the route (and warns when closing the page) while there are unsaved changes;
 * the exit confirmation of 01-console §8 decides.
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  useEffect(() => {
    if (blocker.status !== 'blocked') return;
    void confirmExit().then((yes) => (yes ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
}
