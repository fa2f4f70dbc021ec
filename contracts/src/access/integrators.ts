import { z } from 'zod';
import { id, instant } from '../inputs';
import { type AccessSubject, checkAccess, PERMISSIONS, ROUTES, type RouteId } from './permissions';

/** Issue 13 Integrators (admin/configuration/integrators): systems calling the API with a key. */

/** Live keys an integrator may hold at once: the one in use and its replacement during a rotation. */
export const MAX_LIVE_API_KEYS = 2;

const PERMISSION_CODES = Object.values(PERMISSIONS) as number[];
const permissionCode = z
  .number()
  .int()
  .refine((n) => PERMISSION_CODES.includes(n), { message: 'validation.invalid' });

export const IntegratorGrant = z.object({
  eventId: id(),
  /** The permission codes of 01-console §6 the integrator holds in this event. */
  permissions: z.array(permissionCode).max(PERMISSION_CODES.length),
});
export type IntegratorGrant = z.infer<typeof IntegratorGrant>;

/**
 * Read calls an integrator can try first, each with the console route whose rule guards it (the API's
 * guard applies the same rule to the key's grant). The new key's dialog shows the first one the
 * integrator's grants allow, so the example answers 200, never 403.
 */
export const EXAMPLE_API_CALLS: readonly { path: string; route: RouteId }[] = [
  { path: '/api/zones', route: 'zones' },
  { path: '/api/gates', route: 'gates' },
  { path: '/api/locations', route: 'locations' },
  { path: '/api/rooms', route: 'rooms' },
  { path: '/api/articles', route: 'articles' },
  { path: '/api/flag', route: 'flag' },
];

/** The example call for these grants: a granted path and the event it is granted in (null: none). */
export function exampleApiCall(
  grants: readonly { eventId: number; permissions: readonly number[] }[],
): { path: string; eventId: number } | null {
  for (const call of EXAMPLE_API_CALLS)
    for (const g of grants) {
      const subject: AccessSubject = {
        isAdmin: false,
        isSuperAdmin: false,
        isMegaAdmin: false,
        isUsersAdmin: false,
        permissions: g.permissions,
      };
      if (!checkAccess(subject, ROUTES[call.route])) return { path: call.path, eventId: g.eventId };
    }
  return null;
}

export const ApiKeyRow = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The visible start of the key, `pk_<prefix>_…`. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof ApiKeyRow>;

export const Integrator = z.object({
  id: z.number().int(),
  name: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  notes: z.string(),
  disabled: z.boolean(),
  grants: z.array(IntegratorGrant),
  keys: z.array(ApiKeyRow),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Integrator = z.infer<typeof Integrator>;

/** An event the integrator may be granted (the form's choices). */
export const IntegratorEventChoice = z.object({ id: z.number().int(), name: z.string() });

export const IntegratorList = z.object({
  integrators: z.array(Integrator),
  events: z.array(IntegratorEventChoice),
});
export type IntegratorList = z.infer<typeof IntegratorList>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form, and the body of POST /integrators: an id updates, no id creates. */
export const IntegratorSave = z
  .object({
    id: id().optional(),
    name: z.string().trim().min(1).max(120),
    contactName: z.string().trim().max(120).default(''),
    contactEmail: z
      .string()
      .trim()
      .max(200)
      .default('')
      .refine((s) => s === '' || EMAIL.test(s), { message: 'validation.email' }),
    notes: z.string().trim().max(2000).default(''),
    disabled: z.boolean().default(false),
    /** The updatedAt the form was loaded with: a save over a newer one is refused (staleUpdate). */
    updatedAt: z.string().max(40).optional(),
    grants: z.array(IntegratorGrant).max(1000).default([]),
  })
  .superRefine((v, c) => {
    const seen = new Set<number>();
    v.grants.forEach((g, i) => {
      if (seen.has(g.eventId))
        c.addIssue({
          code: 'custom',
          path: ['grants', i, 'eventId'],
          message: 'validation.duplicateEventGrant',
        });
      seen.add(g.eventId);
    });
  });
export type IntegratorSave = z.input<typeof IntegratorSave>;

/** POST /integrators/{id}/keys: a new key, shown once in the answer. */
export const ApiKeyCreate = z.object({
  label: z.string().trim().max(80).default(''),
  /** No expiry when absent; else a moment still to come (a key born expired is a mistake). */
  expiresAt: instant()
    .refine((v) => !(Date.parse(v) <= Date.now()), { error: 'validation.expiryInPast' })
    .optional(),
});
export type ApiKeyCreate = z.input<typeof ApiKeyCreate>;

export const ApiKeyCreated = z.object({
  key: ApiKeyRow,
  /** The whole key: shown this once, never again (only its hash is kept). */
  secret: z.string(),
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
