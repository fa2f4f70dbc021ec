import {
  type AccessSubject,
  checkAccess,
  HEADERS,
  hasRole,
  isAdminUser,
  type Language,
  type PermissionName,
  ROUTES,
  type Role,
  type RouteId,
  type RouteRule,
} from '@pulsera/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { events, integratorEvents, users } from '../db/schema';
import { API_KEY_HEADER, authenticateApiKey, EVENT_ID_HEADER } from '../lib/api-keys';
import { AppError, fail } from '../lib/errors';
import { effectivePermissions } from '../lib/event-access.repo';
import { requestLanguage } from '../lib/i18n';
import type { Tokens } from '../lib/tokens';

/**
 * Who may call a route. Every /api route declares one (registration fails otherwise):
 * - `{ auth: 'none' }`: public.
 * - `{ auth: 'password' }`: any signed-in user, also one who must change the password first.
 * - `{}`: any signed-in user.
 * - `{ role }`: a signed-in user with that role.
 * - `{ route }`: the rule of that console route in the permission table; an event-scoped rule
 *   also needs header `tokenevent` and, for non-admins, valid event trusts (`tokentrusts`).
 * - `{ event: true }`: the selected event, with trusts for non-admins, and no further rule.
 * - `{ perms: { must | any } }`: the selected event and these permission codes: a call that serves one
 *   tab or one report of a screen whose route is an any-of rule (e.g. sales by staff needs
 *   reportsStaff, while the sales screen opens with any of six codes).
 */
export interface Access {
  auth?: 'none' | 'password' | 'session';
  role?: Role;
  route?: RouteId;
  event?: boolean;
  perms?: { must?: PermissionName[]; any?: PermissionName[] };
}

/** The rule a route's access declares, if any: its console route's, or its own permission codes. */
export const ruleOf = (access: Access): RouteRule | null =>
  access.route
    ? ROUTES[access.route]
    : access.perms
      ? { path: '', group: null, event: true, ...access.perms }
      : null;

export interface Principal {
  id: number;
  email: string;
  name: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  isMegaAdmin: boolean;
  isUsersAdmin: boolean;
  mustChangePassword: boolean;
  neverChangedPassword: boolean;
  passwordChangedAt: Date;
  sessionVersion: number;
  otpEnabled: boolean;
  otpRequired: boolean;
}

/** A system calling with an API key (issue 13 Integrators): no person, so `req.user` stays null. */
export interface IntegratorPrincipal {
  id: number;
  name: string;
  keyId: number;
}

export interface SelectedEventCtx {
  id: number;
  name: string;
  timezone: string;
  isClosed: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    lang: Language;
    user: Principal | null;
    /** The integrator whose API key signed this request (then `user` is null). */
    integrator: IntegratorPrincipal | null;
    event: SelectedEventCtx | null;
    /** The caller's permission codes in the selected event; null for admins (all) or no event. */
    permissions: number[] | null;
    refreshedToken?: string;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, for the permission walk test and the docs. */
    routeAccess: { method: string; url: string; access: Access }[];
  }
}

/** The console user acting, or null for an integrator (columns such as created_by stay empty then). */
export const actingUserId = (req: FastifyRequest): number | null => req.user?.id ?? null;

export const subjectOf = (req: FastifyRequest): AccessSubject => ({
  isAdmin: req.user?.isAdmin ?? false,
  isSuperAdmin: req.user?.isSuperAdmin ?? false,
  isMegaAdmin: req.user?.isMegaAdmin ?? false,
  isUsersAdmin: req.user?.isUsersAdmin ?? false,
  permissions: req.permissions,
});

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v) || undefined;
};

export function passwordExpired(
  user: Pick<Principal, 'passwordChangedAt'>,
  cfg: Pick<Config, 'passwordExpiryDays'>,
) {
  if (cfg.passwordExpiryDays <= 0) return false;
  return user.passwordChangedAt.getTime() + cfg.passwordExpiryDays * 86_400_000 < Date.now();
}

