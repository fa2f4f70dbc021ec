import { randomBytes } from 'node:crypto';

process.env.SESSION_SECRET ||= randomBytes(32).toString('hex');
process.env.PUBLIC_URL ||= 'http://127.0.0.1';
const { benchPortalApi, printPortalApi } = await import('./portal-api');
const f = await benchPortalApi({
  seconds: Number(process.argv[2] ?? 2),
  webhooks: Number(process.argv[3] ?? 300),
  connections: 10,
  balanceTopUps: 20,
  log: console.log,
});
printPortalApi(f);
