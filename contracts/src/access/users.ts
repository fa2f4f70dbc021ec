import { z } from 'zod';
import { ListQuery } from '../envelope';
import { id, instant } from '../inputs';
import { email } from '../validation';
import { ALL_PERMISSION_CODES, PERMISSIONS, type PermissionName } from './permissions';

/** A permission code of 01-console §6 (1 … 45). */
export const permissionCode = () =>
  z
    .number()
    .int()
    .refine((c) => (ALL_PERMISSION_CODES as number[]).includes(c), { error: 'validation.permissionCode' });
export const permissionCodes = () =>
  z
    .array(permissionCode())
    .max(ALL_PERMISSION_CODES.length)
    .transform((a) => [...new Set(a)].sort((x, y) => x - y));

/** In one event: the codes given directly and the permission roles granted. */
export const EventAccess = z.object({
  eventId: id(),
  permissions: permissionCodes(),
  roleIds: z
    .array(id())
    .max(100)
    .transform((a) => [...new Set(a)]),
});
export type EventAccess = z.infer<typeof EventAccess>;
export const EventAccessRow = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  permissions: z.array(z.number().int()),
  roleIds: z.array(z.number().int()),
  /** Direct codes and the codes of the roles: what the user may do in the event. */
  effective: z.array(z.number().int()),
});
export type EventAccessRow = z.infer<typeof EventAccessRow>;

/** A console user in the list (admin/configuration/users, users-admin guard). */
export const ConsoleUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  isMegaAdmin: z.boolean(),
  isUsersAdmin: z.boolean(),
  disabled: z.boolean(),
  dateInactive: z.string().nullable(),
  mustChangePassword: z.boolean(),
  otpEnabled: z.boolean(),
  otpRequired: z.boolean(),
  lastSignInAt: z.string().nullable(),
  /** Invited and has not chosen a password yet. */
  invitationPending: z.boolean(),
  updatedAt: z.string(),
  eventAccess: z.array(EventAccessRow),
});
export type ConsoleUser = z.infer<typeof ConsoleUser>;

export const ConsoleUserDetail = ConsoleUser;
export type ConsoleUserDetail = z.infer<typeof ConsoleUserDetail>;

/** The detail form; POST (no id) creates and invites, PATCH (id, updatedAt) saves. */
export const ConsoleUserSave = z.object({
  id: id().optional(),
  /** The version the form was loaded at: a save over someone else's change is refused. */
  updatedAt: z.string().max(40).optional(),
  name: z.string().trim().min(1, { error: 'validation.required' }).max(150),
  email: email().pipe(z.string().max(254)),
  isAdmin: z.boolean(),
  isSuperAdmin: z.boolean(),
  isMegaAdmin: z.boolean(),
  isUsersAdmin: z.boolean(),
  disabled: z.boolean(),
  dateInactive: instant().nullable(),
  mustChangePassword: z.boolean(),
  otpRequired: z.boolean(),
  eventAccess: z
    .array(EventAccess)
    .max(1000)
    .superRefine((a, ctx) => {
      const seen = new Set<number>();
      a.forEach((x, i) => {
        if (seen.has(x.eventId))
          ctx.addIssue({ code: 'custom', path: [i, 'eventId'], message: 'validation.duplicateEvent' });
        seen.add(x.eventId);
      });
    }),
});
export type ConsoleUserSave = z.infer<typeof ConsoleUserSave>;
export type ConsoleUserSaveInput = z.input<typeof ConsoleUserSave>;

export const ConsoleUserListQuery = ListQuery.extend({
  search: z.string().trim().max(150).optional(),
});
export const ConsoleUserListResult = z.object({ users: z.array(ConsoleUser), total: z.number().int() });
export type ConsoleUserListResult = z.infer<typeof ConsoleUserListResult>;

/** What the detail offers: every event and every permission role. */
export const ConsoleUserOptions = z.object({
  events: z.array(z.object({ id: z.number().int(), name: z.string(), isClosed: z.boolean() })),
  roles: z.array(
    z.object({ id: z.number().int(), name: z.string(), permissions: z.array(z.number().int()) }),
  ),
});
export type ConsoleUserOptions = z.infer<typeof ConsoleUserOptions>;

/** After a create or "send again": whether the e-mail left (a failure keeps the user). */
export const InvitationResult = z.object({
  id: z.number().int(),
  sent: z.boolean(),
  /** A new address waiting for its confirmation from that address (the old one stays until then). */
  emailPending: z.string().optional(),
});

/** POST /users/email-confirm: the link mailed to a new address. */
export const EmailConfirmRequest = z.object({ token: z.string().min(1).max(2000) });

/** Permission roles (admin/configuration/roles): named sets of the 45 codes. */
export const PermissionRole = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.number().int()),
  /** How many grants (user × event) hold it. */
  holders: z.number().int(),
});
export type PermissionRole = z.infer<typeof PermissionRole>;
/** Who holds a role, and in which event (the role form lists them; a delete is refused while any do). */
export const PermissionRoleHolder = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  eventId: z.number().int(),
  event: z.string(),
});
export type PermissionRoleHolder = z.infer<typeof PermissionRoleHolder>;
export const PermissionRoleSave = z.object({
  id: id().optional(),
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  permissions: permissionCodes().refine((a) => a.length > 0, { error: 'validation.permissionsRequired' }),
});
export type PermissionRoleSave = z.infer<typeof PermissionRoleSave>;

/** The 45 codes grouped by area, as the roles screen and the user detail show them. */
export const PERMISSION_AREAS: Record<string, PermissionName[]> = {
  event: ['edicionDeEventos', 'generateQr', 'locations', 'staff', 'publicidadKiosco', 'flag', 'addon', 'api'],
  cashless: [
    'articulos',
    'menuUbicaciones',
    'pack',
    'bonficiacionesAutomaticas',
    'bonificacionesManuales',
    'gastosDeGestion',
    'devoluciones',
    'refundsEdit',
  ],
  access: ['roles', 'zonas', 'puertas', 'accesos', 'timeRange', 'control_presence', 'capacity'],
  status: ['clientes', 'dispositivos', 'dispositivos_generales', 'tickets'],
  reports: [
    'quickdashboard',
    'infoventas',
    'workday',
    'cajas',
    'reportsStaff',
    'reportsLocation',
    'reportsArticle',
    'reportsBonus',
    'reportsRecharges',
    'reportsOnlineTopUps',
    'reportsTopUpsLocation',
    'onlineTopUpsReport',
    'wristbandsPerDay',
    'downloadBilling',
    'reportAddons',
    'reportsManualBonuses',
    'reportsManualRoles',
    'metreSalesReport',
  ],
};
/** Every code is in exactly one area (contracts test). */
export const codesOfArea = (area: string) => (PERMISSION_AREAS[area] ?? []).map((n) => PERMISSIONS[n]);
