import type { BannedWristband, BanReach, BanRequest } from '@pulsera/contracts';
import { api } from '../../../lib/api';

export const bannedKeys = {
  all: ['banned-wristbands'] as const,
  list: () => [...bannedKeys.all, 'list'] as const,
};

export const listBanned = () => api.get<BannedWristband[]>('/rfids/banned');
export const ban = (body: BanRequest) => api.post<BannedWristband>('/rfids/ban', body, { form: true });

/** Each ban's reach: how many active terminals of the event (or of every event) hold it. */
export const banReach = (idEvent: number | undefined) =>
  api.get<BanReach[]>('/rfids/banned/reach', { query: idEvent ? { idEvent } : {} });
