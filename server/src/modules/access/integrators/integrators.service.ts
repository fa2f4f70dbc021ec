import {
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyRow,
  type Integrator,
  type IntegratorList,
  type IntegratorSave,
  MAX_LIVE_API_KEYS,
} from '@pulsera/contracts';
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { apiKeys, events, integratorEvents, integrators } from '../../../core/db/schema';
import { generateApiKey } from '../../../core/lib/api-keys';
import { isUniqueViolation } from '../../../core/lib/db-errors';
import { AppError, fail } from '../../../core/lib/errors';

type KeyRow = typeof apiKeys.$inferSelect;
type IntegratorRow = typeof integrators.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toKey = (k: KeyRow): ApiKeyRow => ({
  id: k.id,
  label: k.label,
  prefix: `pk_${k.prefix}_`,
  createdAt: k.createdAt.toISOString(),
  expiresAt: iso(k.expiresAt),
  revokedAt: iso(k.revokedAt),
  lastUsedAt: iso(k.lastUsedAt),
  lastUsedIp: k.lastUsedIp,
});

async function load(db: Executor, only?: number): Promise<Integrator[]> {
  const rows = await db
    .select()
    .from(integrators)
    .where(only ? eq(integrators.id, only) : undefined)
    .orderBy(asc(sql`lower(${integrators.name})`), asc(integrators.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const grants = await db
    .select()
    .from(integratorEvents)
    .where(inArray(integratorEvents.integratorId, ids))
    .orderBy(asc(integratorEvents.eventId));
  const keys = await db
    .select()
    .from(apiKeys)
    .where(inArray(apiKeys.integratorId, ids))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map((r: IntegratorRow) => ({
    id: r.id,
    name: r.name,
    contactName: r.contactName,
    contactEmail: r.contactEmail,
    notes: r.notes,
    disabled: r.disabled,
    grants: grants
      .filter((g) => g.integratorId === r.id)
      .map((g) => ({ eventId: g.eventId, permissions: [...g.permissions].sort((a, b) => a - b) })),
    keys: keys.filter((k) => k.integratorId === r.id).map(toKey),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** GET /integrators: every integrator with its grants and keys, and the events to grant. */
export async function listIntegrators(ctx: AppContext): Promise<IntegratorList> {
  const list = await load(ctx.db);
  const choices = await ctx.db
    .select({ id: events.id, name: events.name })
    .from(events)
    .orderBy(asc(events.name), asc(events.id));
  return { integrators: list, events: choices };
}

/** POST /integrators: no id creates, an id updates (refused over a newer save). Grants are replaced. */
export async function saveIntegrator(
  ctx: AppContext,
  input: IntegratorSave & { grants: IntegratorSave['grants'] },
) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const clash = await tx
        .select({ id: integrators.id })
        .from(integrators)
        .where(
          and(
            sql`lower(${integrators.name}) = ${input.name.toLowerCase()}`,
            input.id ? ne(integrators.id, input.id) : undefined,
          ),
        )
        .limit(1);
      if (clash.length) throw fail('duplicateName');
      const grants = input.grants ?? [];
      if (grants.length) {
        const known = await tx
          .select({ id: events.id })
          .from(events)
          .where(
            inArray(
              events.id,
              grants.map((g) => g.eventId),
            ),
          );
        if (known.length !== new Set(grants.map((g) => g.eventId)).size) throw fail('notFound');
      }
      const values = {
        name: input.name,
        contactName: input.contactName ?? '',
        contactEmail: input.contactEmail ?? '',
        notes: input.notes ?? '',
        disabled: input.disabled ?? false,
      };
      let id: number;
      if (input.id) {
        const [stored] = await tx
          .select()
          .from(integrators)
          .where(eq(integrators.id, input.id))
          .for('update');
        if (!stored) throw fail('notFound');
        if (input.updatedAt && Date.parse(input.updatedAt) !== stored.updatedAt.getTime())
          throw fail('staleUpdate');
        await tx
          .update(integrators)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(integrators.id, input.id));
        id = input.id;
      } else {
        const [row] = await tx.insert(integrators).values(values).returning({ id: integrators.id });
        id = row!.id;
      }
      // Replace the grants, touching only what changed (the audit trail shows exactly that).
      const current = await tx.select().from(integratorEvents).where(eq(integratorEvents.integratorId, id));
      const wanted = new Map(
        grants.map((g) => [g.eventId, [...new Set(g.permissions)].sort((a, b) => a - b)]),
      );
      for (const g of current) {
        const w = wanted.get(g.eventId);
        if (!w) {
          await tx
            .delete(integratorEvents)
            .where(and(eq(integratorEvents.integratorId, id), eq(integratorEvents.eventId, g.eventId)));
        } else if (w.join(',') !== [...g.permissions].sort((a, b) => a - b).join(',')) {
          await tx
            .update(integratorEvents)
            .set({ permissions: w })
            .where(and(eq(integratorEvents.integratorId, id), eq(integratorEvents.eventId, g.eventId)));
        }
        wanted.delete(g.eventId);
      }
      for (const [eventId, permissions] of wanted)
        await tx.insert(integratorEvents).values({ integratorId: id, eventId, permissions });
      return (await load(tx, id))[0]!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('duplicateName');
    throw e;
  }
}

/** DELETE /integrators/{id}: its keys and grants go with it (the audit trail keeps what it did). */
export async function deleteIntegrator(ctx: AppContext, id: number) {
  const gone = await ctx.db
    .delete(integrators)
    .where(eq(integrators.id, id))
    .returning({ id: integrators.id });
  if (!gone.length) throw fail('notFound');
  return true;
}

/**
 * POST /integrators/{id}/keys: a new key, its whole text answered once. At most two live keys (not
 * revoked, not expired): the one in use and the next one while the integrator rotates.
 */
export async function createApiKey(
  ctx: AppContext,
  integratorId: number,
  createdBy: number | null,
  input: ApiKeyCreate,
): Promise<ApiKeyCreated> {
  // The request's schema refuses it too (ApiKeyCreate): a key born expired is never stored.
  if (input.expiresAt && Date.parse(input.expiresAt) <= Date.now())
    throw new AppError('validation', { fields: [{ path: 'expiresAt', message: 'validation.expiryInPast' }] });
  return ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select().from(integrators).where(eq(integrators.id, integratorId)).for('update');
    if (!owner) throw fail('notFound');
    const live = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.integratorId, integratorId),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
        ),
      );
    if (live.length >= MAX_LIVE_API_KEYS) throw fail('apiKeyLimit');
    const made = generateApiKey();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        integratorId,
        label: input.label ?? '',
        prefix: made.prefix,
        keyHash: made.hash,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        createdBy,
      })
      .returning();
    return { key: toKey(row!), secret: made.key };
  });
}

/** POST /integrators/keys/{id}/revoke: from the next request on, the key answers 401. Twice is once. */
export async function revokeApiKey(ctx: AppContext, keyId: number): Promise<ApiKeyRow> {
  const [row] = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return toKey(row);
  const [stored] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
  if (!stored) throw fail('notFound');
  return toKey(stored);
}
