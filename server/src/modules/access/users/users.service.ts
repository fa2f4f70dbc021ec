import { randomBytes } from 'node:crypto';
import {
  type ConsoleUser,
  type ConsoleUserSave,
  type Language,
  type StaffFlags,
  TABLE_PAGE_SIZE,
} from '@pulsera/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Tx } from '../../../core/db/client';
import { users } from '../../../core/db/schema';
import { guardedWrite } from '../../../core/lib/db-errors';
import { AppError, fail } from '../../../core/lib/errors';
import { pageWindow } from '../../../core/lib/paging';
import { hashPassword } from '../../../core/lib/passwords';
import { serverOrigin } from '../../../core/lib/public-origin';
import { randomToken } from '../../../core/lib/tokens';
import type { Principal } from '../../../core/plugins/guard';
import { recordAudit } from '../audit/audit.service';
import * as authRepo from '../auth/auth.repo';
import { assertChoosablePassword, hashToken } from '../auth/auth.service';
import { listRoles } from '../roles/roles.repo';
import { requestEmailChange } from './email-change';
import { type PasswordEmailKind, passwordEmail } from './emails';
import { passwordResetMailQueue } from './password-reset.jobs';
import * as repo from './users.repo';

/**
 * Console users (admin/configuration/users, users-admin guard). "Above" (docs/decisions/access.md): a
 * user's rank is 3 for a mega admin, 2 for a super admin, 1 for an admin or users admin, 0 for
 * others; a flag's rank is the rank it gives (isAdmin and isUsersAdmin 1, isSuperAdmin 2, isMegaAdmin
 * 3). Nobody edits a user of a higher rank than their own, nor grants or removes a flag of a higher
 * rank; nobody changes their own flags, state or event access.
 */
export const rankOf = (u: StaffFlags) =>
  u.isMegaAdmin ? 3 : u.isSuperAdmin ? 2 : u.isAdmin || u.isUsersAdmin ? 1 : 0;
const FLAG_RANK = { isAdmin: 1, isUsersAdmin: 1, isSuperAdmin: 2, isMegaAdmin: 3 } as const;
const FLAGS = Object.keys(FLAG_RANK) as (keyof typeof FLAG_RANK)[];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toDto = (
  r: { user: repo.UserRow; invitationPending: boolean },
  eventAccess: ConsoleUser['eventAccess'],
): ConsoleUser => ({
  id: r.user.id,
  email: r.user.email,
  name: r.user.name,
  isAdmin: r.user.isAdmin,
  isSuperAdmin: r.user.isSuperAdmin,
  isMegaAdmin: r.user.isMegaAdmin,
  isUsersAdmin: r.user.isUsersAdmin,
  disabled: r.user.disabled,
  dateInactive: iso(r.user.dateInactive),
  mustChangePassword: r.user.mustChangePassword,
  otpEnabled: r.user.otpEnabled,
  otpRequired: r.user.otpRequired,
  lastSignInAt: iso(r.user.lastSignInAt),
  invitationPending: !!r.invitationPending,
  updatedAt: r.user.updatedAt.toISOString(),
  eventAccess,
});

/** GET /users?page&paginationLimit&search: one page, searched by name or e-mail on the server. */
export async function listUsers(
  ctx: AppContext,
  q: { page: number; paginationLimit?: number; disablePagination?: boolean; search?: string },
) {
  const page = pageWindow(q, TABLE_PAGE_SIZE);
  const { rows, total } = await repo.listUsers(ctx.db, q.search || undefined, page);
  const access = await repo.eventAccessOfUsers(
    ctx.db,
    rows.map((r) => r.user.id),
  );
  return { users: rows.map((r) => toDto(r, access.get(r.user.id) ?? [])), total };
}

export async function getUser(ctx: AppContext, id: number) {
  const row = await repo.findUser(ctx.db, id);
  if (!row) throw fail('notFound');
  return toDto(row, await repo.eventAccessOf(ctx.db, id));
}

export async function options(ctx: AppContext) {
  return {
    events: await repo.eventOptions(ctx.db),
    roles: (await listRoles(ctx.db)).map((r) => ({ id: r.id, name: r.name, permissions: r.permissions })),
  };
}

