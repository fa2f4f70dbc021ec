import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

/** Tells the host when the provider listens, and when it stops (an unmounted app, a test's cleanup). */
function Listening({ onChange }: { onChange: (listening: boolean) => void }) {
  // A sibling after the provider: its effects (the provider's event listeners) have run by now.
  useEffect(() => {
    onChange(true);
    return () => onChange(false);
  }, [onChange]);
  return null;
}

/**
 * Mantine's modals provider (Modal, ScrollArea, floating-ui, the focus trap): a chunk of its own that
 * `DialogsHost` mounts with the first dialog (issue 31, first load).
 */
export default function DialogsProvider({ onChange }: { onChange: (listening: boolean) => void }) {
  return (
    <>
      <ModalsProvider />
      <Listening onChange={onChange} />
    </>
  );
}
