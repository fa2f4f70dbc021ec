import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { sealClearOtpSecrets } from './auth/otp-secrets';
import { integratorRoutes } from './integrators/integrators.routes';
import { permissionRoleRoutes } from './roles/roles.routes';
import { passwordResetMailJob } from './users/password-reset.task';
import { consoleUserRoutes } from './users/users.routes';

/**
 * Access: sign-in, the console users and their roles, integrators and their API keys, the audit trail.
 * The domain's one door: what other domains may use is exported below.
 */
export async function register(app: FastifyInstance, ctx: AppContext) {
  // Secrets at rest: TOTP secrets still in clear are sealed (a data migration that needs the key).
  await sealClearOtpSecrets(ctx);
  await authRoutes(app, ctx);
  await consoleUserRoutes(app, ctx);
  await permissionRoleRoutes(app, ctx);
  await integratorRoutes(app, ctx);
  await auditRoutes(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [passwordResetMailJob];

export { findUserByEmail } from './auth/auth.repo';
