import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { email as emailSchema, passwordProblems } from '@pulsera/contracts';
import { loadConfig } from '../core/config';
import { openDatabase } from '../core/db/client';
import { users } from '../core/db/schema';
import { hashPassword } from '../core/lib/passwords';
import { findUserByEmail } from '../modules/access';

/**
 * npm run create-admin -- --email X [--name "Full Name"] [--password P]
 * Creates a mega admin with a one-time password (printed once, or the one given, which must meet the
 * password policy); they must change it at first sign-in.
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
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
    let password = values.password ?? '';
    if (values.password && passwordProblems(password, { email }).length > 0) {
      console.error('The password does not meet the password policy (see README).');
      process.exit(2);
    }
    while (!password || passwordProblems(password, { email }).length > 0) {
      password = `${randomBytes(9).toString('base64url')}-A1`;
    }
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
    console.log(`Created mega admin ${email}.${values.password ? '' : ` One-time password: ${password}`}`);
    console.log('They must choose a new password at first sign-in.');
  }
} finally {
  await database.close();
}
