import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLedger } from '../ledger-file/read.js';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';
import { createApp } from './app.js';
import { createStoreBackend } from './backend.js';
import { createWorkerPipeline } from './worker-pipeline.js';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corroborate-worker-'));
  store = openStore(path.join(dir, 'store'));
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const headers = { host: '127.0.0.1:8080' };
const post = (name: string, text: string) => ({
  method: 'POST',
  url: `/api/documents?name=${name}`,
  headers,
  body: new TextEncoder().encode(text),
});

describe('serve with uploads in a worker', () => {
  it('answers a read while an upload is still being ingested', async () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const pipeline = createWorkerPipeline(
      { loadLedger: () => null },
      {
        worker: new URL('./__fixtures__/blocking-worker.mjs', import.meta.url),
        extra: { flag: flag.buffer },
        onStarted: () => started(),
      },
    );
    const app = createApp(createStoreBackend(store, pipeline), { allowedHosts: [headers.host] });
    const events: string[] = [];
    const upload = app.request(post('a.txt', 'The bridge reopened on Friday.')).then((r) => {
      events.push('upload answered');
      return r;
    });
    await running;
    // The worker now holds its thread until released; the server's thread is free.
    const read = await app.request({ method: 'GET', url: '/api/overview', headers });
    events.push('read answered');
    expect(read.status).toBe(200);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    const answered = await upload;
    expect(answered.status).toBe(201);
    expect(JSON.parse(String(answered.body)).documents).toEqual(['d9']);
    expect(events).toEqual(['read answered', 'upload answered']);
  });

  it('ingests and analyses an upload in the worker, then serves the new document', async () => {
    const app = createApp(createStoreBackend(store, createWorkerPipeline({ loadLedger })), {
      allowedHosts: [headers.host],
    });
    const r = await app.request(
      post('flood.txt', 'Floods closed the main road in the valley on Monday, officials said.\n'),
    );
    expect(r.status).toBe(201);
    const [id] = JSON.parse(String(r.body)).documents as string[];
    expect(id).toMatch(/^d[0-9a-f]{12}$/);
    const doc = await app.request({ method: 'GET', url: `/api/documents/${id}`, headers });
    expect(doc.status).toBe(200);
    expect(JSON.parse(String(doc.body)).document.text).toMatch(/Floods closed the main road/);
    const refused = await app.request(post('empty.txt', '   \n'));
    expect(refused.status).toBe(422);
  }, 120_000);
});