function assertNotAbove(actor: Principal, target: StaffFlags) {
  if (rankOf(target) > rankOf(actor)) throw fail('userAbove');
}

async function assertAccessRefs(ctx: AppContext, access: ConsoleUserSave['eventAccess']) {
  const eventIds = access.map((a) => a.eventId);
  const roleIds = [...new Set(access.flatMap((a) => a.roleIds))];
  const events = new Set(await repo.existingEventIds(ctx.db, eventIds));
  const roles = new Set(await repo.existingRoleIds(ctx.db, roleIds));
  const fields = [
    ...access.flatMap((a, i) =>
      events.has(a.eventId) ? [] : [{ path: `eventAccess.${i}.eventId`, message: 'errors.notFound' }],
    ),
    ...access.flatMap((a, i) =>
      a.roleIds.some((r) => !roles.has(r))
        ? [{ path: `eventAccess.${i}.roleIds`, message: 'errors.notFound' }]
        : [],
    ),
  ];
  if (fields.length) throw new AppError('validation', { fields });
}

/** A password nobody knows: an invited or reset user signs in only after choosing one by the link. */
const unusablePassword = () => hashPassword(randomBytes(32).toString('base64url'));

/**
 * POST /users: creates the user and e-mails an invitation. The user is saved first; an e-mail that
 * cannot be sent answers emailFailed and loses nothing ("Send invitation again").
 */
export async function createUser(
  ctx: AppContext,
  actor: Principal,
  input: ConsoleUserSave,
  origin: string,
  lang: Language,
) {
  for (const f of FLAGS) if (input[f] && FLAG_RANK[f] > rankOf(actor)) throw fail('userAbove');
  await assertAccessRefs(ctx, input.eventAccess);
  const passwordHash = await unusablePassword();
  const created = await guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      if (await repo.findUserByEmail(tx, input.email)) throw duplicateEmail();
      const row = await repo.insertUser(tx, {
        email: input.email,
        name: input.name,
        passwordHash,
        isAdmin: input.isAdmin,
        isSuperAdmin: input.isSuperAdmin,
        isMegaAdmin: input.isMegaAdmin,
        isUsersAdmin: input.isUsersAdmin,
        disabled: input.disabled,
        dateInactive: input.dateInactive ? new Date(input.dateInactive) : null,
        mustChangePassword: false,
        otpRequired: input.otpRequired,
        neverChangedPassword: true,
      });
      await repo.replaceEventAccess(tx, row.id, input.eventAccess);
      const link = await newLink(ctx, tx, row.id, 'invitation', origin);
      return { row, link };
    }),
  );
  await deliver(ctx, 'invitation', lang, created.row, created.link);
  return { id: created.row.id, sent: true };
}

const duplicateEmail = () =>
  new AppError('duplicateEmail', { fields: [{ path: 'email', message: 'errors.duplicateEmail' }] });

