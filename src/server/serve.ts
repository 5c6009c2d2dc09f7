import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App, AppResponse } from './app.js';

export interface ServeOptions {
  port?: number;
  host?: string;
  /** Largest request body accepted (bytes); default 16 MiB. */
  maxBodyBytes?: number;
  /** Whole-request deadline in ms; default 30 s. */
  requestTimeoutMs?: number;
  /** Deadline for a request's headers in ms; default 10 s (tests use less). */
  headersTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

class TooLarge extends Error {}

/** Bytes written per chunk of a streamed response body. */
export const RESPONSE_CHUNK = 64 * 1024;

/**
 * Writes a response; a body larger than one chunk (the whole report, a download) goes out in
 * chunks as the client takes them (chunked transfer encoding): the first bytes leave at once, and a
 * slow reader is fed at its own pace instead of having the whole body queued on its socket.
 */
async function writeResponse(res: ServerResponse, r: AppResponse): Promise<void> {
  const body = typeof r.body === 'string' ? Buffer.from(r.body) : r.body;
  if (body.byteLength <= RESPONSE_CHUNK) {
    res.writeHead(r.status, r.headers);
    res.end(body);
    return;
  }
  const headers = { ...r.headers };
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-length') delete headers[name];
  res.writeHead(r.status, headers);
  for (let at = 0; at < body.byteLength && !res.destroyed; at += RESPONSE_CHUNK) {
    if (!res.write(body.subarray(at, at + RESPONSE_CHUNK)))
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
  }
  if (!res.destroyed) res.end();
}

function readBody(req: IncomingMessage, max: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > max) {
      reject(new TooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) {
        reject(new TooLarge());
        req.pause();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Serves `app` with node:http on 127.0.0.1 by default, with bounded headers, body size and
 * request time. Port 0 picks a free port (tests).
 */
export async function startServer(app: App, options: ServeOptions = {}): Promise<RunningServer> {
  const maxBody = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      headersTimeout: options.headersTimeoutMs ?? 10_000,
      // Timeouts are enforced when connections are checked (every 30 s by default): check each
      // second, so that slow headers are cut after 10 s as documented, not up to 40 s.
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      const send = (r: AppResponse): Promise<void> => writeResponse(res, r);
      void (async () => {
        let body: Uint8Array | null = null;
        if (req.method === 'POST' || req.method === 'PUT') {
          try {
            body = await readBody(req, maxBody);
          } catch (err) {
            const r = await app.request({ method: 'GET', url: '/api/__too_large__', headers: {} });
            r.status = err instanceof TooLarge ? 413 : 400;
            r.body = JSON.stringify({
              error: {
                code: err instanceof TooLarge ? 'too-large' : 'bad-body',
                message:
                  err instanceof TooLarge
                    ? `The request body is larger than ${maxBody} bytes.`
                    : 'The request body could not be read.',
              },
            });
            r.headers.connection = 'close';
            await send(r);
            req.destroy();
            return;
          }
        }
        const headers: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        await send(await app.request({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body }));
      })();
    },
  );
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
