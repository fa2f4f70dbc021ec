import type { CapacityEventResult } from '@pulsera/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportKeys } from '../../../components/reports/report-page';
import { api } from '../../../lib/api';
import { eventKeys } from '../../events';

/** The capacities report's calls (01-console §7 Capacity). */
export const CAPACITY = {
  zone: '/capacity/zone',
  log: '/capacity/log',
  event: '/capacity/event',
} as const;

export const capacityKeys = {
  all: ['capacity'] as const,
  toggle: () => ['capacity', 'toggle'] as const,
};

/** Whether the event's realtime capacity log is on (the real-time tab shows only then). */
export const useCapacityToggle = () =>
  useQuery({
    queryKey: capacityKeys.toggle(),
    queryFn: () => api.get<CapacityEventResult>(CAPACITY.event),
  });

/**
 * Switches the log. The toggle is a field of the event too: the event's queries are refreshed, and
 * the reports' (switched on, the current slot is logged at once).
 */
export function useSaveCapacityToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (capacityLog: 0 | 1) =>
      api.post<CapacityEventResult>(CAPACITY.event, { featureToggle: { capacityLog } }),
    onSuccess: (result) => {
      client.setQueryData(capacityKeys.toggle(), result);
      void client.invalidateQueries({ queryKey: eventKeys.all });
      void client.invalidateQueries({ queryKey: reportKeys.all });
    },
  });
}
