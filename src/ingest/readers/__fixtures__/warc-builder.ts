/** Builds WARC records for tests (fictional content), with correct or deliberately wrong digests. */
import { createHash } from 'node:crypto';
import { base32 } from '../warc-digest.js';

export function sha1Base32(bytes: Uint8Array): string {
  return `sha1:${base32(createHash('sha1').update(bytes).digest())}`;
}

export interface RecordOptions {
  type: string;
  id: string;
  targetUri?: string;
  date?: string;
  contentType?: string;
  block: Buffer;
  /** Payload bytes to digest (response records); omitted → no WARC-Payload-Digest. */
  payload?: Buffer;
  blockDigest?: 'correct' | 'wrong' | 'none';
  /** Override Content-Length (to build broken records). */
  contentLength?: string;
}

export function warcRecord(o: RecordOptions): Buffer {
  const lines = ['WARC/1.1', `WARC-Type: ${o.type}`, `WARC-Record-ID: ${o.id}`];
  if (o.targetUri) lines.push(`WARC-Target-URI: ${o.targetUri}`);
  lines.push(`WARC-Date: ${o.date ?? '2031-02-14T10:00:00Z'}`);
  if (o.contentType) lines.push(`Content-Type: ${o.contentType}`);
  const digest = o.blockDigest ?? 'correct';
  if (digest === 'correct') lines.push(`WARC-Block-Digest: ${sha1Base32(o.block)}`);
  if (digest === 'wrong') lines.push(`WARC-Block-Digest: ${sha1Base32(Buffer.from('something else'))}`);
  if (o.payload) lines.push(`WARC-Payload-Digest: ${sha1Base32(o.payload)}`);
  lines.push(`Content-Length: ${o.contentLength ?? o.block.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), o.block, Buffer.from('\r\n\r\n')]);
}

export function httpResponse(
  body: Buffer,
  headers: string[] = ['Content-Type: text/html; charset=utf-8'],
): Buffer {
  return Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\n${headers.join('\r\n')}\r\n\r\n`), body]);
}

export function chunked(body: Buffer, size: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) {
    const chunk = body.subarray(i, i + size);
    parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** A page response record with correct digests. */
export function pageRecord(id: string, uri: string, html: string, headers?: string[]): Buffer {
  const payload = Buffer.from(html);
  return warcRecord({
    type: 'response',
    id,
    targetUri: uri,
    contentType: 'application/http; msgtype=response',
    block: httpResponse(payload, headers),
    payload,
  });
}

export const warcinfo = (): Buffer =>
  warcRecord({
    type: 'warcinfo',
    id: '<urn:uuid:00000000-0000-4000-8000-000000000000>',
    contentType: 'application/warc-fields',
    block: Buffer.from('software: corroborate-tests\r\nformat: WARC File Format 1.1\r\n'),
  });