/** PATCH /users: saves the detail, refusing edits above the actor and changes to oneself. */
export async function updateUser(
  ctx: AppContext,
  actor: Principal,
  input: ConsoleUserSave,
  origin: string,
  lang: Language,
) {
  if (input.id === undefined) throw fail('notFound');
  const id = input.id;
  await assertAccessRefs(ctx, input.eventAccess);
  const result = await guardedWrite(() =>
    ctx.db.transaction(async (tx) => {
      const found = await repo.findUser(tx, id);
      if (!found) throw fail('notFound');
      const target = found.user;
      assertNotAbove(actor, target);
      for (const f of FLAGS)
        if (input[f] !== target[f] && FLAG_RANK[f] > rankOf(actor)) throw fail('userAbove');
      if (actor.id === target.id) {
        const sameAccess = accessKey(await repo.eventAccessOf(tx, id)) === accessKey(input.eventAccess);
        const changed =
          FLAGS.some((f) => input[f] !== target[f]) ||
          input.disabled !== target.disabled ||
          (input.dateInactive ? Date.parse(input.dateInactive) : null) !==
            (target.dateInactive?.getTime() ?? null) ||
          input.mustChangePassword !== target.mustChangePassword ||
          input.otpRequired !== target.otpRequired ||
          !sameAccess;
        if (changed) throw fail('ownAccess');
      }
      // No takeover of a peer or above by changing their address, then resetting their password.
      const newAddress = input.email.trim().toLowerCase() !== target.email.toLowerCase();
      if (actor.id !== target.id && newAddress && rankOf(target) >= rankOf(actor))
        throw new AppError('peerEmail', { fields: [{ path: 'email', message: 'errors.peerEmail' }] });
      const clash = await repo.findUserByEmail(tx, input.email);
      if (clash && clash.id !== id) throw duplicateEmail();
      const loadedAt = input.updatedAt ? new Date(input.updatedAt) : null;
      if (loadedAt && Number.isNaN(loadedAt.getTime())) throw fail('staleUpdate');
      const saved = await repo.updateUser(
        tx,
        id,
        {
          // A new address waits for its confirmation (email-change.ts); a change of case is no change.
          email: newAddress ? target.email : input.email,
          name: input.name,
          isAdmin: input.isAdmin,
          isSuperAdmin: input.isSuperAdmin,
          isMegaAdmin: input.isMegaAdmin,
          isUsersAdmin: input.isUsersAdmin,
          disabled: input.disabled,
          dateInactive: input.dateInactive ? new Date(input.dateInactive) : null,
          mustChangePassword: input.mustChangePassword,
          otpRequired: input.otpRequired,
        },
        loadedAt,
      );
      if (!saved) throw fail('staleUpdate');
      await repo.replaceEventAccess(tx, id, input.eventAccess);
      const mails = newAddress
        ? await requestEmailChange(ctx, tx, target, input.email.trim(), actor, origin, lang)
        : [];
      return { id, mails, emailPending: newAddress ? input.email.trim() : undefined };
    }),
  );
  // After the commit: the confirmation to the new address, the notice to the one on file.
  for (const mail of result.mails) {
    try {
      await ctx.mailer.send(mail);
    } catch (e) {
      ctx.mailer.log?.info({ err: String(e), to: mail.to }, 'E-mail could not be sent');
      throw fail('emailFailed', { keepChanges: true });
    }
  }
  return {
    id,
    sent: result.mails.length > 0,
    ...(result.emailPending ? { emailPending: result.emailPending } : {}),
  };
}

/** A comparable form of event access: events with something granted, codes and roles sorted. */
const accessKey = (list: { eventId: number; permissions: number[]; roleIds: number[] }[]) =>
  JSON.stringify(
    list
      .filter((a) => a.permissions.length || a.roleIds.length)
      .map((a) => [a.eventId, [...a.permissions].sort((x, y) => x - y), [...a.roleIds].sort((x, y) => x - y)])
      .sort((x, y) => (x[0] as number) - (y[0] as number)),
  );

async function newLink(
  ctx: AppContext,
  tx: Parameters<typeof repo.insertEmailToken>[0],
  userId: number,
  purpose: 'invitation' | 'reset',
  origin: string,
) {
  const token = randomToken(32);
  const minutes =
    purpose === 'invitation' ? ctx.config.invitationLinkHours * 60 : ctx.config.resetLinkMinutes;
  await repo.insertEmailToken(tx, userId, purpose, hashToken(token), new Date(Date.now() + minutes * 60_000));
  return { url: `${origin}/auth/password?token=${encodeURIComponent(token)}`, minutes };
}

async function deliver(
  ctx: AppContext,
  kind: PasswordEmailKind,
  lang: Language,
  user: { name: string; email: string },
  link: { url: string; minutes: number },
) {
  try {
    await ctx.mailer.send(
      passwordEmail(kind, lang, {
        name: user.name,
        email: user.email,
        link: link.url,
        minutes: link.minutes,
      }),
    );
  } catch (e) {
    ctx.mailer.log?.info({ err: String(e), to: user.email }, 'E-mail could not be sent');
    // The user and the link are saved: only the e-mail failed ("Send invitation again").
    throw fail('emailFailed', { keepChanges: true });
  }
}

