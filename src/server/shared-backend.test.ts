import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ingest } from '../ingest/ingest.js';
import { loadLedger } from '../ledger-file/read.js';
import { loadReportData } from '../report/load-report-data.js';
import type { AsyncStore } from '../store/async-store.js';
import { openSharedStore } from '../store/open-store.js';
import { createApp } from './app.js';
import { createSharedStoreBackend, type SharedStoreBackendOptions } from './shared-backend.js';

/**
 * The shared-store backend of `serve`, over the embedded store's asynchronous interface (the same
 * interface PostgreSQL offers; `test/serve-postgres.test.ts` runs two servers on PostgreSQL).
 */
let dir: string;
let shared: AsyncStore;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-shared-backend-'));
  shared = await openSharedStore(path.join(dir, 'store'));
});
afterEach(async () => {
  await shared.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const headers = { host: '127.0.0.1:8080' };

function file(name: string, text: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

function options(overrides: Partial<SharedStoreBackendOptions> = {}): SharedStoreBackendOptions {
  return {
    folder: path.join(dir, 'copy'),
    lock: 'analysis',
    version: 'test',
    read: (store, generated) => loadReportData(store, { ledger: loadLedger(store), generated }),
    ingest: async (p) => {
      const summary = await ingest(shared, [p]);
      return { summary, documents: summary.ingested.flatMap((i) => i.newDocuments) };
    },
    analyze: async () => {},
    uploads: path.join(dir, 'uploads'),
    refreshMs: 3_600_000,
    ...overrides,
  };
}

describe('serve over a shared store', () => {
  it('answers reads from the data it holds while an upload waits, then serves the upload', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const base = options();
    const backend = await createSharedStoreBackend(
      shared,
      options({
        ingest: async (p) => {
          await gate;
          return base.ingest(p);
        },
      }),
    );
    const app = createApp(backend, { allowedHosts: [headers.host] });
    try {
      const upload = app.request({
        method: 'POST',
        url: '/api/documents?name=quarry.txt',
        headers,
        body: new TextEncoder().encode('The quarry road at Fennick closed on Tuesday after a landslide.\n'),
      });
      const read = await app.request({ method: 'GET', url: '/api/overview', headers });
      expect(read.status).toBe(200);
      expect(JSON.parse(String(read.body)).counts.documents).toBe(0);
      release();
      const answered = await upload;
      expect(answered.status).toBe(201);
      const [id] = JSON.parse(String(answered.body)).documents as string[];
      const doc = await app.request({ method: 'GET', url: `/api/documents/${id}`, headers });
      expect(JSON.parse(String(doc.body)).document.text).toContain('quarry road');
      // The upload's bytes live in the store now: the waiting file is gone.
      expect(fs.readdirSync(path.join(dir, 'uploads'))).toEqual([]);
    } finally {
      await backend.close();
    }
  });

  it('picks up what another machine added, and only then rebuilds', async () => {
    const backend = await createSharedStoreBackend(shared, options());
    try {
      expect(backend.data().documents).toHaveLength(0);
      expect(await backend.refresh()).toBe(false);
      await ingest(shared, [file('elsewhere.txt', 'Ferries to Inchmoor were cancelled on Friday.\n')]);
      const before = backend.data();
      expect(await backend.refresh()).toBe(true);
      expect(backend.data()).not.toBe(before);
      expect(backend.data().documents.map((d) => d.text)).toEqual([
        'Ferries to Inchmoor were cancelled on Friday.\n',
      ]);
      expect(await backend.refresh()).toBe(false);
    } finally {
      await backend.close();
    }
  });

  it('refreshes by itself every refreshMs', async () => {
    const backend = await createSharedStoreBackend(shared, options({ refreshMs: 50 }));
    try {
      await ingest(shared, [file('later.txt', 'The lighthouse at Scarrow was relit on Sunday.\n')]);
      const deadline = Date.now() + 10_000;
      while (backend.data().documents.length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(backend.data().documents).toHaveLength(1);
    } finally {
      await backend.close();
    }
  });

  it('uploads made while an analysis runs share the next analysis, which starts after their ingest', async () => {
    const started: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let first!: () => void;
    const firstStarted = new Promise<void>((r) => {
      first = r;
    });
    const backend = await createSharedStoreBackend(
      shared,
      options({
        analyze: async () => {
          started.push(await shared.documents.count());
          if (started.length === 1) {
            first();
            await gate;
          }
        },
      }),
    );
    const send = (name: string, text: string) =>
      backend.upload?.({ name, bytes: new TextEncoder().encode(text) }) ??
      Promise.reject(new Error('no upload'));
    try {
      const a = send('a.txt', 'The tram line to Orrin reopened on Monday.\n');
      await firstStarted;
      const later = [
        send('b.txt', 'Snow closed the pass above Veldt on Tuesday.\n'),
        send('c.txt', 'The ferry to Holm sailed again on Wednesday.\n'),
      ];
      const deadline = Date.now() + 10_000;
      while ((await shared.documents.count()) < 3 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      release();
      const answers = await Promise.all([a, ...later]);
      expect(answers.map((r) => r.documents.length)).toEqual([1, 1, 1]);
      // One analysis for the first upload, one for the two made while it ran, after both ingests.
      expect(started).toEqual([1, 3]);
      expect(backend.data().documents).toHaveLength(3);
    } finally {
      await backend.close();
    }
  });

  it('ingests at most maxIngests uploads at once', async () => {
    const base = options();
    let active = 0;
    let most = 0;
    let analyses = 0;
    const backend = await createSharedStoreBackend(
      shared,
      options({
        maxIngests: 1,
        ingest: async (p) => {
          active++;
          most = Math.max(most, active);
          try {
            await new Promise((r) => setTimeout(r, 30));
            return await base.ingest(p);
          } finally {
            active--;
          }
        },
        analyze: async () => {
          analyses++;
        },
      }),
    );
    try {
      const bytes = new TextEncoder().encode('The well at Dunnet was capped on Friday.\n');
      const answers = await Promise.all([
        backend.upload?.({ name: 'one.txt', bytes }),
        backend.upload?.({
          name: 'two.txt',
          bytes: new TextEncoder().encode('Rain flooded the square at Ebb.\n'),
        }),
      ]);
      expect(answers.map((r) => r?.documents.length)).toEqual([1, 1]);
      expect(most).toBe(1);
      expect(analyses).toBeGreaterThan(0);
    } finally {
      await backend.close();
    }
  });

  it('analyses a duplicate upload again: retrying an upload whose analysis failed brings it in', async () => {
    let analyses = 0;
    let failNext = true;
    const backend = await createSharedStoreBackend(
      shared,
      options({
        analyze: async () => {
          if (failNext) {
            failNext = false;
            throw new Error('the analysis lock was lost');
          }
          analyses++;
        },
      }),
    );
    try {
      const bytes = new TextEncoder().encode('The ferry at Quillan ran aground on Monday.\n');
      // The document is stored, but its analysis fails: the client gets the error.
      await expect(backend.upload?.({ name: 'one.txt', bytes })).rejects.toThrow('lock was lost');
      expect(analyses).toBe(0);
      // The same file sent again is a duplicate, and is analysed this time.
      const again = await backend.upload?.({ name: 'one.txt', bytes });
      expect(again?.documents).toEqual([]);
      expect(analyses).toBe(1);
    } finally {
      await backend.close();
    }
  });

  it('a failed ingest answers the error, removes the waiting file and keeps serving', async () => {
    const backend = await createSharedStoreBackend(
      shared,
      options({
        ingest: async () => {
          throw new Error('the store went away');
        },
      }),
    );
    try {
      await expect(
        backend.upload?.({ name: 'x.txt', bytes: new TextEncoder().encode('Text.\n') }),
      ).rejects.toThrow('the store went away');
      expect(fs.readdirSync(path.join(dir, 'uploads'))).toEqual([]);
      expect(backend.data().documents).toHaveLength(0);
    } finally {
      await backend.close();
    }
  });
});
