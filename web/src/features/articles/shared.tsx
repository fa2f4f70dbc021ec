import { Image } from '@mantine/core';
import { IconCheck, IconPhotoOff, IconX } from '@tabler/icons-react';
import { type CurrencyView, centsToDisplay, decimalsOf } from '../../lib/money';

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

/** Decimals an amount of the display currency is typed with. */
export const displayDecimals = (c: CurrencyView) => Math.max(2, decimalsOf(c.fraction));

/** Cents of the financial currency → the amount typed in the display currency (no float noise). */
export const centsToInput = (cents: number, c: CurrencyView) =>
  Number(centsToDisplay(cents, c).toFixed(displayDecimals(c) + 2));

/** A random id for a new suggested comment. */
export const newUuid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (ch) => {
        const r = (Math.random() * 16) | 0;
        return (ch === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });
