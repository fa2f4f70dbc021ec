import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { registerCapacityLog } from './modules/reports/capacity-log.task';
import { registerRollupCompaction } from './modules/reports/rollups.task';
import { registerUploadSweep } from './modules/uploads/upload-sweep.task';
import { seedIfEmpty } from './seed/demo';

const config = loadConfig();
const database = await openDatabase(config);
const seeded = await seedIfEmpty(database.db, config);
const { app, ctx } = await buildApp({ database });
// Scheduled work of this process, stopped by app.close().
registerCapacityLog(app, ctx);
registerRollupCompaction(app, ctx);
registerUploadSweep(app, ctx);
if (seeded) app.log.info('Loaded the demo festival (accounts in README.md)');

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Pulsera console on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL'})`,
);
