import {
  AutomaticBonusesResult,
  BonusesQuery,
  ManualBonusesResult,
  ok as okSchema,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { withFestivalDay } from '../../../core/lib/festival-day';
import * as service from './bonuses.service';

/**
 * The bonuses report (admin/reports/bonuses, opened with reportsManualBonuses). Its tabs show per
 * permission (01-console §6): the automatic bonuses need reportsBonus as well as the screen's
 * reportsManualBonuses, the manual tab reportsManualBonuses (decisions.md "Reports: top-ups, bonuses, wristbands").
 */
export async function bonusReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  r.get(
    '/api/reports/mainRechargesBonus',
    {
      // The screen's rule (reportsManualBonuses) and the automatic tab's own (reportsBonus).
      config: { access: { perms: { must: ['reportsManualBonuses' as const, 'reportsBonus' as const] } } },
      schema: { tags, querystring: BonusesQuery, response: { 200: okSchema(AutomaticBonusesResult) } },
    },
    async (req) =>
      ok(
        req,
        await service.automaticBonuses(
          ctx,
          req.event!.id,
          await withFestivalDay(ctx.db, req.event!.id, req.query),
        ),
      ),
  );
  r.get(
    '/api/reports/manualBonuses',
    {
      config: { access: { perms: { must: ['reportsManualBonuses' as const] } } },
      schema: { tags, querystring: BonusesQuery, response: { 200: okSchema(ManualBonusesResult) } },
    },
    async (req) => ok(req, await service.manualBonuses(ctx, req.event!.id, req.query)),
  );
}
