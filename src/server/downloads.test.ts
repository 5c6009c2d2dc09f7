import { describe, expect, it } from 'vitest';
import { reportFixture } from '../report/__fixtures__/report-data.js';
import { DATA_ELEMENT_ID } from '../report/render-report.js';
import { createApp } from './app.js';

const app = createApp({ data: () => reportFixture }, { allowedHosts: ['127.0.0.1:8080'] });
const request = (method: string, url: string) =>
  app.request({ method, url, headers: { host: '127.0.0.1:8080' } });

describe('downloads of the live app', () => {
  it.each([
    ['/api/download/report.html', 'text/html', DATA_ELEMENT_ID],
    ['/api/download/ledger.json', 'application/json', '"corroborate.ledger/1"'],
  ])('%s is an attachment of the current analysis', async (url, type, inside) => {
    const r = await request('GET', url);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain(type);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="${url.split('/').pop()}"`);
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    expect(String(r.body)).toContain(inside);
  });

  it.each([
    ['POST', '/api/download/report.html', 405],
    ['GET', '/api/download/secrets.txt', 404],
    ['GET', '/api/download/..%2Fpackage.json', 404],
  ])('%s %s answers %i', async (method, url, status) => {
    expect((await request(method, url)).status).toBe(status);
  });
});
