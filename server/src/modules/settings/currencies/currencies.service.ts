import type { Currency, CurrencySave } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { guardedWrite } from '../../../core/lib/db-errors';
import { fail, fieldError } from '../../../core/lib/errors';
import * as repo from './currencies.repo';

const toDto = (r: repo.CurrencyRow): Currency => ({
  id: r.id,
  name: r.name,
  isFinancial: r.isFinancial,
  symbol: r.symbol,
  iso: r.iso,
  fraction: r.fraction,
  idEvent: r.eventId,
});

export const listCurrencies = async (ctx: AppContext) => (await repo.listCurrencies(ctx.db)).map(toDto);

/**
 * POST /global/currencies: no id creates a global currency, an id updates that currency (keeping its
 * scope). The iso is unique within the scope: among global currencies, or among one event's own.
 */
export const saveCurrency = (ctx: AppContext, input: CurrencySave) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const existing = input.id !== undefined ? await repo.findCurrency(tx, input.id) : undefined;
      if (input.id !== undefined && !existing) throw fail('notFound');
      const scope = existing?.eventId ?? null;
      const clash = await repo.findCurrencyByIso(tx, input.iso, scope);
      if (clash && clash.id !== existing?.id) throw fail('duplicateName');
      const values = {
        name: input.name,
        isFinancial: input.isFinancial,
        symbol: input.symbol,
        iso: input.iso,
        fraction: input.fraction,
      };
      const row = existing
        ? await repo.updateCurrency(tx, existing.id, values)
        : await repo.insertCurrency(tx, { ...values, eventId: null });
      return toDto(row);
    }),
  );

/** DELETE /global/currencies/{id}: refused while an event uses it as financial or local currency. */
export const deleteCurrency = (ctx: AppContext, id: number) =>
  guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await repo.findCurrency(tx, id))) throw fail('notFound');
      if (await repo.currencyInUse(tx, id)) throw fail('inUse');
      await repo.deleteCurrency(tx, id);
      return true;
    }),
  );

/**
 * GET /global/currencies/conversion/{iso} (01-console §3 Currency, conversion view): computed from the
 * events that use this financial currency with another local currency and a rate. No table of its own.
 */
export async function currencyConversions(ctx: AppContext, iso: string) {
  const currency = await repo.findCurrencyByIso(ctx.db, iso, null);
  if (!currency) throw fail('notFound');
  if (!currency.isFinancial) throw fieldError('params.iso', 'validation.financialCurrency');
  return repo.conversions(ctx.db, iso);
}