async function guardPlugin(app: FastifyInstance, opts: { db: Db; tokens: Tokens; config: Config }) {
  const { db, tokens, config } = opts;
  app.decorateRequest('lang', 'en');
  app.decorateRequest('user', null);
  app.decorateRequest('integrator', null);
  app.decorateRequest('event', null);
  app.decorateRequest('permissions', null);
  app.decorate('routeAccess', []);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, access: { auth: 'none' } };
      return;
    }
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, access });
  });

  // The session's user, and with it the selected event, in one round trip: prepared once (named
  // statements, parsed once per connection), read fresh on every request so that a revocation, a
  // disabled user or a new session version bites at the next request.
  const eventColumns = {
    id: events.id,
    name: events.name,
    timezone: events.timezone,
    isClosed: events.isClosed,
  };
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('guard_user');
  const userAndEvent = db
    .select({ user: users, event: eventColumns })
    .from(users)
    .leftJoin(events, eq(events.token, sql.placeholder('token')))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('guard_user_event');

  app.addHook('onRequest', async (req) => {
    req.lang = requestLanguage(req.headers);
    const access = req.routeOptions.config?.access;
    if (!access || access.auth === 'none') return;

    // 0. An integrator's API key (without a session): the same rules as a non-admin person whose
    // trusts are the key's grants in the event it names.
    const apiKey = header(req, API_KEY_HEADER);
    const token = header(req, HEADERS.session);
    if (apiKey && !token) {
      req.integrator = await authenticateApiKey(db, apiKey, req.ip);
      // People-only routes: the session's own calls, any-signed-in calls, role (admin) routes.
      const rule = ruleOf(access);
      if (access.auth === 'password' || access.role || !(rule?.event || access.event))
        throw fail('forbidden', { params: { reason: 'integrator' } });
      await selectIntegratorEvent(req, req.integrator);
      if (rule) {
        const denial = checkAccess(subjectOf(req), rule);
        if (denial) throw fail('forbidden', { params: { reason: denial } });
      }
      return;
    }

    // 1. The session.
    if (!token) throw fail('unauthorized');
    const verified = await tokens.verifySession(token);
    if (!verified.ok) throw fail(verified.reason === 'expired' ? 'tokenExpired' : 'unauthorized');
    const claims = verified.claims;
    const rule = ruleOf(access);
    const needsEvent = Boolean(rule?.event || access.event);
    const eventToken = needsEvent ? header(req, HEADERS.event) : undefined;
    let user: typeof users.$inferSelect | undefined;
    let event: SelectedEventCtx | null = null;
    if (eventToken) {
      const [row] = await userAndEvent.execute({ id: Number(claims.sub), token: eventToken });
      user = row?.user;
      event = row?.event?.id ? row.event : null;
    } else {
      [user] = await userById.execute({ id: Number(claims.sub) });
    }
    if (!user) throw fail('unauthorized');
    if (user.sessionVersion !== claims.v) throw fail('tokenExpired');
    if (user.disabled || (user.dateInactive && user.dateInactive.getTime() <= Date.now())) {
      throw fail('userDisabled');
    }
    req.user = user;

    // 2. A password that must change first: only the change-password call gets through.
    if (access.auth !== 'password') {
      if (claims.scope === 'password' || user.mustChangePassword) throw fail('mustChangePassword');
      if (passwordExpired(user, config)) throw fail('passwordExpired');
      // An administrator requires a one-time code: only its set-up (auth 'password' calls) gets through.
      if (user.otpRequired && !user.otpEnabled) throw fail('otpSetupRequired');
    }
    if (claims.scope === 'session' && Date.now() / 1000 - claims.iat > config.tokenRefreshMinutes * 60) {
      req.refreshedToken = await tokens.session(user.id, user.sessionVersion);
    }

    // 3. The role, the selected event and its trusts.
    if (access.role && !hasRole(user, access.role)) throw fail('forbidden');
    if (needsEvent) await selectEvent(req, event);
    if (rule) {
      const denial = checkAccess(subjectOf(req), rule);
      if (denial) throw fail('forbidden', { params: { reason: denial } });
    }
  });

  /**
   * The event an integrator names (header `x-event-id`, or `tokenevent` as the console sends) and its
   * grant there, read fresh: a grant removed bites at the next request.
   */
  async function selectIntegratorEvent(req: FastifyRequest, integrator: IntegratorPrincipal) {
    const byId = header(req, EVENT_ID_HEADER);
    const byToken = header(req, HEADERS.event);
    if (!byId && !byToken) throw fail('eventNotSelected');
    if (byId && !/^[1-9][0-9]{0,9}$/.test(byId)) throw fail('eventNotSelected');
    if (byId && Number(byId) > 2_147_483_647) throw fail('eventNotSelected');
    const [event] = await db
      .select({ id: events.id, name: events.name, timezone: events.timezone, isClosed: events.isClosed })
      .from(events)
      .where(byId ? eq(events.id, Number(byId)) : eq(events.token, byToken!))
      .limit(1);
    if (!event) throw fail('eventNotSelected');
    const [grant] = await db
      .select({ permissions: integratorEvents.permissions })
      .from(integratorEvents)
      .where(and(eq(integratorEvents.integratorId, integrator.id), eq(integratorEvents.eventId, event.id)))
      .limit(1);
    if (!grant) throw fail('forbidden', { params: { reason: 'noTrusts' } });
    req.event = event;
    req.permissions = grant.permissions;
  }

  /**
   * The event `tokenevent` named (read with the user) and, for non-admins, the trusts proving they
   * may work in that event.
   */
  async function selectEvent(req: FastifyRequest, event: SelectedEventCtx | null) {
    if (!event) throw fail('eventNotSelected');
    req.event = event;
    const user = req.user!;
    if (isAdminUser(user)) return;

    const trusts = header(req, HEADERS.trusts);
    if (!trusts) throw fail('forbidden', { params: { reason: 'noTrusts' } });
    const verified = await tokens.verifyTrusts(trusts);
    if (!verified.ok) {
      throw verified.reason === 'expired' ? fail('tokenEventTrustsExpired') : fail('forbidden');
    }
    if (verified.claims.sub !== String(user.id) || verified.claims.evt !== event.id) {
      throw fail('tokenEventTrustsExpired');
    }
    // The token proves the selection; the permissions are read fresh, so a revocation bites at once.
    // Direct codes and the codes of the roles granted in the event, as they are now.
    req.permissions = await effectivePermissions(db, user.id, event.id);
  }
}

export const guard = fp(guardPlugin, { name: 'guard' });
export { AppError };
