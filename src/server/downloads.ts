import { renderReport } from '../report/render-report.js';
import type { ServerBackend } from './backend.js';

/** A file the live app offers for download: status 200 with `content-disposition: attachment`. */
export interface Download {
  status: 200;
  headers: Record<string, string>;
  body: string;
}

/** `GET /api/download/:file` — what the Add documents page offers to take away. */
export const DOWNLOADS: Record<string, (backend: ServerBackend) => { type: string; body: string }> = {
  /** The single-file offline report of the current analysis. */
  'report.html': (b) => ({ type: 'text/html; charset=utf-8', body: renderReport(b.data()) }),
  /** The ledger (`corroborate.ledger/1`), as `analyze` writes it. */
  'ledger.json': (b) => ({
    type: 'application/json; charset=utf-8',
    body: `${JSON.stringify(b.data().ledger, null, 2)}\n`,
  }),
};

/** The download at `path`, or null when the path is not one. */
export function downloadFor(backend: ServerBackend, path: string): Download | null {
  const m = /^\/api\/download\/([a-z.]+)$/.exec(path);
  const make = m?.[1] ? DOWNLOADS[m[1]] : undefined;
  if (!m?.[1] || !make) return null;
  const { type, body } = make(backend);
  return {
    status: 200,
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${m[1]}"`,
      'cache-control': 'no-store',
    },
    body,
  };
}
