import { CommanderError } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { ExitCode, InputError, StoreError, UsageError } from '../core/errors.js';
import { reportError } from './run.js';

describe('reportError', () => {
  it('maps each error class to its documented exit code and prints the hint', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(reportError(new UsageError('bad flag', 'use --x'))).toBe(ExitCode.usage);
      expect(write.mock.calls.map((c) => String(c[0])).join('')).toContain('hint: use --x');
      expect(reportError(new StoreError('broken'))).toBe(ExitCode.verifyFailed);
      expect(reportError(new InputError('missing', 'a.txt'))).toBe(ExitCode.someRejected);
      expect(reportError(new CommanderError(1, 'commander.unknownOption', 'x'))).toBe(ExitCode.usage);
      expect(reportError(new CommanderError(0, 'commander.helpDisplayed', 'x'))).toBe(ExitCode.ok);
      expect(reportError(new TypeError('boom'))).toBe(ExitCode.failure);
    } finally {
      write.mockRestore();
    }
  });
});
