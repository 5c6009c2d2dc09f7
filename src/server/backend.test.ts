import { describe, expect, it } from 'vitest';
import { safeUploadName } from './backend.js';

describe('safeUploadName', () => {
  it('keeps a plain name and its extension', () => {
    expect(safeUploadName('report-2024.html')).toBe('report-2024.html');
  });
  it('drops folders, traversal and dot-file prefixes', () => {
    expect(safeUploadName('../../etc/passwd')).toBe('passwd');
    expect(safeUploadName('C:\\Users\\x\\evil.txt')).toBe('evil.txt');
    expect(safeUploadName('.bashrc')).toBe('bashrc');
  });
  it('replaces anything outside [A-Za-z0-9._-] and never returns an empty name', () => {
    expect(safeUploadName('a b<script>.md')).toBe('a-b-script-.md');
    expect(safeUploadName('...')).toBe('upload.txt');
  });
});
