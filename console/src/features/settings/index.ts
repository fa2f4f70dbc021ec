/** The console's settings domain seen from its other features: the only file of it they may import. */
export {
  currencyKeys,
  findProvinces,
  languageKeys,
  listCurrencies,
  listLanguages,
  listPromoters,
  promoterKeys,
  provinceKeys,
  searchTeams,
} from './api';
