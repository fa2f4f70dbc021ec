import type { OnlineServices, OnlineServicesSave } from '@pulsera/contracts';
import { api } from '../../../lib/api';
import { eventKeys } from '../events/api';

/**
 * The event's online services (01-console §2 admin/events/onlineServices). Under the events' key:
 * saving changes the chooser's online-services address.
 */
export const onlineServicesKeys = {
  all: [...eventKeys.all, 'online-services'] as const,
  detail: () => [...eventKeys.all, 'online-services', 'detail'] as const,
};

export const loadOnlineServices = () => api.get<OnlineServices>('/event/online-services');
export const saveOnlineServices = (body: OnlineServicesSave) =>
  api.put<OnlineServices>('/event/online-services', body, { form: true });
