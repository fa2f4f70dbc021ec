import { describe, expect, it } from 'vitest';
import { type ReportFilter, toQuery } from './use-report-filter';

const empty: ReportFilter = {
  dateFilter: null,
  dateFilterBound: null,
  dateFilterStart: null,
  dateFilterEnd: null,
  idLocationFilter: null,
  idStaffFilter: null,
  isInternFilter: null,
  idArticleFilter: null,
  idRolFilter: null,
  idDeviceFilter: null,
  idKitchenFilter: null,
  idRoomFilter: null,
  idAddonFilter: null,
};

describe('the report filter bar’s query', () => {
  it('sends nothing for "All"', () => {
    expect(toQuery(empty, ['day', 'location'])).toEqual({});
  });

  it('sends a chosen day as its shifted window and the chosen ids', () => {
    const q = toQuery(
      {
        ...empty,
        dateFilter: '2026-06-12',
        dateFilterBound: { start: '2026-06-12T04:00:00.000Z', end: '2026-06-13T04:00:00.000Z' },
        idLocationFilter: 3,
        isInternFilter: 0,
      },
      ['day', 'location', 'intern'],
    );
    expect(q).toEqual({
      dateStart: '2026-06-12T04:00:00.000Z',
      dateEnd: '2026-06-13T04:00:00.000Z',
      idLocation: 3,
      isIntern: 0,
    });
  });

  it('does not filter by a start date alone while the end date is offered', () => {
    const start = { ...empty, dateFilterStart: '2026-06-12T10:00:00.000Z' };
    expect(toQuery(start, ['dates'])).toEqual({});
    const both = { ...start, dateFilterEnd: '2026-06-12T18:00:00.000Z' };
    expect(toQuery(both, ['dates'])).toEqual({
      dateStart: '2026-06-12T10:00:00.000Z',
      dateEnd: '2026-06-12T18:00:00.000Z',
    });
  });

  it('sends no window while the end is not after the start', () => {
    const wrong = {
      ...empty,
      dateFilterStart: '2026-06-12T18:00:00.000Z',
      dateFilterEnd: '2026-06-12T10:00:00.000Z',
    };
    expect(toQuery(wrong, ['dates'], true)).toEqual({});
  });
});
