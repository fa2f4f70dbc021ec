import type { BannedWristband, BanRequest } from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { isUniqueViolation } from '../../../core/lib/db-errors';
import { fail } from '../../../core/lib/errors';
import * as repo from './banned-wristbands.repo';

const toDto = (r: Awaited<ReturnType<typeof repo.listBanned>>[number]): BannedWristband => ({
  id: r.id,
  nSerie: r.nSerie,
  codeCheck: r.codeCheck,
  notes: r.notes,
  enabled: r.enabled === 1 ? 1 : 0,
  enabledTopUps: r.enabledTopUps === 1 ? 1 : 0,
  date_update: r.updatedAt.toISOString(),
});

export const listBanned = async (ctx: AppContext) => (await repo.listBanned(ctx.db)).map(toDto);

/** 409 alreadyBanned, on the serial field (the form offers to open the existing ban). */
const alreadyBanned = (nSerie: string) =>
  fail('alreadyBanned', {
    params: { nSerie },
    fields: [{ path: 'nSerie', message: 'validation.alreadyBanned' }],
  });

/**
 * POST /rfids/ban: without an id a new ban — a serial already banned (any letter case) is refused,
 * never overwritten, and of two concurrent creates one wins; with an id an edit of that ban (404 when
 * there is none; its serial may not become another ban's).
 */
export async function ban(ctx: AppContext, userId: number | null, input: BanRequest) {
  const values = {
    nSerie: input.nSerie,
    codeCheck: input.codeCheck || null,
    notes: input.notes || null,
    enabled: input.banAndroid,
    enabledTopUps: input.banTopUps,
    updatedBy: userId,
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      // Ban saves one at a time, so the terminals' list versions appear in order (fleet health).
      await repo.lockBanList(tx);
      if (input.id !== undefined && !(await repo.findById(tx, input.id))) throw fail('notFound');
      if (await repo.findBySerial(tx, input.nSerie, input.id)) throw alreadyBanned(input.nSerie);
      if (input.id !== undefined) {
        const row = await repo.updateBan(tx, input.id, values);
        if (!row) throw fail('notFound');
        return toDto(row);
      }
      const row = await repo.insertBan(tx, values);
      if (!row) throw alreadyBanned(input.nSerie);
      return toDto(row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw alreadyBanned(input.nSerie);
    throw e;
  }
}
