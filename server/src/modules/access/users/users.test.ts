import type { AddressInfo } from 'node:net';
import { PERMISSIONS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { permissionRoles, users } from '../../../core/db/schema';
import { DEMO_PASSWORD } from '../../../seed/demo';

/** A real SMTP server inside the test: what it received, and a switch to refuse messages. */
const received: { to: string[]; raw: string }[] = [];
let refuse = false;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    stream.on('end', () => {
      if (refuse) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return done(err);
      }
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      done();
    });
  },
});

let t: TestApp;
let usersAdmin: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    publicUrl: 'https://console.example.test',
    tokenRefreshMinutes: 0,
  });
  usersAdmin = await t.login('users@demo.test');
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The link of the last message sent to an address (quoted-printable soft breaks undone). */
function linkFor(email: string) {
  const mail = [...received].reverse().find((m) => m.to.map((x) => x.toLowerCase()).includes(email));
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = body.match(/https:\/\/console\.example\.test\/auth\/password\?token=([A-Za-z0-9_%-]+)/);
  if (!m) throw new Error(`no link in ${body}`);
  return decodeURIComponent(m[1]!);
}

const newUser = (email: string, extra: object = {}) => ({
  name: 'Paula Promoter',
  email,
  isAdmin: false,
  isSuperAdmin: false,
  isMegaAdmin: false,
  isUsersAdmin: false,
  disabled: false,
  dateInactive: null,
  mustChangePassword: false,
  otpRequired: false,
  eventAccess: [],
  ...extra,
});

async function detail(id: number) {
  const res = await t.call('GET', `/api/users/${id}`, { token: usersAdmin });
  expect(res.status).toBe(200);
  return res.body.result;
}

async function save(id: number, change: object, token = usersAdmin) {
  const d = await detail(id);
  const { eventAccess, invitationPending, otpEnabled, lastSignInAt, ...rest } = d;
  return t.call('PATCH', '/api/users', {
    token,
    body: {
      ...rest,
      eventAccess: eventAccess.map((a: any) => ({
        eventId: a.eventId,
        permissions: a.permissions,
        roleIds: a.roleIds,
      })),
      ...change,
    },
  });
}

