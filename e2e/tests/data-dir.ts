import os from 'node:os';
import path from 'node:path';

/** The data folder of the console under test on this port (scripts/e2e-server.mjs), one per port. */
export const dataDirFor = (port: number) => path.join(os.tmpdir(), `pulsera-e2e-${port}`);
