import { Stack, TextInput } from '@mantine/core';
import { ROOM_NAME_MIN, type Room, RoomSave } from '@pulsera/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';
import {
  type ResourceDefinition,
  type ResourceFormProps,
  ResourceScreen,
} from '../../../components/resource/resource-screen';
import { createRoom, deleteRoom, listRooms, roomKeys, updateRoom, venueKeys } from '../api';

const P = 'venue.rooms';

/** The number a new room will get: the event's highest plus one (the server assigns it). */
const nextNumber = (rows: Room[]) => rows.reduce((max, r) => Math.max(max, r.idUniqueEvent), 0) + 1;

/**
 * admin/events/rooms (02-catalogue §2, §4, §5): id (the room's number in the event) and name. After a
 * save a fresh new room is prepared.
 */
const definition: ResourceDefinition<Room, RoomSave> = {
  prefix: P,
  queryKey: roomKeys.list(),
  invalidates: [venueKeys.all],
  load: listRooms,
  rowKey: (r) => r.id,
  columns: [{ key: 'idUniqueEvent', width: 90 }, { key: 'name' }],
  schema: RoomSave,
  empty: () => ({ name: '' }),
  toValues: (r) => ({ name: r.name }),
  save: (v, row) => (row ? updateRoom(row.id, v) : createRoom(v)),
  remove: (r) => deleteRoom(r.id),
  newAfterSave: true,
  matches: (r, text) => `${r.idUniqueEvent} ${r.name}`.toLowerCase().includes(text),
  Form: RoomFields,
};

function RoomFields({ row, rows }: ResourceFormProps<Room, RoomSave>) {
  const { t } = useTranslation();
  return (
    <Stack>
      <TextInput
        label={t(`${P}.fields.idUniqueEvent`)}
        value={String(row ? row.idUniqueEvent : nextNumber(rows))}
        readOnly
        description={row ? undefined : t(`${P}.nextNumber`)}
        data-testid="room-number"
      />
      <TextField<RoomSave>
        name="name"
        required
        maxLength={150}
        description={t(`${P}.nameHint`, { min: ROOM_NAME_MIN })}
      />
    </Stack>
  );
}

export default function RoomsPage() {
  return <ResourceScreen def={definition} />;
}
