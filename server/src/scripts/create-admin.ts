import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { email as emailSchema, passwordProblems } from '@pulsera/contracts';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { findUserByEmail } from '../modules/auth/auth.repo';

/**
 * npm run create-admin -- --email X [--name "Full Name"]
 * Creates a mega admin with a one-time password printed once; they must change it at first sign-in.
 */
const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const parsed = emailSchema().safeParse(values.email ?? '');
if (!parsed.success) {
  console.error('Usage: npm run create-admin -- --email admin@example.com [--name "Full Name"]');
  process.exit(2);
}
const email = parsed.data;
const config = loadConfig();
const database = await openDatabase(config);
try {
  if (await findUserByEmail(database.db, email)) {
    console.error(`A user with e-mail ${email} already exists.`);
    process.exitCode = 1;
  } else {
    let password = '';
    do password = `${randomBytes(9).toString('base64url')}-A1`;
    while (passwordProblems(password, { email }).length > 0);
    await database.db.insert(users).values({
      email,
      name: values.name ?? email.split('@')[0]!,
      passwordHash: await hashPassword(password),
      isAdmin: true,
      isSuperAdmin: true,
      isMegaAdmin: true,
      isUsersAdmin: true,
      mustChangePassword: true,
      neverChangedPassword: true,
    });
    console.log(`Created mega admin ${email}. One-time password: ${password}`);
    console.log('They must choose a new password at first sign-in.');
  }
} finally {
  await database.close();
}
