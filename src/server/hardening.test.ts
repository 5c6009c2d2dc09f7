import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportFixture } from '../report/__fixtures__/report-data.js';
import type { ReportData } from '../report/types.js';
import { openStore } from '../store/open-store.js';
import { createApp } from './app.js';
import { createStoreBackend, type ServerBackend } from './backend.js';
import { startServer } from './serve.js';

const backend: ServerBackend = {
  data: () => reportFixture,
  upload: async (file) =>
    file.name.startsWith('bad')
      ? { documents: [], summary: { rejected: 1 }, refused: true }
      : { documents: ['new1'], summary: { rejected: 0 } },
};
const bytes = new TextEncoder().encode('A new report.');
const TOKEN = 'a-long-enough-secret-token';

describe('a server reachable beyond loopback', () => {
  const app = createApp(backend, { token: TOKEN, allowedOrigins: ['https://desk.example.org'] });
  const host = '192.0.2.10:8080';

  it('answers only requests that carry the token', async () => {
    expect((await app.request({ method: 'GET', url: '/api/overview', headers: { host } })).status).toBe(401);
    const wrong = { host, authorization: 'Bearer not-the-token-at-all-123' };
    expect((await app.request({ method: 'GET', url: '/api/overview', headers: wrong })).status).toBe(401);
    const bearer = { host, authorization: `Bearer ${TOKEN}` };
    expect((await app.request({ method: 'GET', url: '/api/overview', headers: bearer })).status).toBe(200);
    const link = await app.request({ method: 'GET', url: `/api/overview?token=${TOKEN}`, headers: { host } });
    expect(link.status).toBe(200);
    expect(link.headers['set-cookie']).toContain('HttpOnly; SameSite=Strict');
    const cookie = { host, cookie: `other=1; corroborate_token=${TOKEN}` };
    expect((await app.request({ method: 'GET', url: '/api/overview', headers: cookie })).status).toBe(200);
  });

  it('keeps the Origin check: its own origin and the allowed ones may upload, others not', async () => {
    const post = (origin: string) =>
      app.request({
        method: 'POST',
        url: '/api/documents?name=new.txt',
        headers: { host, origin, authorization: `Bearer ${TOKEN}` },
        body: bytes,
      });
    expect((await post(`http://${host}`)).status).toBe(201);
    expect((await post('https://desk.example.org')).status).toBe(201);
    expect((await post('http://evil.example')).status).toBe(403);
  });

  it('answers 422 to a refused upload', async () => {
    const r = await app.request({
      method: 'POST',
      url: '/api/documents?name=bad.bin',
      headers: { host, authorization: `Bearer ${TOKEN}` },
      body: bytes,
    });
    expect(r.status).toBe(422);
  });

  it('serialises /api/report once per report data', async () => {
    let serialised = 0;
    const data = { ...reportFixture, counted: { toJSON: () => ++serialised } } as unknown as ReportData;
    const cached = createApp({ data: () => data });
    const first = await cached.request({ method: 'GET', url: '/api/report', headers: {} });
    const second = await cached.request({ method: 'GET', url: '/api/report', headers: {} });
    expect(first.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(serialised).toBe(1);
  });
});

describe('/api/report over HTTP', () => {
  it('is streamed in chunks and is the report without texts', async () => {
    const [first] = reportFixture.documents;
    // Enough documents for a body of several chunks.
    const documents = Array.from({ length: 3000 }, (_, i) => ({
      ...first,
      id: `big${i}`,
      title: `Report ${i}`,
    }));
    const data = { ...reportFixture, documents } as ReportData;
    const running = await startServer(createApp({ data: () => data }), { port: 0 });
    try {
      const { port } = new URL(running.url);
      const raw = await new Promise<Buffer>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        const parts: Buffer[] = [];
        socket.on('data', (d) => parts.push(d));
        socket.on('end', () => resolve(Buffer.concat(parts)));
        socket.on('error', reject);
        socket.write('GET /api/report HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      });
      const split = raw.indexOf('\r\n\r\n');
      const head = raw.subarray(0, split).toString('latin1');
      expect(head).toMatch(/^HTTP\/1\.1 200/);
      expect(head).toMatch(/\r\ntransfer-encoding: chunked/i);
      expect(head).not.toMatch(/\r\ncontent-length:/i);
      // Undo the chunked framing: each chunk is its size in hex, CRLF, the bytes, CRLF.
      const chunks: Buffer[] = [];
      for (let at = split + 4; ; ) {
        const eol = raw.indexOf('\r\n', at);
        const size = Number.parseInt(raw.subarray(at, eol).toString('latin1'), 16);
        if (size === 0) break;
        chunks.push(raw.subarray(eol + 2, eol + 2 + size));
        at = eol + 2 + size + 2;
      }
      expect(chunks.length).toBeGreaterThan(2);
      const expected = { ...data, documents: documents.map(({ text: _text, ...d }) => d) };
      expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual(
        JSON.parse(JSON.stringify(expected)),
      );
    } finally {
      await running.close();
    }
  });
});

describe('uploads kept on disk', () => {
  it('keeps an upload that added an original and removes a refused or duplicate one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-uploads-'));
    const store = openStore(dir);
    try {
      let outcome = { rejected: 1, originals: { new: 0 } };
      const b = createStoreBackend(store, {
        run: async () => ({ summary: outcome, documents: outcome.originals.new ? ['d1'] : [], ledger: null }),
        loadLedger: () => null,
      });
      const refused = await b.upload?.({ name: 'bad.bin', bytes });
      expect(refused?.refused).toBe(true);
      expect(fs.readdirSync(path.join(dir, 'uploads'))).toEqual([]);
      outcome = { rejected: 0, originals: { new: 1 } };
      const kept = await b.upload?.({ name: 'good.txt', bytes });
      expect(kept?.refused).toBeUndefined();
      expect(fs.readdirSync(path.join(dir, 'uploads'))).toHaveLength(1);
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('slow headers', () => {
  it('cuts a connection whose headers do not arrive within the header timeout', async () => {
    const running = await startServer(createApp(backend), { port: 0, headersTimeoutMs: 1500 });
    try {
      const { port } = new URL(running.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      const started = Date.now();
      const closed = new Promise<string>((resolve) => {
        let answer = '';
        socket.on('data', (d) => {
          answer += d.toString();
        });
        socket.on('close', () => resolve(answer));
      });
      // One header line, then nothing more: a slow-headers (slowloris) client.
      socket.write('GET /api/overview HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const answer = await closed;
      const waited = Date.now() - started;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(waited).toBeGreaterThanOrEqual(1400);
      // The check runs every second: cut within the timeout plus that interval, not 30 s later.
      expect(waited).toBeLessThan(1500 + 2500);
    } finally {
      await running.close();
    }
  });
});
