import type {
  Currency,
  CurrencyConversion,
  CurrencySave,
  LanguageRow,
  LanguageSave,
  ListQuery,
  Promoter,
  PromoterSave,
  Province,
  ProvinceSave,
  Team,
  TeamListResult,
  TeamSave,
} from '@pulsera/contracts';
import type { z } from 'zod';
import { ApiError, api, withoutBlanks } from '../../lib/api';

/**
 * The global lists of admin/configuration (01-console §7). Saves send `{ <wrapper>: values }`, so the
 * server names field errors `<wrapper>.<field>`; the forms know them as `<field>`.
 */
async function unwrapFields<T>(wrapper: string, send: Promise<T>): Promise<T> {
  try {
    return await send;
  } catch (e) {
    if (!(e instanceof ApiError) || !e.fields.length) throw e;
    const prefix = `${wrapper}.`;
    throw new ApiError(
      e.status,
      e.code,
      e.description,
      e.fields.map((f) => ({ ...f, path: f.path.startsWith(prefix) ? f.path.slice(prefix.length) : f.path })),
      e.body,
    );
  }
}

// Currencies
export const currencyKeys = {
  all: ['currencies'] as const,
  list: () => [...currencyKeys.all, 'list'] as const,
  conversion: (iso: string) => [...currencyKeys.all, 'conversion', iso] as const,
};
export const listCurrencies = () => api.get<Currency[]>('/global/currencies');
export const saveCurrency = (currency: CurrencySave) =>
  unwrapFields('currency', api.post<Currency>('/global/currencies', { currency }, { form: true }));
export const deleteCurrency = (id: number) => api.delete<boolean>(`/global/currencies/${id}`);
export const currencyConversions = (iso: string) =>
  api.get<CurrencyConversion[]>(`/global/currencies/conversion/${encodeURIComponent(iso)}`);

// Languages
export const languageKeys = {
  all: ['languages'] as const,
  list: () => [...languageKeys.all, 'list'] as const,
};
export const listLanguages = () => api.get<LanguageRow[]>('/global/languages');
export const saveLanguage = (language: LanguageSave) =>
  unwrapFields('language', api.post<LanguageRow>('/global/languages', { language }, { form: true }));
export const deleteLanguage = (id: number) => api.delete<boolean>(`/global/languages/${id}`);

// Promoters (the API calls them promotors)
export const promoterKeys = {
  all: ['promoters'] as const,
  list: () => [...promoterKeys.all, 'list'] as const,
};
export const listPromoters = () => api.get<Promoter[]>('/global/promotors');
export const savePromoter = (promotor: PromoterSave) =>
  unwrapFields('promotor', api.post<Promoter>('/global/promotors', { promotor }, { form: true }));
export const deletePromoter = (id: number) => api.delete<boolean>(`/global/promotors/${id}`);

// Provinces
export const provinceKeys = {
  all: ['provinces'] as const,
  list: () => [...provinceKeys.all, 'list'] as const,
};
export const listProvinces = () => api.get<Province[]>('/provinces');
export const saveProvince = (province: ProvinceSave) =>
  unwrapFields('province', api.post<Province>('/provinces', { province }, { form: true }));
export const deleteProvince = (id: number) => api.delete<boolean>(`/provinces/${id}`);
/** The event form's typeahead: no loading indicator (01-console §7). */
export const findProvinces = (name: string) =>
  api.get<Province[]>('/provinces/find', { query: { name }, find: true });

// Teams
export const teamKeys = {
  all: ['teams'] as const,
  list: (q: z.input<typeof ListQuery> = {}) => [...teamKeys.all, 'list', q] as const,
};
export const listTeams = (q: z.input<typeof ListQuery> = {}) =>
  api.get<TeamListResult>('/backoffice/teams', { query: withoutBlanks(q) });
export const createTeam = (name: string) =>
  unwrapFields(
    'backofficeTeam',
    api.post<Team>('/backoffice/teams', { backofficeTeam: { name } }, { form: true }),
  );
export const updateTeam = (team: Required<TeamSave>) =>
  unwrapFields(
    'backofficeTeam',
    api.patch<Team>('/backoffice/teams', { backofficeTeam: team }, { form: true }),
  );
export const deleteTeam = (id: number) => api.delete<boolean>(`/backoffice/teams/${id}`);
/** The event form's typeahead: no loading indicator (01-console §7). */
export const searchTeams = (searchText: string) =>
  api.get<Team[]>('/search/teams', { query: { searchText }, find: true });
