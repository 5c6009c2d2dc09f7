import { describe, expect, it } from 'vitest';
import { reportFixture } from '../report/__fixtures__/report-data.js';
import { createApp } from './app.js';
import type { ServerBackend } from './backend.js';
import { startServer } from './serve.js';

const uploads: { name: string; bytes: Uint8Array }[] = [];
const backend: ServerBackend = {
  data: () => reportFixture,
  upload: async (file) => {
    uploads.push(file);
    return { documents: ['new1'], summary: { documents: { new: 1 } } };
  },
};
const app = createApp(backend, { allowedHosts: ['127.0.0.1:8080', 'localhost:8080'] });
const get = (url: string, headers: Record<string, string> = {}) =>
  app.request({ method: 'GET', url, headers: { host: '127.0.0.1:8080', ...headers } });
const body = (r: { body: string | Uint8Array }) => JSON.parse(String(r.body));

describe('HTTP API', () => {
  it('summarises the ledger in /api/overview', async () => {
    const r = await get('/api/overview');
    expect(r.status).toBe(200);
    const o = body(r);
    expect(o.counts).toEqual({ documents: 7, families: 4, reuse: 4, events: 3, quotes: 3, claims: 3 });
    expect(o.custody.entries).toBe(7);
    expect(o.flags.conflicts.map((c: { id: string }) => c.id)).toEqual(['e1']);
    expect(o.flags.altered_quotes.map((q: { id: string }) => q.id)).toEqual(['q1']);
    expect(o.flags.denials.map((c: { id: string }) => c.id)).toEqual(['c2']);
  });

  it('lists documents without texts and pages them', async () => {
    const r = body(await get('/api/documents?offset=2&limit=3'));
    expect(r.total).toBe(7);
    expect(r.items.map((d: { id: string }) => d.id)).toEqual(['d3', 'd4', 'd5']);
    expect(r.items[0].text).toBeUndefined();
  });

  it('serves one document with text, highlights and custody', async () => {
    const r = body(await get('/api/documents/d1'));
    expect(r.document.text).toContain('Artillery shells struck');
    expect(r.highlights.length).toBeGreaterThan(3);
    expect(r.custody).toHaveLength(1);
    expect(r.custody[0].sha256).toBe(r.document.sha256);
  });

  it('serves events, reuse filtered by document, quotes, claims, families, custody', async () => {
    expect(body(await get('/api/events/e1')).killed).toEqual({ low: 12, best: 12, high: 14 });
    expect(body(await get('/api/reuse?document=d4')).items.map((p: { b: string }) => p.b)).toEqual(['d4']);
    expect(body(await get('/api/quotes')).total).toBe(3);
    expect(body(await get('/api/claims')).items[1].stance).toBe('deny');
    expect(body(await get('/api/families'))).toHaveLength(4);
    const c = body(await get('/api/custody'));
    expect(c.checkpoint.entries).toBe(7);
    expect(c.items).toHaveLength(7);
  });

  it('searches events, quotes, claims and document texts', async () => {
    const r = body(await get('/api/search?q=devastation'));
    expect(r.quotes.map((q: { id: string }) => q.id)).toEqual(['q1']);
    expect(r.documents.map((d: { id: string }) => d.id)).toEqual(['d1', 'd2', 'd3', 'd4']);
    expect((await get('/api/search')).status).toBe(400);
  });

  it('answers unknown paths, ids and methods with JSON errors and security headers', async () => {
    for (const [req, status] of [
      [get('/api/nope'), 404],
      [get('/etc/passwd'), 404],
      [get('/../../package.json'), 404],
      [get('/api/events/zzz'), 404],
      [get('/api/documents?limit=abc'), 400],
      [app.request({ method: 'DELETE', url: '/api/events', headers: { host: '127.0.0.1:8080' } }), 405],
      [get('/api/overview', { host: 'evil.example' }), 421],
      [get(`/api/search?q=${'a'.repeat(3000)}`), 414],
    ] as const) {
      const r = await req;
      expect(r.status).toBe(status);
      expect(body(r).error.message).toBeTruthy();
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('accepts an upload through the backend and refuses cross-origin ones', async () => {
    const bytes = new TextEncoder().encode('A new report.');
    const ok = await app.request({
      method: 'POST',
      url: '/api/documents?name=new.txt',
      headers: { host: '127.0.0.1:8080' },
      body: bytes,
    });
    expect(ok.status).toBe(201);
    expect(body(ok).documents).toEqual(['new1']);
    expect(uploads.at(-1)?.name).toBe('new.txt');
    const cross = await app.request({
      method: 'POST',
      url: '/api/documents?name=x.txt',
      headers: { host: '127.0.0.1:8080', origin: 'http://evil.example' },
      body: bytes,
    });
    expect(cross.status).toBe(403);
    const noName = await app.request({
      method: 'POST',
      url: '/api/documents',
      headers: { host: '127.0.0.1:8080' },
      body: bytes,
    });
    expect(noName.status).toBe(400);
  });

  it('limits request bodies over HTTP (413) on 127.0.0.1', async () => {
    const running = await startServer(createApp(backend), { port: 0, maxBodyBytes: 1024 });
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const r = await fetch(`${running.url}api/documents?name=big.txt`, {
        method: 'POST',
        body: 'x'.repeat(4096),
      });
      expect(r.status).toBe(413);
      expect((await r.json()).error.code).toBe('too-large');
      const ok = await fetch(`${running.url}api/events`);
      expect(ok.status).toBe(200);
    } finally {
      await running.close();
    }
  });
});
