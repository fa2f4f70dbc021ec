import os from 'node:os';
import path from 'node:path';

/** The data folder of the console under test (scripts/e2e-server.mjs), one per port. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `pulsera-e2e-${process.env.E2E_PORT ?? 8181}`);
