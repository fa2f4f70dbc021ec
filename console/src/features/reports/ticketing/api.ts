import type { ValidationDeleteResult } from '@pulsera/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { reportKeys } from '../../../components/reports/report-page';
import { api, queryString, withoutBlanks } from '../../../lib/api';
import { TAB_SHELLS } from '../../../lib/screen-paths';

/** The i18n prefix of the ticketing tabs. */
export const TK = 'reports.ticketing';

/** The ticketing tabs' calls (02-catalogue §7 Reports and Ticketing), loaded with `useReport`. */
export const TICKETING = {
  overviewTickets: '/reports/overviewTickets',
  overviewComplements: '/reports/overviewComplements',
  overviewPreRecharges: '/reports/overviewPreRecharges',
  timeValidation: '/reports/timeValidationTickets',
  search: '/reports/tickets/search',
  validations: '/ticketing/ticket-validations',
  byStaff: '/ticketing/tickets-by-staff',
  codes: '/ticketing/ticket-codes',
  manualRoles: '/ticketing/manual-roles',
  validation: '/ticketing/validation',
} as const;

/** The ticketing tab shell (02-catalogue §2): tickets, complements, online recharges, time, search, manual roles. */
export const TICKETING_TABS = TAB_SHELLS.ticketing.tabs;

/** A ticket rol's name, or its id when the rol is gone, or "no rol". */
export const rolName = (t: TFunction, idRol: number | null, rol: string | null) =>
  rol ?? (idRol === null ? t('reports.ticketing.noRol') : `#${idRol}`);

/** Every row of a paged list (the spreadsheet download takes them all). */
export const allRows = <T>(path: string, query: Record<string, unknown>) =>
  api.get<T>(`${path}${queryString({ ...withoutBlanks(query), disablePagination: 1, page: undefined })}`);

/** DELETE /ticketing/validation?id: the reports (and the search) reload. */
export function useDeleteValidation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<ValidationDeleteResult>(`${TICKETING.validation}${queryString({ id })}`),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
