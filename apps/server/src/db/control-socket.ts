import { chmodSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { type Database, DatabaseError, openDatabase } from './client';

/**
 * The embedded database belongs to the server process that opened it: a second process must not open its files.
 * So a running server answers on a Unix socket in DATA_DIR (only DATA_DIR's owner may connect, the same people who
 * may read the database files), and the shell tools ask it: is a server running here, and for a copy of the
 * database taken between two of its statements (docs/decisions/013).
 */
export const controlSocketPath = (dataDir: string) => join(resolve(dataDir), 'control.sock');

/** Linux allows 107 bytes in a socket path. */
const SOCKET_PATH_MAX = 107;

/** False when DATA_DIR's path is too long for a socket in it; the tools then cannot tell whether a server runs. */
export const controlSocketFits = (dataDir: string) => Buffer.byteLength(controlSocketPath(dataDir)) <= SOCKET_PATH_MAX;

/** Refuses to open an embedded database a server already holds (two processes on its files would corrupt it). */
export async function assertNoServer(dataDir: string) {
  if (await pingControlSocket(dataDir)) {
    throw new DatabaseError(`a server is running on the embedded database in ${resolve(dataDir)}`);
  }
}

/** Opens the configured database for a shell tool; an embedded one a running server holds is refused. */
export async function openForTool(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (!config.databaseUrl) await assertNoServer(config.dataDir);
  return openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
}

/**
 * Starts answering on DATA_DIR/control.sock (null when its path is too long); a leftover file from a stopped server
 * is replaced.
 */
export async function serveControlSocket(database: Database, dataDir: string): Promise<Server | null> {
  const path = controlSocketPath(dataDir);
  if (!controlSocketFits(dataDir)) return null;
  rmSync(path, { force: true });
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/ping') {
      res.end('chaupal');
      return;
    }
    if (req.method === 'GET' && req.url === '/backup' && database.dump) {
      database.dump().then(
        (blob) => {
          res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': blob.size });
          Readable.fromWeb(blob.stream() as Parameters<typeof Readable.fromWeb>[0]).pipe(res);
        },
        (err: Error) => {
          res.writeHead(500).end(err.message);
        },
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, done);
  });
  chmodSync(path, 0o600);
  server.on('close', () => rmSync(path, { force: true }));
  return server;
}

/** True when a server answers on DATA_DIR's socket; a missing or dead socket means none runs. */
export async function pingControlSocket(dataDir: string): Promise<boolean> {
  if (!controlSocketFits(dataDir)) return false;
  return new Promise((done) => {
    const req = request({ socketPath: controlSocketPath(dataDir), path: '/ping', timeout: 5000 }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on('error', () => done(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** Asks the running server for a copy of its database: a stream of the gzipped tar, and its size. */
export function requestBackup(dataDir: string): Promise<{ size: number; body: Readable }> {
  return new Promise((done, fail) => {
    const req = request({ socketPath: controlSocketPath(dataDir), path: '/backup' }, (res) => {
      if (res.statusCode !== 200) {
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => fail(new DatabaseError(`the running server could not copy its database: ${text}`)));
        return;
      }
      done({ size: Number(res.headers['content-length'] ?? 0), body: res });
    });
    req.on('error', fail);
    req.end();
  });
}