describe('console users', () => {
  let promoterId: number;
  let promoterToken: string;

  it('creates a user with event access and e-mails a single-use invitation', async () => {
    const ev = await t.activeEvent();
    const [role] = await t.database.db
      .select()
      .from(permissionRoles)
      .where(eq(permissionRoles.name, 'Box office'));
    const res = await t.call('POST', '/api/users', {
      token: usersAdmin,
      body: newUser('Paula@Promoter.test', {
        eventAccess: [{ eventId: ev.id, permissions: [PERMISSIONS.zonas], roleIds: [role!.id] }],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.result.sent).toBe(true);
    promoterId = res.body.result.id;
    const mail = received.at(-1)!;
    expect(mail.to.map((x) => x.toLowerCase())).toEqual(['paula@promoter.test']);
    expect(mail.raw).toMatch(/Subject: You are invited to the Pulsera console/);

    // E-mails are unique without regard to case.
    const dup = await t.call('POST', '/api/users', {
      token: usersAdmin,
      body: newUser('paula@promoter.TEST'),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.fields[0].path).toBe('email');

    const token = linkFor('paula@promoter.test');
    const info = await t.call('GET', `/api/password/token?token=${encodeURIComponent(token)}`);
    expect(info.body.result).toEqual({
      purpose: 'invitation',
      email: 'Paula@Promoter.test',
      name: 'Paula Promoter',
    });
    const weak = await t.call('POST', '/api/password/token', { body: { token, newPassword: 'Welcome1!' } });
    expect(weak.status).toBe(400);
    expect(weak.body.fields[0].message).toBe('validation.passwordCommon');
    const chosen = await t.call('POST', '/api/password/token', {
      body: { token, newPassword: 'Tide-Pool-Lantern-7!' },
    });
    expect(chosen.status).toBe(200);
    const again = await t.call('POST', '/api/password/token', {
      body: { token, newPassword: 'Tide-Pool-Lantern-8!' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(1003);
    promoterToken = await t.login('paula@promoter.test', 'Tide-Pool-Lantern-7!');
    const d = await detail(promoterId);
    expect(d.lastSignInAt).not.toBeNull();
    expect(d.invitationPending).toBe(false);
  });

  it('the chooser, the trusts and the guard read direct codes and role codes; a revocation bites at once', async () => {
    const ev = await t.activeEvent();
    const list = await t.call('GET', '/api/events/null?page=1&paginationLimit=50', { token: promoterToken });
    expect(list.body.result.events.map((e: { nombre: string }) => e.nombre)).toEqual([
      'Sonora Festival 2026',
    ]);
    const trusts = await t.call('GET', `/api/event/trusts/${ev.id}`, { token: promoterToken });
    expect(trusts.status).toBe(200);
    const codes: number[] = trusts.body.result.permissions;
    expect(codes).toContain(PERMISSIONS.zonas);
    expect(codes).toContain(PERMISSIONS.clientes);
    const s = { token: promoterToken, event: ev.token, trusts: trusts.body.result.token };
    expect((await t.call('GET', '/api/zones', s)).status).toBe(200);
    expect((await t.call('GET', '/api/locations', s)).status).toBe(403);

    // The direct code is taken away: the same trusts are refused at the next request.
    const ops = (await detail(promoterId)).eventAccess[0];
    const res = await save(promoterId, {
      eventAccess: [{ eventId: ev.id, permissions: [], roleIds: ops.roleIds }],
    });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/zones', s)).status).toBe(403);
  });

  it('refuses escalation: flags and users above the actor, and changes to oneself', async () => {
    const mega = await t.call('POST', '/api/users', {
      token: usersAdmin,
      body: newUser('climber@promoter.test', { isAdmin: true, isMegaAdmin: true }),
    });
    expect(mega.status).toBe(403);
    expect(mega.body.error).toBe(3003);
    const [megaUser] = await t.database.db.select().from(users).where(eq(users.email, 'mega@demo.test'));
    const megaDetail = await t.call('GET', `/api/users/${megaUser!.id}`, { token: usersAdmin });
    expect(megaDetail.status).toBe(200);
    const edit = await save(megaUser!.id, { name: 'Renamed' });
    expect(edit.status).toBe(403);
    expect(edit.body.error).toBe(3003);
    const raise = await save(promoterId, { isSuperAdmin: true });
    expect(raise.status).toBe(403);

    const [me] = await t.database.db.select().from(users).where(eq(users.email, 'users@demo.test'));
    const ev = await t.activeEvent();
    const self = await save(me!.id, { eventAccess: [{ eventId: ev.id, permissions: [1, 2], roleIds: [] }] });
    expect(self.status).toBe(403);
    expect(self.body.error).toBe(3004);
    expect((await save(me!.id, { disabled: true })).body.error).toBe(3004);
    // A non-admin cannot reach the users screen's calls at all.
    const opsToken = await t.login('ops@demo.test');
    const opsTry = await t.call('PATCH', '/api/users', {
      token: opsToken,
      body: newUser('x@y.test', { id: 1 }),
    });
    expect(opsTry.status).toBe(403);
  });

  it('refuses a save over a change made meanwhile', async () => {
    const d = await detail(promoterId);
    const first = await save(promoterId, { name: 'Paula P.', updatedAt: d.updatedAt });
    expect(first.status).toBe(200);
    const stale = await t.call('PATCH', '/api/users', {
      token: usersAdmin,
      body: { ...newUser('Paula@Promoter.test'), id: promoterId, updatedAt: d.updatedAt, name: 'Other' },
    });
    expect(stale.status).toBe(409);
  });

  it('a disabled user, or one past the inactive date, is refused on the open session', async () => {
    expect((await t.call('GET', '/api/me', { token: promoterToken })).status).toBe(200);
    expect((await save(promoterId, { disabled: true })).status).toBe(200);
    const off = await t.call('GET', '/api/me', { token: promoterToken });
    expect(off.status).toBe(401);
    expect(off.body.error).toBe(1006);
    expect((await save(promoterId, { disabled: false })).status).toBe(200);
    expect((await t.call('GET', '/api/me', { token: promoterToken })).status).toBe(200);
    await t.database.db
      .update(users)
      .set({ dateInactive: new Date(Date.now() - 1000) })
      .where(eq(users.id, promoterId));
    expect((await t.call('GET', '/api/me', { token: promoterToken })).body.error).toBe(1006);
    const signIn = await t.call('POST', '/api/login', {
      body: { email: 'paula@promoter.test', password: 'Tide-Pool-Lantern-7!' },
      ip: '10.70.0.1',
    });
    expect(signIn.body.error).toBe(1006);
    expect((await save(promoterId, { dateInactive: null })).status).toBe(200);
  });

  it('an administrator reset ends the sessions and e-mails a reset link', async () => {
    const before = received.length;
    const res = await t.call('POST', `/api/users/${promoterId}/password-reset`, { token: usersAdmin });
    expect(res.status).toBe(200);
    expect(received.length).toBe(before + 1);
    expect((await t.call('GET', '/api/me', { token: promoterToken })).status).toBe(401);
    const signIn = await t.call('POST', '/api/login', {
      body: { email: 'paula@promoter.test', password: 'Tide-Pool-Lantern-7!' },
      ip: '10.70.0.2',
    });
    expect(signIn.status).toBe(401);
    const token = linkFor('paula@promoter.test');
    // The e-mail says the old password no longer works (not "ignore this e-mail").
    const mail = received.at(-1)!.raw.replace(/=\r?\n/g, '');
    expect(mail).toContain('no longer works');
    expect(mail).not.toContain('ignore this e-mail');
    expect(
      (await t.call('GET', `/api/password/token?token=${encodeURIComponent(token)}`)).body.result.purpose,
    ).toBe('reset');
    expect(
      (await t.call('POST', '/api/password/token', { body: { token, newPassword: 'Sunset-Stage-42!' } }))
        .status,
    ).toBe(200);
    promoterToken = await t.login('paula@promoter.test', 'Sunset-Stage-42!');
  });

  it('"Forgot your password?" answers the same for any address and sends at most three links', async () => {
    const before = received.length;
    const unknown = await t.call('POST', '/api/password/forgot', { body: { email: 'nobody@nowhere.test' } });
    const known = await t.call('POST', '/api/password/forgot', { body: { email: 'paula@promoter.test' } });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // The job queue sends after the answer (password-reset.task.ts).
    await t.ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
    const mails = async (n: number) => {
      for (let i = 0; i < 100 && received.length < before + n; i++)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1500));
      expect(received.length).toBe(before + n);
    };
    await mails(1);
    for (let i = 0; i < 4; i++)
      await t.call('POST', '/api/password/forgot', { body: { email: 'paula@promoter.test' } });
    await mails(3);
  });

  it('a failed e-mail answers emailFailed and loses nothing: the invitation can be sent again', async () => {
    refuse = true;
    const res = await t.call('POST', '/api/users', {
      token: usersAdmin,
      body: newUser('late@promoter.test'),
    });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe(3002);
    expect(res.body.description).toBe('Email could not be sent');
    const found = await t.call('GET', '/api/users?search=late@promoter', { token: usersAdmin });
    expect(found.body.result.total).toBe(1);
    const user = found.body.result.users[0];
    expect(user.invitationPending).toBe(true);
    refuse = false;
    const again = await t.call('POST', `/api/users/${user.id}/invitation`, { token: usersAdmin });
    expect(again.status).toBe(200);
    expect(received.at(-1)!.to).toEqual(['late@promoter.test']);
  });

  it('lists searched and paged on the server', async () => {
    const page = await t.call('GET', '/api/users?page=1&paginationLimit=2', { token: usersAdmin });
    expect(page.body.result.users).toHaveLength(2);
    expect(page.body.result.total).toBeGreaterThan(5);
    const search = await t.call('GET', '/api/users?search=MARTA', { token: usersAdmin });
    expect(search.body.result.users.map((u: { email: string }) => u.email)).toEqual(['mega@demo.test']);
    const opsToken = await t.login('ops@demo.test');
    expect((await t.call('GET', '/api/users', { token: opsToken })).status).toBe(403);
    const options = await t.call('GET', '/api/users/options', { token: usersAdmin });
    expect(options.body.result.roles.map((r: { name: string }) => r.name)).toContain('Bar manager');
  });

  it('an administrator resets a user one-time code', async () => {
    const [otp] = await t.database.db.select().from(users).where(eq(users.email, 'otp@demo.test'));
    const res = await t.call('POST', `/api/users/${otp!.id}/otp-reset`, { token: usersAdmin });
    expect(res.status).toBe(200);
    const signIn = await t.call('POST', '/api/login', {
      body: { email: 'otp@demo.test', password: DEMO_PASSWORD },
      ip: '10.71.0.1',
    });
    expect(signIn.status).toBe(200);
  });
});

describe('permission roles', () => {
  it('editing a role changes its holders at the next request; a role in use is not deleted', async () => {
    const superToken = await t.login('super@demo.test');
    const ev = await t.activeEvent();
    const created = await t.call('POST', '/api/permission-roles', {
      token: superToken,
      body: { name: 'Gate crew', permissions: [PERMISSIONS.puertas, PERMISSIONS.zonas, PERMISSIONS.zonas] },
    });
    expect(created.status).toBe(200);
    expect(created.body.result.permissions).toEqual([PERMISSIONS.zonas, PERMISSIONS.puertas]);
    const roleId = created.body.result.id;
    const dup = await t.call('POST', '/api/permission-roles', {
      token: superToken,
      body: { name: 'gate CREW', permissions: [1] },
    });
    expect(dup.status).toBe(409);

    const [gate] = await t.database.db.select().from(users).where(eq(users.email, 'ops@demo.test'));
    const d = await detail(gate!.id);
    const access = d.eventAccess.map((a: any) => ({
      eventId: a.eventId,
      permissions: a.permissions,
      roleIds: a.eventId === ev.id ? [...a.roleIds, roleId] : a.roleIds,
    }));
    expect((await save(gate!.id, { eventAccess: access })).status).toBe(200);
    const s = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/gates', s)).status).toBe(200);

    const edited = await t.call('PATCH', '/api/permission-roles', {
      token: superToken,
      body: { id: roleId, name: 'Gate crew', permissions: [PERMISSIONS.zonas] },
    });
    expect(edited.status).toBe(200);
    expect((await t.call('GET', '/api/gates', s)).status).toBe(403);

    const del = await t.call('DELETE', `/api/permission-roles/${roleId}`, { token: superToken });
    expect(del.status).toBe(409);
    expect(del.body.error).toBe(3005);
    expect(del.body.description).toContain('ops@demo.test (Sonora Festival 2026)');
    // A users admin who is not a super admin grants roles but does not edit them.
    expect((await t.call('GET', '/api/permission-roles', { token: usersAdmin })).status).toBe(403);
  });
});
