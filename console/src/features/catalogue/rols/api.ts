import type { RolSave, RolsResult } from '@pulsera/contracts';
import type { z } from 'zod';
import { ApiError, api } from '../../../lib/api';

/** The calls of the ticket roles (02-catalogue §7 Roles). */
export const rolKeys = {
  all: ['rols'] as const,
  list: () => [...rolKeys.all, 'list'] as const,
};

/** `POST /rols {rol}` answers field errors named `rol.<field>`; the form knows them as `<field>`. */
async function unwrapFields<T>(send: Promise<T>): Promise<T> {
  try {
    return await send;
  } catch (e) {
    if (!(e instanceof ApiError) || !e.fields.length) throw e;
    throw new ApiError(
      e.status,
      e.code,
      e.description,
      e.fields.map((f) => ({ ...f, path: f.path.startsWith('rol.') ? f.path.slice(4) : f.path })),
      e.body,
    );
  }
}

export const listRols = () => api.get<RolsResult>('/rols');
/** Answers the rol's id. */
export const saveRol = (rol: z.input<typeof RolSave>) =>
  unwrapFields(api.post<number>('/rols', { rol }, { form: true }));
export const deleteRol = (id: number) => api.delete<boolean>(`/rols/${id}`);
/** `PUT` attaches an uploaded image, `PUT …/delete` removes it (with rolId). */
export const ROL_IMAGE_PATH = '/rols/image';
