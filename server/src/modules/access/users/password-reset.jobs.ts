import { LANGUAGES } from '@pulsera/contracts';
import { z } from 'zod';
import { defineJobAddress } from '../../../core/jobs/job-queue';

/**
 * Where a "Forgot your password?" request is queued (the kind and handler: password-reset.task.ts):
 * the request answers at once, the same way and in the same time for any address, and the job looks
 * the account up and sends the link.
 */
export const passwordResetMailQueue = defineJobAddress({
  name: 'password-reset-mail',
  body: z.object({ email: z.string().max(320), lang: z.enum(LANGUAGES) }).strict(),
});
