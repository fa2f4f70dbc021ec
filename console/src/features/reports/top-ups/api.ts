import { TAB_SHELLS } from '../../../lib/screen-paths';

/**
 * The money reports' calls (02-catalogue §7 Reports): the recharge tabs, the bonuses and the
 * wristbands. Each is loaded with `useReport` (query key family ['reports']).
 */
export const MONEY_REPORTS = {
  overview: '/reports/mainRecharges',
  cashboxes: '/reports/cashboxes',
  locations: '/reports/mainRechargesLocation',
  online: '/reports/online-top-ups',
  automaticBonuses: '/reports/mainRechargesBonus',
  manualBonuses: '/reports/manualBonuses',
  wristbands: '/reports/wristbands',
  wristbandsPerDay: '/reports/wristbandsPerDay',
} as const;

/** The recharge reports tab shell (01-console §2): overview, cashboxes, locations, online. */
export const TOP_UP_TABS = TAB_SHELLS.topUps.tabs;