/** POST /users/{id}/invitation: a new link (the earlier ones stop working), e-mailed again. */
export async function sendInvitation(
  ctx: AppContext,
  actor: Principal,
  id: number,
  origin: string,
  lang: Language,
) {
  const found = await repo.findUser(ctx.db, id);
  if (!found) throw fail('notFound');
  assertNotAbove(actor, found.user);
  const link = await ctx.db.transaction((tx) =>
    newLink(ctx, tx, id, found.user.neverChangedPassword ? 'invitation' : 'reset', origin),
  );
  await deliver(ctx, found.user.neverChangedPassword ? 'invitation' : 'reset', lang, found.user, link);
  return { id, sent: true };
}

/**
 * POST /users/{id}/password-reset: the administrator's reset. The password stops working and every
 * open session ends at once (session version); the user chooses a new one by the e-mailed link.
 */
export async function adminReset(
  ctx: AppContext,
  actor: Principal,
  id: number,
  origin: string,
  lang: Language,
) {
  const found = await repo.findUser(ctx.db, id);
  if (!found) throw fail('notFound');
  assertNotAbove(actor, found.user);
  const passwordHash = await unusablePassword();
  const link = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, id));
    return newLink(ctx, tx, id, 'reset', origin);
  });
  await deliver(ctx, 'adminReset', lang, found.user, link);
  return { id, sent: true };
}

/** POST /users/{id}/otp-reset: the user's one-time code and recovery codes are removed. */
export async function resetOtp(ctx: AppContext, actor: Principal, id: number) {
  const found = await repo.findUser(ctx.db, id);
  if (!found) throw fail('notFound');
  assertNotAbove(actor, found.user);
  await ctx.db.transaction((tx) => repo.resetOtp(tx, id));
  return true;
}

/**
 * POST /password/forgot: a reset link to an existing, enabled account. The answer is the same, in the
 * same time, whether or not the address exists: the request only queues the work
 * (password-reset.task.ts), which looks the account up and sends after the answer. The address is
 * throttled, and one account gets at most a few links per window (further requests answer the same
 * and queue nothing).
 */
export async function forgotPassword(ctx: AppContext, email: string, ip: string, lang: Language) {
  const address = email.trim();
  if (await ctx.throttle.resetRequest(address, ip))
    await ctx.jobs.enqueue(passwordResetMailQueue, { email: address, lang });
  return { sent: true };
}

/** The queued work of a "Forgot your password?" request: the link, saved and e-mailed in one go. */
export async function sendResetLink(ctx: AppContext, tx: Tx, email: string, lang: Language) {
  const user = await repo.findUserByEmail(tx, email);
  if (!user || user.disabled || (user.dateInactive && user.dateInactive.getTime() <= Date.now()))
    return { sent: false };
  const link = await newLink(ctx, tx, user.id, 'reset', serverOrigin(ctx.config));
  await ctx.mailer.send(
    passwordEmail('reset', lang, {
      name: user.name,
      email: user.email,
      link: link.url,
      minutes: link.minutes,
    }),
  );
  return { sent: true };
}

/** GET /password/token: what the link is for (the page greets the user and applies the policy). */
export async function tokenInfo(ctx: AppContext, token: string) {
  const row = await repo.findLiveToken(ctx.db, hashToken(token));
  if (!row) throw fail('invalidToken');
  return { purpose: row.token.purpose as 'invitation' | 'reset', email: row.user.email, name: row.user.name };
}

/**
 * POST /password/token: the password chosen by an invitation or reset link (policy of §5, no common
 * or breached password). The link works once; every open session ends.
 */
export async function choosePassword(
  ctx: AppContext,
  token: string,
  newPassword: string,
  ip: string | null = null,
) {
  const row = await repo.findLiveToken(ctx.db, hashToken(token));
  if (!row) throw fail('invalidToken');
  assertChoosablePassword(newPassword, row.user);
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.claimToken(tx, row.token.id))) throw fail('invalidToken');
    // Ends the other links too (auth.repo setPassword).
    await authRepo.setPassword(tx, row.user.id, passwordHash);
    // A public link (no session): the audit row is written here, with the change.
    await recordAudit(tx, {
      action: 'passwordChosen',
      actorKind: 'user',
      userId: row.user.id,
      userEmail: row.user.email,
      ip,
      method: 'POST',
      route: '/api/password/token',
      detail: { link: row.token.purpose },
    });
  });
  return { email: row.user.email };
}
