import type { BannedWristband, BanRequest } from '@pulsera/contracts';
import type { AppContext } from '../../context';
import * as repo from './banned.repo';

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

export async function ban(ctx: AppContext, userId: number, input: BanRequest) {
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockBanList(tx);
    return repo.upsertBan(tx, {
      nSerie: input.nSerie,
      codeCheck: input.codeCheck || null,
      notes: input.notes || null,
      enabled: input.banAndroid,
      enabledTopUps: input.banTopUps,
      updatedBy: userId,
    });
  });
  return toDto(row);
}
