import type { ViewContext } from '../app.js';
import { h } from '../dom.js';
import { download, eventsToCsv, eventsToGeoJson } from '../export.js';

/** What the server answers to an upload: the documents it added (none for a duplicate). */
interface UploadAnswer {
  documents: string[];
}

/** Sends one file to `POST api/documents?name=…`, reporting the bytes sent; resolves with the answer. */
function send(file: File, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `api/documents?name=${encodeURIComponent(file.name)}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      let body: { error?: { message?: string; hint?: string } } & Partial<UploadAnswer> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve({ documents: body.documents ?? [] });
      else
        reject(
          new Error(
            [body.error?.message ?? `HTTP ${xhr.status}`, body.error?.hint].filter(Boolean).join(' '),
          ),
        );
    };
    xhr.onerror = () => reject(new Error('The server could not be reached.'));
    xhr.send(file);
  });
}

/**
 * Add documents (live app only): drop or pick several files; each goes through the same ingest
 * path as the CLI, then the server analyses the store again. Per-file progress and errors; at the
 * end, the updated analysis and its downloads.
 */
export function uploadView(ctx: ViewContext): HTMLElement {
  const { model } = ctx;
  const live = model.source.mode === 'live';
  const input = h('input', { type: 'file', id: 'upload-files', multiple: true, class: 'visually-hidden' });
  const rows = h('ol', { class: 'upload-list', 'aria-label': 'Files', 'aria-live': 'polite' });
  const summary = h('p', { class: 'upload-summary', role: 'status' });
  let added = 0;
  let queue: Promise<void> = Promise.resolve();

  function addFiles(files: FileList | File[]): void {
    for (const file of Array.from(files)) {
      const bar = h('progress', { max: 1, value: 0, 'aria-label': `Sending ${file.name}` });
      const state = h('span', { class: 'state' }, 'waiting');
      const row = h('li', { class: 'upload-row' }, h('span', { class: 'name' }, file.name), bar, state);
      rows.appendChild(row);
      queue = queue.then(async () => {
        state.textContent = 'sending';
        const started = Date.now();
        let timer: ReturnType<typeof setInterval> | undefined;
        try {
          const answer = await send(file, (f) => {
            bar.value = f;
            if (f >= 1 && !timer) {
              // The server ingests and analyses the whole store again before it answers.
              bar.removeAttribute('value');
              state.textContent = 'analysing…';
              timer = setInterval(() => {
                state.textContent = `analysing… ${Math.round((Date.now() - started) / 1000)} s`;
              }, 1000);
            }
          });
          bar.value = 1;
          added += answer.documents.length;
          row.classList.add('done');
          state.textContent = answer.documents.length
            ? `added ${answer.documents.length} document(s)`
            : 'already in the store (nothing new)';
        } catch (err) {
          bar.value = 0;
          row.classList.add('failed');
          state.textContent = `error: ${(err as Error).message}`;
          state.setAttribute('role', 'alert');
        } finally {
          if (timer) clearInterval(timer);
        }
      });
    }
    void queue.then(() => {
      summary.replaceChildren(
        `Analysis up to date: ${added} document(s) added in this session. `,
        h(
          'button',
          { type: 'button', class: 'link', onclick: () => location.reload() },
          'Show the new analysis',
        ),
      );
      document.body.setAttribute('data-upload', 'idle');
    });
    document.body.setAttribute('data-upload', 'busy');
    summary.textContent = 'Working…';
  }

  input.addEventListener('change', () => {
    if (input.files?.length) addFiles(input.files);
    input.value = '';
  });
  const zone = h(
    'div',
    {
      class: 'drop-zone',
      ondragover: (e: Event) => {
        e.preventDefault();
        zone.classList.add('over');
      },
      ondragleave: () => zone.classList.remove('over'),
      ondrop: (e: Event) => {
        e.preventDefault();
        zone.classList.remove('over');
        const files = (e as DragEvent).dataTransfer?.files;
        if (files?.length) addFiles(files);
      },
    },
    h('p', {}, 'Drop files here, or '),
    h('label', { for: 'upload-files', class: 'button' }, 'choose files'),
    input,
    h(
      'p',
      { class: 'muted' },
      'Text, Markdown, HTML, JSON and JSON Lines, WARC web archives, RSS and Atom feeds. Several at once.',
    ),
  );

  const abs = (path: string) => new URL(path, location.href).href;
  const events = model.data.ledger.events;
  const downloads = h(
    'section',
    { class: 'card downloads', 'aria-labelledby': 'downloads-h' },
    h('h2', { id: 'downloads-h' }, 'Download'),
    h(
      'ul',
      {},
      live
        ? [
            h(
              'li',
              {},
              h(
                'a',
                { href: abs('api/download/report.html'), download: 'report.html' },
                'Offline report (HTML)',
              ),
              h('span', { class: 'muted' }, ' — one file that opens without a network'),
            ),
            h(
              'li',
              {},
              h('a', { href: abs('api/download/ledger.json'), download: 'ledger.json' }, 'Ledger (JSON)'),
            ),
          ]
        : null,
      h(
        'li',
        {},
        h(
          'button',
          {
            type: 'button',
            class: 'link',
            onclick: () => download('events.csv', 'text/csv', eventsToCsv(events)),
          },
          'Events (CSV)',
        ),
        ', ',
        h(
          'button',
          {
            type: 'button',
            class: 'link',
            onclick: () =>
              download(
                'events.geojson',
                'application/geo+json',
                `${JSON.stringify(eventsToGeoJson(events), null, 2)}\n`,
              ),
          },
          'Events (GeoJSON)',
        ),
        ', ',
        h(
          'button',
          {
            type: 'button',
            class: 'link',
            onclick: () =>
              download('events.json', 'application/json', `${JSON.stringify(events, null, 2)}\n`),
          },
          'Events (JSON)',
        ),
      ),
    ),
  );

  return h(
    'div',
    { class: 'upload-page' },
    h('h1', {}, live ? 'Add documents' : 'Downloads'),
    live
      ? [
          h(
            'p',
            { class: 'lede' },
            'Each file is kept unaltered with its SHA-256 in the chain of custody, then the whole pile is analysed again.',
          ),
          zone,
          rows,
          summary,
        ]
      : h('p', { class: 'muted' }, 'This report is read-only; run corroborate serve to add documents.'),
    downloads,
  );
}
