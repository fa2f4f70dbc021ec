import { describe, expect, it } from 'vitest';
import { MAX_ROLES } from '../constants';
import { issueMessage } from '../validation';
import { canCreateRol, chosenCategory, RolForm, RolSave, rolCategories, rolWarnings } from './rols';

const messages = (r: { success: boolean; error?: { issues: Parameters<typeof issueMessage>[0][] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${issueMessage(i)}`);

const form = (over: Partial<RolForm> = {}): RolForm => ({
  name: 'VIP',
  categoryMode: 'any',
  categoryExisting: null,
  categoryNew: '',
  price: 0,
  amountBonus: 0,
  tagRequired: 1,
  allLocations: true,
  locationsAvailable: [],
  allPreTopUpLocations: true,
  preTopUpLocationsAvailable: [],
  idsTimeRange: [],
  rolesAccess: [],
  idAddons: [],
  articles: [],
  ...over,
});

describe('the rol form (02-catalogue §5)', () => {
  it('requires the name and the price, at least 0', () => {
    expect(messages(RolForm.safeParse(form({ name: ' ', price: null as never })))).toEqual([
      'name: validation.required',
      'price: validation.required',
    ]);
    expect(messages(RolForm.safeParse(form({ price: -1 })))).toEqual(['price: validation.min|{"min":0}']);
    expect(RolForm.safeParse(form()).success).toBe(true);
  });

  it('requires the new category text when the new option is chosen, and a choice for existing', () => {
    expect(messages(RolForm.safeParse(form({ categoryMode: 'new', categoryNew: '  ' })))).toEqual([
      'categoryNew: validation.required',
    ]);
    expect(messages(RolForm.safeParse(form({ categoryMode: 'existing' })))).toEqual([
      'categoryExisting: validation.required',
    ]);
    expect(RolForm.safeParse(form({ categoryMode: 'new', categoryNew: 'Premium' })).success).toBe(true);
  });

  it('refuses repeated time ranges, access pairs, add-ons and articles (configAlreadyInserted)', () => {
    const res = RolForm.safeParse(
      form({
        idsTimeRange: [1, 2, 1],
        rolesAccess: [
          { idZone: 5, idTimeRange: 1, nAccess: -1 },
          { idZone: 5, idTimeRange: 2, nAccess: -1 },
          { idZone: 5, idTimeRange: 1, nAccess: 3 },
        ],
        idAddons: [9, 9],
        articles: [
          { idArticle: 4, quantity: 1 },
          { idArticle: 4, quantity: 2 },
        ],
      }),
    );
    expect(messages(res)).toEqual([
      'idsTimeRange.2: validation.configAlreadyInserted',
      'rolesAccess.2: validation.configAlreadyInserted',
      'idAddons.1: validation.configAlreadyInserted',
      'articles.1.idArticle: validation.configAlreadyInserted',
    ]);
  });

  it('needs some locations, or all', () => {
    expect(messages(RolForm.safeParse(form({ allLocations: false, allPreTopUpLocations: false })))).toEqual([
      'locationsAvailable: validation.chooseSomeOrAll',
      'preTopUpLocationsAvailable: validation.chooseSomeOrAll',
    ]);
  });
});

describe('the body of POST /rols', () => {
  it('fills the defaults of §3 and §9', () => {
    expect(RolSave.parse({ name: ' General ', price: 0 })).toEqual({
      name: 'General',
      price: 0,
      amountBonus: 0,
      category: null,
      tagRequired: 1,
      locationsAvailable: null,
      preTopUpLocationsAvailable: null,
      articles: [],
      rolesAccess: [],
      idAddons: [],
      idsTimeRange: [],
    });
    expect(
      RolSave.parse({
        name: 'x',
        price: 1,
        articles: [{ idArticle: 3 }],
        rolesAccess: [{ idZone: 1, idTimeRange: 2 }],
      }),
    ).toMatchObject({ articles: [{ idArticle: 3, quantity: 1 }], rolesAccess: [{ nAccess: -1 }] });
  });

  it('accepts -1 (unlimited) or at least 1 access', () => {
    const access = (nAccess: number) =>
      messages(
        RolSave.safeParse({ name: 'x', price: 0, rolesAccess: [{ idZone: 1, idTimeRange: 1, nAccess }] }),
      );
    expect(access(-1)).toEqual([]);
    expect(access(4)).toEqual([]);
    expect(access(0)).toEqual(['rolesAccess.0.nAccess: validation.nAccess']);
    expect(access(-2)).toEqual(['rolesAccess.0.nAccess: validation.nAccess']);
  });
});

describe('rol helpers', () => {
  it('the category chosen by the selector', () => {
    const v = { categoryExisting: 'VIP', categoryNew: ' Family ' };
    expect(chosenCategory({ ...v, categoryMode: 'any' })).toBeNull();
    expect(chosenCategory({ ...v, categoryMode: 'existing' })).toBe('VIP');
    expect(chosenCategory({ ...v, categoryMode: 'new' })).toBe('Family');
    expect(
      rolCategories([{ category: 'VIP' }, { category: null }, { category: 'Day' }, { category: 'VIP' }]),
    ).toEqual(['Day', 'VIP']);
  });

  it('the two warnings and the limit of 127', () => {
    expect(rolWarnings({ idsTimeRange: [], rolesAccess: [] })).toEqual(['noTimeRanges', 'noAccess']);
    expect(rolWarnings({ idsTimeRange: [1], rolesAccess: [{}] })).toEqual([]);
    expect(canCreateRol(MAX_ROLES - 1)).toBe(true);
    expect(canCreateRol(MAX_ROLES)).toBe(false);
  });
});
