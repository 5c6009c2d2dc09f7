import { type Command, Option } from 'commander';
import { defaultLimits } from '../ingest/limits.js';
import type { ReadLimits } from '../ingest/reader.js';

/**
 * CLI flag → ReadLimits field, whether the value is a size (accepts k/M/G suffixes), and its help.
 * Kept apart from the parser (parse-limits.ts, which loads zod) so that declaring the flags costs
 * nothing at start-up.
 */
export const LIMIT_FLAGS = [
  ['--max-file-size <size>', 'maxFileBytes', true, 'largest input file accepted'],
  [
    '--max-decompressed-size <size>',
    'maxDecompressedBytes',
    true,
    'largest decompressed size of a gzip input',
  ],
  [
    '--max-compression-ratio <n>',
    'maxCompressionRatio',
    false,
    'decompressed/compressed ratio treated as a bomb',
  ],
  ['--max-line-size <size>', 'maxLineBytes', true, 'longest single line (JSON Lines record, text line)'],
  ['--max-depth <n>', 'maxDepth', false, 'deepest HTML/XML/JSON nesting accepted'],
  ['--max-records <n>', 'maxRecords', false, 'most records read from one input'],
  ['--max-text-chars <n>', 'maxTextChars', false, 'longest text kept for one document, in characters'],
  ['--max-read-seconds <n>', 'maxReadSeconds', false, 'longest time reading one input may take, in seconds'],
] as const satisfies readonly (readonly [string, keyof ReadLimits, boolean, string])[];

/** commander's camelCase option name: `--max-file-size <size>` → `maxFileSize`. */
export function optionName(flags: string): string {
  return (flags.split(' ')[0] as string).slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Declares the limit flags on a command that reads inputs (`ingest`, `analyze`). */
export function addLimitFlags(command: Command): Command {
  for (const [flags, field, isSize, description] of LIMIT_FLAGS) {
    command.option(
      flags,
      `${description} (default ${isSize ? `${defaultLimits[field]} bytes` : defaultLimits[field]})`,
    );
    // `--max-file-bytes` etc. are accepted as spellings of the size flags (the readers' hints use them).
    if (isSize) command.addOption(new Option(flags.replace('-size ', '-bytes ')).hideHelp());
  }
  return command;
}
