import type { Ad, AdSave } from '@pulsera/contracts';
import type { z } from 'zod';
import { ApiError, api } from '../../../lib/api';

export const adKeys = {
  all: ['ads'] as const,
  list: () => [...adKeys.all, 'list'] as const,
};

/** The save sends `{ ad: values }`, so the server names fields `ad.<field>`; the form knows `<field>`. */
async function unwrapFields<T>(send: Promise<T>): Promise<T> {
  try {
    return await send;
  } catch (e) {
    if (!(e instanceof ApiError) || !e.fields.length) throw e;
    throw new ApiError(
      e.status,
      e.code,
      e.description,
      e.fields.map((f) => ({ ...f, path: f.path.replace(/^ad\./, '') })),
      e.body,
    );
  }
}

/** Times come in the event's time zone (the server converts them from UTC). */
export const listAds = () => api.get<Ad[]>('/ads');
/** The result is the ad's id. */
export const saveAd = (ad: z.input<typeof AdSave>) =>
  unwrapFields(api.post<number>('/ads', { ad }, { form: true }));
export const deleteAd = (id: number) => api.delete<boolean>(`/ads/${id}`);
/** `PUT` attaches an uploaded image, `PUT …/delete` removes it (with adId). */
export const AD_IMAGE_PATH = '/ads/kiosk/image';
