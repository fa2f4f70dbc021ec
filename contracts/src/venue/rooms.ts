import { z } from 'zod';

/** 02-catalogue §2 Rooms, §3 Room, §4 (id = highest + 1, fresh room after save), §5, §9. */
export const ROOM_NAME_MIN = 3;

export const Room = z.object({
  id: z.number().int(),
  /** The room's number, unique within the event: the highest existing one plus one. */
  idUniqueEvent: z.number().int(),
  name: z.string(),
  date_update: z.string(),
});
export type Room = z.infer<typeof Room>;

export const RoomSave = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .min(ROOM_NAME_MIN, { error: `validation.minLength|{"minLength":${ROOM_NAME_MIN}}` })
    .max(150),
});
export type RoomSave = z.infer<typeof RoomSave>;
/** POST /rooms {room} and PATCH /rooms/{id} {room}. */
export const RoomSaveRequest = z.object({ room: RoomSave });
