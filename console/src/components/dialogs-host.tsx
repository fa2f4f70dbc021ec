import { randomId } from '@mantine/hooks';
import { modals as mantineModals } from '@mantine/modals';
import { lazy, Suspense, useSyncExternalStore } from 'react';

const DialogsProvider = lazy(() => import('./dialogs-provider'));

type Modals = typeof mantineModals;
type Call = (m: Modals) => void;

/**
 * Dialogs load on first use (issue 31, first load): the sign-in page and the first admin screen do
 * not carry Mantine's modals provider. `modals` has the calls of Mantine's `modals` that the console
 * uses; until the provider listens, they wait in order and the first one mounts it. An `open` answers
 * its id at once (the id is chosen here), so `close(id)` works whether or not the dialog showed yet.
 */
let listening = false;
let wanted = false;
const waiting: Call[] = [];
const watchers = new Set<() => void>();

function run(call: Call) {
  if (listening) return call(mantineModals);
  waiting.push(call);
  if (!wanted) {
    wanted = true;
    for (const w of watchers) w();
  }
}

function setListening(now: boolean) {
  listening = now;
  if (now) for (const call of waiting.splice(0)) call(mantineModals);
}

export const modals = {
  open(payload: Parameters<Modals['open']>[0]): string {
    const modalId = payload.modalId ?? randomId();
    run((m) => m.open({ ...payload, modalId }));
    return modalId;
  },
  openConfirmModal(payload: Parameters<Modals['openConfirmModal']>[0]): string {
    const modalId = payload.modalId ?? randomId();
    run((m) => m.openConfirmModal({ ...payload, modalId }));
    return modalId;
  },
  // Nothing to close before a first dialog was asked for.
  close(id: string) {
    if (wanted) run((m) => m.close(id));
  },
  closeAll() {
    if (wanted) run((m) => m.closeAll());
  },
};

const subscribe = (watcher: () => void) => {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
};

/** Where dialogs show: nothing until the first dialog is asked for, then Mantine's modals provider. */
export function DialogsHost() {
  const needed = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <DialogsProvider onChange={setListening} />
    </Suspense>
  );
}
