import { Image } from '@mantine/core';
import { IconCheck, IconPhotoOff, IconX } from '@tabler/icons-react';

/** The catalogue's block of screen texts. */
export const C = 'catalogue';

export const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

/** The small image of an article in a table. */
export function Thumb({ url }: { url: string | null | undefined }) {
  return url ? (
    <Image src={url} h={36} w={36} fit="cover" radius="sm" alt="" />
  ) : (
    <IconPhotoOff size={20} color="gray" />
  );
}

/** A random id for a new suggested comment. */
export const newUuid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (ch) => {
        const r = (Math.random() * 16) | 0;
        return (ch === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });
