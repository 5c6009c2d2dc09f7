import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { webBundleDir } from '../report/render-report.js';
import { getRoutes, matchRoute, uploadRoute } from './api.js';
import type { ServerBackend } from './backend.js';
import { downloadFor } from './downloads.js';
import { HttpError } from './http-error.js';

export interface AppRequest {
  method: string;
  /** Path and query, e.g. `/api/events?limit=10`. */
  url: string;
  headers: Record<string, string | undefined>;
  body?: Uint8Array | null;
}

export interface AppResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

export interface AppOptions {
  /** Host header values accepted (e.g. `127.0.0.1:8080`); empty accepts any (in-process tests). */
  allowedHosts?: string[];
  /** Folder of the built front end; defaults to `dist/web`. */
  webDir?: string;
  maxUrlLength?: number;
  /**
   * Required of every request when set (a server reachable beyond loopback): as
   * `Authorization: Bearer <token>`, the `corroborate_token` cookie, or once as `?token=` (which
   * sets the cookie, so that a browser opened on that link goes on working).
   */
  token?: string;
  /** Origins (`https://desk.example.org`) whose pages may upload, besides the server's own. */
  allowedOrigins?: string[];
}

export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

const STATIC: Record<string, [file: string, type: string]> = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/index.html': ['index.html', 'text/html; charset=utf-8'],
  '/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/app.css': ['app.css', 'text/css; charset=utf-8'],
};

function json(status: number, value: unknown): AppResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(value),
  };
}

/**
 * The HTTP app as a pure request → response function (the node:http adapter in `serve.ts` is
 * thin), so that tests call it in-process. One error handler turns every failure into
 * `{ error: { code, message, hint? } }` with security headers on every response.
 */
export function createApp(backend: ServerBackend, options: AppOptions = {}) {
  const statics = new Map<string, Uint8Array>();
  const maxUrl = options.maxUrlLength ?? 2048;

  function serveStatic(path: string): AppResponse {
    // Browsers ask for it unprompted; answering "no content" keeps logs and consoles clean.
    if (path === '/favicon.ico')
      return { status: 204, headers: { 'cache-control': 'max-age=86400' }, body: '' };
    const entry = STATIC[path];
    if (!entry)
      throw new HttpError(
        404,
        'not-found',
        `No route for ${path.slice(0, 100)}.`,
        'The API lives under /api/; see docs/report.md.',
      );
    let bytes = statics.get(entry[0]);
    if (!bytes) {
      bytes = readFileSync(`${options.webDir ?? webBundleDir()}${entry[0]}`);
      statics.set(entry[0], bytes);
    }
    return { status: 200, headers: { 'content-type': entry[1], 'cache-control': 'no-cache' }, body: bytes };
  }

  // `/api/report` serialised once per report data (rebuilt only after an upload), as bytes that
  // every request shares (the node:http adapter streams them in chunks).
  let reportCache: { data: unknown; body: Uint8Array } | null = null;

  async function dispatch(req: AppRequest): Promise<AppResponse> {
    if (req.url.length > maxUrl)
      throw new HttpError(414, 'url-too-long', `The URL is longer than ${maxUrl} characters.`);
    if (options.token !== undefined && !authorized(req, options.token))
      throw new HttpError(
        401,
        'unauthorized',
        'This server needs its access token.',
        'Open the link with ?token=… that `corroborate serve` printed, or send Authorization: Bearer <token>.',
      );
    if (options.allowedHosts?.length && !options.allowedHosts.includes(req.headers.host ?? '')) {
      throw new HttpError(
        421,
        'wrong-host',
        `Host "${(req.headers.host ?? '').slice(0, 80)}" is not served here.`,
        `Use ${options.allowedHosts[0]}.`,
      );
    }
    const url = new URL(req.url, 'http://localhost');
    const path = url.pathname;
    const method = req.method.toUpperCase();
    if (path.startsWith('/api/')) {
      if (method === 'POST' && path === '/api/documents') {
        const origin = req.headers.origin;
        if (origin && !originAllowed(origin, req.headers.host, options)) {
          throw new HttpError(403, 'cross-origin', `Uploads from ${origin.slice(0, 80)} are refused.`);
        }
        const result = await uploadRoute(backend, {
          params: {},
          query: url.searchParams,
          body: req.body ?? null,
        });
        // A refused upload (nothing readable in it) is the client's to fix: 422, as documented.
        return json((result as { refused?: boolean }).refused ? 422 : 201, result);
      }
      if (path === '/api/report' && (method === 'GET' || method === 'HEAD')) {
        const data = backend.data();
        if (reportCache?.data !== data) {
          const route = getRoutes.find(([pattern]) => pattern === '/api/report')?.[1];
          const value = route
            ? await route(backend, { params: {}, query: url.searchParams, body: null })
            : null;
          reportCache = { data, body: Buffer.from(JSON.stringify(value)) };
        }
        return { ...json(200, null), body: reportCache.body };
      }
      const download = downloadFor(backend, path);
      if (download) {
        if (method !== 'GET' && method !== 'HEAD')
          throw new HttpError(405, 'method-not-allowed', `${method} is not allowed on ${path}; use GET.`);
        return download;
      }
      for (const [pattern, handler] of getRoutes) {
        const params = matchRoute(pattern, path);
        if (!params) continue;
        if (method !== 'GET' && method !== 'HEAD')
          throw new HttpError(405, 'method-not-allowed', `${method} is not allowed on ${pattern}; use GET.`);
        return json(200, await handler(backend, { params, query: url.searchParams, body: null }));
      }
      throw new HttpError(
        404,
        'not-found',
        `No API route ${path.slice(0, 100)}.`,
        'See docs/report.md for the routes.',
      );
    }
    if (method !== 'GET' && method !== 'HEAD')
      throw new HttpError(405, 'method-not-allowed', `${method} is not allowed on ${path.slice(0, 100)}.`);
    return serveStatic(path);
  }

  return {
    async request(req: AppRequest): Promise<AppResponse> {
      let res: AppResponse;
      try {
        res = await dispatch(req);
      } catch (err) {
        if (err instanceof HttpError)
          res = json(err.status, {
            error: { code: err.code, message: err.message, ...(err.hint ? { hint: err.hint } : {}) },
          });
        else {
          const e = err as Error & { hint?: string };
          // Library errors (bad upload, store problems) are the client's to see; never a stack.
          const known = ['UsageError', 'InputError', 'StoreError'].includes(e?.name);
          res = json(known ? 422 : 500, {
            error: {
              code: known ? 'rejected' : 'internal',
              message: known ? e.message : 'Internal error; see the server log.',
              ...(known && e.hint ? { hint: e.hint } : {}),
            },
          });
          if (!known) process.stderr.write(`corroborate serve: ${e?.stack ?? String(err)}\n`);
        }
      }
      res.headers = { ...SECURITY_HEADERS, ...res.headers };
      // A token given in the link becomes a cookie, so the page's own requests carry it.
      const given = new URL(req.url, 'http://localhost').searchParams.get('token');
      if (options.token !== undefined && given !== null && same(given, options.token))
        res.headers['set-cookie'] =
          `corroborate_token=${encodeURIComponent(options.token)}; HttpOnly; SameSite=Strict; Path=/`;
      if (req.method.toUpperCase() === 'HEAD') res.body = '';
      return res;
    },
  };
}

export type App = ReturnType<typeof createApp>;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The request carries the token: bearer header, cookie, or `?token=`. */
function authorized(req: AppRequest, token: string): boolean {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (bearer !== undefined && same(bearer.trim(), token)) return true;
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === 'corroborate_token' && value !== undefined && same(decodeURIComponent(value), token))
      return true;
  }
  const given = new URL(req.url, 'http://localhost').searchParams.get('token');
  return given !== null && same(given, token);
}

/**
 * An upload's Origin is accepted when it is one of the served hosts (loopback), the server's own
 * origin as the request names it (beyond loopback), or listed with `--allowed-origin`.
 */
function originAllowed(origin: string, host: string | undefined, options: AppOptions): boolean {
  if (options.allowedOrigins?.includes(origin)) return true;
  if (options.allowedHosts?.length) return options.allowedHosts.some((h) => origin === `http://${h}`);
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}
