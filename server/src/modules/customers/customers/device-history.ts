/**
 * A wristband's history for a kiosk (GET /device/wristband/:serial/history, device token): the latest
 * lines of the console's extract (so a kiosk and the console's customer screen agree), newest first,
 * with the balance after each. An unknown serial has none. Here, beside the extract, since the
 * customers domain may use the terminals' door (the device's token) and not the other way round.
 */
import {
  DeviceWristbandHistory,
  ok as okSchema,
  RfidSerial,
  WRISTBAND_HISTORY_KEPT,
} from '@pulsera/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { wristbands } from '../../../core/db/schema';
import { ok } from '../../../core/lib/envelope';
import { requireDevice } from '../../terminals';
import { extract } from './customers.service';

export async function deviceWristbandHistory(
  ctx: AppContext,
  eventId: number,
  serial: string,
): Promise<DeviceWristbandHistory> {
  const [band] = await ctx.db
    .select({ id: wristbands.id })
    .from(wristbands)
    .where(and(eq(wristbands.eventId, eventId), eq(wristbands.nSerie, serial)));
  if (!band) return [];
  const { rows } = await extract(ctx, eventId, band.id);
  return rows
    .slice(-WRISTBAND_HISTORY_KEPT)
    .reverse()
    .map((r) => ({
      date: r.date,
      operation: r.operation,
      type: r.type,
      amount: r.amount,
      balance: r.accumulate,
      location: r.location,
    }));
}

export async function deviceHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/device/wristband/:serial/history',
    {
      config: { access: { auth: 'none' } },
      schema: {
        tags: ['device'],
        params: z.object({ serial: RfidSerial }),
        response: { 200: okSchema(DeviceWristbandHistory) },
      },
    },
    async (req) => {
      const device = await requireDevice(ctx, req);
      return ok(req, await deviceWristbandHistory(ctx, device.eventId, req.params.serial));
    },
  );
}
