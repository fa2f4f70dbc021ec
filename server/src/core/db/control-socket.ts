import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './client';

/**
 * The embedded database's control socket (`DATA_DIR/control.sock`, a Unix socket readable and
 * writable by the server's own OS user only): `npm run backup` asks the running server for a copy
 * of its data folder through it, since PGlite is one process's database and no other process may
 * open the folder while the server holds it. Nothing listens on the network; whoever can reach the
 * socket can already read DATA_DIR itself.
 *
 * Protocol: the client sends `backup\n`; the server answers `ok <bytes>\n` followed by the gzipped
 * tar of the data folder, or `error <message>\n`.
 */
export const CONTROL_SOCKET = 'control.sock';

export const controlSocketPath = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

/**
 * A consistent copy of the embedded database: taken inside a transaction of its own, so it waits for
 * every open transaction (PGlite runs one at a time) and none starts until it is done; a checkpoint
 * first writes every committed page to the files, so the copy starts without recovery.
 */
export async function dumpEmbedded(client: PGlite): Promise<Buffer> {
  const blob = await client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    return client.dumpDataDir('gzip');
  });
  return Buffer.from(await blob.arrayBuffer());
}

/** The PGlite client behind an embedded Database (null on PostgreSQL). */
export function pgliteOf(database: Database): PGlite | null {
  if (database.kind !== 'pglite') return null;
  return (database.db as unknown as { session: { client: PGlite } }).session.client;
}

/**
 * Listens on DATA_DIR/control.sock for backup requests (embedded database only). Answers a function
 * that stops listening.
 */
export async function startControlSocket(
  database: Database,
  dataDir: string,
  log: (m: string) => void = console.error,
): Promise<() => Promise<void>> {
  const client = pgliteOf(database);
  if (!client) return async () => undefined;
  const file = controlSocketPath(dataDir);
  // A socket left by a process that did not stop cleanly (this process holds the database now).
  if (existsSync(file)) unlinkSync(file);
  let busy: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let line = '';
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      line += chunk;
      if (!line.includes('\n')) {
        if (line.length > 100) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      const command = line.slice(0, line.indexOf('\n')).trim();
      if (command !== 'backup') {
        socket.end(`error unknown command\n`);
        return;
      }
      // One backup at a time.
      busy = busy.then(async () => {
        try {
          const started = Date.now();
          const data = await dumpEmbedded(client);
          log(`Backup of the embedded database: ${data.length} bytes in ${Date.now() - started} ms`);
          socket.write(`ok ${data.length}\n`);
          socket.end(data);
        } catch (err) {
          log(`Backup of the embedded database failed: ${(err as Error).message}`);
          socket.end(`error ${(err as Error).message.replace(/\n/g, ' ')}\n`);
        }
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      if (existsSync(file)) unlinkSync(file);
    });
}
