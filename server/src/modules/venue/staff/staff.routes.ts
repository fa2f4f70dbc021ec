import {
  IdParam,
  ok as okSchema,
  Staff,
  StaffImportRequest,
  StaffImportResult,
  StaffListResult,
  StaffSaveRequest,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './staff.service';

/** An import file of STAFF_IMPORT_MAX_ROWS rows fits in this body. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Terminal staff of the selected event (admin/events/staffs and staffsImport, permission staff).
 * GET /staff, POST /staff {staff} and DELETE /staff/{id} are our design; POST
 * /massive-import/staffs {staff:[rows]} is the spec's import (02-catalogue §7).
 */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const config = { access: { route: 'staffs' as const } };

  r.get(
    '/api/staff',
    { config, schema: { tags, response: { 200: okSchema(StaffListResult) } } },
    async (req) => ok(req, await service.listStaff(ctx, req.event!.id)),
  );
  r.post(
    '/api/staff',
    { config, schema: { tags, body: StaffSaveRequest, response: { 200: okSchema(Staff) } } },
    async (req) => ok(req, await service.saveStaff(ctx, req.event!.id, req.body.staff)),
  );
  r.delete(
    '/api/staff/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteStaff(ctx, req.event!.id, req.params.id)),
  );
  r.post(
    '/api/massive-import/staffs',
    {
      config: { access: { route: 'staffsImport' } },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags, body: StaffImportRequest, response: { 200: okSchema(StaffImportResult) } },
    },
    async (req) => ok(req, await service.importStaff(ctx, req.event!.id, req.body.staff)),
  );
}
