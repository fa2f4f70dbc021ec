import type { Room, RoomSave } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { rooms } from '../../../core/db/schema';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import { listNames, nextUniqueNumber } from '../venue.shared';
import * as repo from './rooms.repo';

const toDto = (r: repo.RoomRow): Room => ({
  id: r.id,
  idUniqueEvent: r.idUniqueEvent,
  name: r.name,
  date_update: r.updatedAt.toISOString(),
});

export const listRooms = async (ctx: AppContext, eventId: number) =>
  (await repo.listRooms(ctx.db, eventId)).map(toDto);

/** POST /rooms {room}: the new room's number is the event's highest plus one (02-catalogue §4). */
export const createRoom = (ctx: AppContext, eventId: number, input: RoomSave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const idUniqueEvent = await nextUniqueNumber(tx, 'rooms', rooms, rooms.idUniqueEvent, eventId);
      return toDto(await repo.insertRoom(tx, { eventId, idUniqueEvent, name: input.name }));
    }),
  );

/** PATCH /rooms/{id} {room}: renames the room; its number stays. */
export const updateRoom = (ctx: AppContext, eventId: number, id: number, input: RoomSave) =>
  ctx.db.transaction(async (tx) => {
    if (!(await repo.findRoom(tx, eventId, id))) throw fail('notFound');
    return toDto(await repo.updateRoom(tx, eventId, id, input.name));
  });

/** DELETE /rooms/{id}: refused while a kitchen serves the room or staff chose it (naming them). */
export const deleteRoom = (ctx: AppContext, eventId: number, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findRoom(tx, eventId, id))) throw fail('notFound');
      if (await repo.roomUsedByKitchen(tx, eventId, id)) throw fail('roomUsedByKitchen');
      const staffNames = await repo.staffOfRoom(tx, eventId, id);
      if (staffNames.length) throw fail('roomUsedByStaff', { params: { names: listNames(staffNames) } });
      await repo.deleteRoom(tx, eventId, id);
      return true;
    }),
  );
