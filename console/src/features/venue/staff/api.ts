import type {
  Staff,
  StaffImportResult,
  StaffImportRowInput,
  StaffListResult,
  StaffSaveInput,
} from '@pulsera/contracts';
import { ApiError, api } from '../../../lib/api';

export const staffKeys = {
  all: ['staff'] as const,
  list: () => [...staffKeys.all, 'list'] as const,
  /** The form's choices (the event's locations and rooms), filled by each list load. */
  options: () => [...staffKeys.all, 'options'] as const,
};

/** The save sends `{ staff: values }`, so the server names fields `staff.<field>`; the form knows `<field>`. */
async function unwrapFields<T>(send: Promise<T>): Promise<T> {
  try {
    return await send;
  } catch (e) {
    if (!(e instanceof ApiError) || !e.fields.length) throw e;
    throw new ApiError(
      e.status,
      e.code,
      e.description,
      e.fields.map((f) => ({ ...f, path: f.path.replace(/^staff\./, '') })),
      e.body,
    );
  }
}

export const listStaff = () => api.get<StaffListResult>('/staff');
export const saveStaff = (staff: StaffSaveInput) =>
  unwrapFields(api.post<Staff>('/staff', { staff }, { form: true }));
export const deleteStaff = (id: number) => api.delete<boolean>(`/staff/${id}`, { silent: true });

/**
 * POST /massive-import/staffs: all rows or none. Silent: the import screen shows the answer's error
 * and description in its own banner (02-catalogue §7).
 */
export const importStaff = (staff: StaffImportRowInput[]) =>
  api.post<StaffImportResult>('/massive-import/staffs', { staff }, { silent: true });
