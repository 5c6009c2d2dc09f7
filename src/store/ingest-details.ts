import type { DocumentBinding } from './document-record.js';
import type { Capture, CaptureOutcome, JsonValue } from './store.js';

/** The custody details of one capture: fixed fields, then what only some captures have. */
export function ingestDetails(
  capture: Capture,
  outcome: CaptureOutcome,
  bindings: DocumentBinding[],
  existingDocuments: number,
): { [key: string]: JsonValue } {
  const newDocuments = bindings.length;
  const details: { [key: string]: JsonValue } = {
    sha256: capture.sha256,
    size: capture.size ?? capture.bytes.byteLength,
    source: capture.source,
    capturedAt: capture.capturedAt,
    reader: capture.reader,
    readerVersion: capture.readerVersion,
    outcome,
    documents: newDocuments + existingDocuments,
    newDocuments,
    // Each new document's row, bound by hashes: verify detects any later edit, deletion or insertion.
    records: bindings.map((b) => ({ id: b.id, ord: b.ord, text: b.text, record: b.record })),
  };
  const problems = capture.diagnostics.filter((d) => d.severity === 'error');
  if (problems.length > 0) {
    details.partial = true;
    details.problems = problems.slice(0, 20).map((d) => `${d.record ? `${d.record}: ` : ''}${d.message}`);
    details.problemCount = problems.length;
  }
  if (capture.manifest) details.manifest = capture.manifest;
  if (capture.digests && capture.digests.length > 0) {
    details.digests = capture.digests.map((d) => ({ record: d.record, matched: d.matched }));
  }
  if (capture.textChanges && capture.textChanges.length > 0) details.textChanges = capture.textChanges;
  // verify --deep reads the original again with the encoding it was declared in.
  if (capture.encoding) details.encoding = capture.encoding;
  return details;
}
