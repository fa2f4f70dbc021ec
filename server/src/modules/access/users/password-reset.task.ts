import { defineJobKind } from '../../../core/jobs/job-queue';
import { passwordResetMailQueue } from './password-reset.jobs';
import { sendResetLink } from './users.service';

/**
 * The reset link of a "Forgot your password?" request (users.service `sendResetLink`): nothing for an
 * unknown, disabled or inactive account. An e-mail that cannot be sent fails the attempt (its link is
 * rolled back with it) and the queue tries again after 30 s and 1 minute.
 */
export const passwordResetMailJob = defineJobKind({
  ...passwordResetMailQueue,
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireSeconds: 5 * 60,
  run: (ctx, tx, body) => sendResetLink(ctx, tx, body.email, body.lang),
});
