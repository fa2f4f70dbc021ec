import { IconCheck, IconX } from '@tabler/icons-react';

/** A boolean column: a tick or a cross. */
export const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;
