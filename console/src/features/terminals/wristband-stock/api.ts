import type {
  StockControlImpact,
  StockImportResult,
  StockSearchQuery,
  StockWristband,
  WristbandLot,
} from '@pulsera/contracts';
import { api, withoutBlanks } from '../../../lib/api';

export const stockKeys = {
  all: ['wristband-stock'] as const,
  lots: () => [...stockKeys.all, 'lots'] as const,
  control: () => [...stockKeys.all, 'stock-control'] as const,
  search: (q: Partial<StockSearchQuery>) => [...stockKeys.all, 'search', q] as const,
};

/** The lot file travels as its bytes; dryRun reads and checks it without writing. */
export const importLot = (lot: string, file: File, dryRun: boolean) =>
  api.post<StockImportResult>('/wristband-stock/import', undefined, {
    query: { lot, dryRun: dryRun ? 1 : undefined },
    bytes: file,
  });
export const listLots = () => api.get<WristbandLot[]>('/wristband-stock/lots');
export const assignLot = (id: number, eventId: number | null) =>
  api.post<WristbandLot>(`/wristband-stock/lots/${id}/assign`, { eventId });
export const searchStock = (q: { search?: string; page: number; paginationLimit: number }) =>
  api.get<{ wristbands: StockWristband[]; total: number }>('/wristband-stock/wristbands', {
    query: withoutBlanks(q),
  });
export const stockControlEvents = () =>
  api.get<{ eventId: number; eventName: string }[]>('/wristband-stock/stock-control');
export const setStockControl = (eventId: number, required: 0 | 1) =>
  api.post<{ eventId: number; eventName: string }[]>('/wristband-stock/stock-control', { eventId, required });
export const stockControlImpact = (eventId: number) =>
  api.get<StockControlImpact>('/wristband-stock/stock-control/impact', { query: { eventId } });
