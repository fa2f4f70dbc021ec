/** The rols list's cells: a tick and the rol's image. */
import { Image } from '@mantine/core';
import { ROL_IMAGE } from '@pulsera/contracts';
import { IconCheck, IconPhotoOff, IconX } from '@tabler/icons-react';

export const Tick = ({ on }: { on: boolean }) =>
  on ? <IconCheck size={16} color="teal" /> : <IconX size={16} color="gray" />;

/** The table shows the image 200 wide (02-catalogue §9). */
export const RolThumb = ({ url }: { url: string | undefined }) =>
  url ? (
    <Image src={url} w={ROL_IMAGE.displayWidth} fit="contain" radius="sm" alt="" />
  ) : (
    <IconPhotoOff size={20} color="gray" />
  );
