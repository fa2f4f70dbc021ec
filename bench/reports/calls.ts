/**
 * The report calls the bench times: every GET route of the app under the report prefixes, a few
 * again with a filter that takes another path, and the query each is timed with.
 */
import { ORDER_ERRORS_PAGE_SIZE } from '@pulsera/contracts';
import type { buildApp } from '../../server/src/app';
import { DASHBOARD_URL } from './figures';
import type { Venue } from './venue';

/** The report calls: every GET route equal to one of these or under it. */
export const REPORT_PREFIXES = [
  '/api/reports',
  '/api/capacity',
  '/api/ticketing',
  '/api/filters',
  '/api/order-errors',
  '/api/addon/stats',
  '/api/controlPresence',
];

/** The app's report routes: every GET route equal to one of REPORT_PREFIXES or under it, sorted. */
export function reportRoutes(app: Awaited<ReturnType<typeof buildApp>>['app']) {
  return [
    ...new Set(
      app.routeAccess
        .filter(
          (r) => r.method === 'GET' && REPORT_PREFIXES.some((p) => r.url === p || r.url.startsWith(`${p}/`)),
        )
        .map((r) => r.url),
    ),
  ].sort();
}

/** The calls to time: every report route, then the variants below whose route the app has, labelled with their filter. */
export function reportTargets(routes: string[], v: Venue) {
  // Also timed with a filter that takes another path: the sales by staff and by location with an
  // article (raw lines), the metre sales of one kitchen, the add-on statistics of one add-on.
  const variants: { url: string; label: string; extra: Record<string, string> }[] = [
    {
      url: '/api/reports/main-order-staff',
      label: 'article filter',
      extra: { idArticle: `${v.articles[0]!.id}` },
    },
    {
      url: '/api/reports/mainOrderLocation',
      label: 'article filter',
      extra: { idArticle: `${v.articles[0]!.id}` },
    },
    {
      url: '/api/reports/sales/metre',
      label: 'kitchen filter',
      extra: { idKitchen: `${v.kitchenRooms[0]!.kitchen}` },
    },
    {
      url: '/api/reports/overviewAddonLog',
      label: 'add-on filter',
      extra: { idAddon: `${v.addons[0]!.id}` },
    },
  ];
  return [
    ...routes.map((url) => ({ route: url, label: url, extra: {} as Record<string, string> })),
    ...variants
      .filter((x) => routes.includes(x.url))
      .map((x) => ({ route: x.url, label: `${x.url} (${x.label})`, extra: x.extra })),
  ];
}

/** A call to time: its route, its label in the figures and the filter it is timed with. */
export type ReportTarget = ReturnType<typeof reportTargets>[number];

/**
 * What each call is timed with beyond the day window (`dateStart`, `dateEnd`): the parameters a call
 * reads under other names, or needs. The dashboard is timed over the whole event.
 */
export function queryOf(
  url: string,
  w: { start: string; end: string },
  v: Venue,
): { url: string; query: Record<string, string> } {
  const window = { dateStart: w.start, dateEnd: w.end };
  switch (url) {
    case DASHBOARD_URL:
      return { url, query: {} };
    case '/api/reports/online-top-ups':
      return { url, query: { dateFrom: w.start, dateTo: w.end, groupBy: 'hour' } };
    case '/api/reports/overviewTickets':
    case '/api/reports/overviewComplements':
      return { url, query: { datetime: w.end } };
    case '/api/capacity/zone':
      return { url, query: { date: w.end } };
    case '/api/reports/timeValidationTickets':
      return { url, query: { ...window, minutes: '15' } };
    case '/api/order-errors':
      // The screen's call: its first page of 30 and the total (the download asks for the whole list).
      return { url, query: { ...window, page: '1', paginationLimit: String(ORDER_ERRORS_PAGE_SIZE) } };
    case '/api/reports/tickets/search':
      return { url, query: { query: 'Guest 12' } };
    case '/api/filters':
    case '/api/controlPresence':
    case '/api/reports/overviewPreRecharges':
      return { url, query: {} };
    case '/api/controlPresence/:id':
      return { url: `/api/controlPresence/${v.staff.bar[0]}`, query: {} };
    default:
      return { url, query: window };
  }
}

/** The query string of a call. */
export const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();
