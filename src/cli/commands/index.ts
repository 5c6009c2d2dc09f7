import type { Command } from 'commander';
import { register as registerAnalyze } from './analyze.js';
import { register as registerBrief } from './brief.js';
import { register as registerCompare } from './compare.js';
import { register as registerDocuments } from './documents.js';
import { register as registerExport } from './export.js';
import { register as registerExtract } from './extract.js';
import { register as registerIngest } from './ingest.js';
import { register as registerReport } from './report.js';
import { register as registerReuse } from './reuse.js';
import { register as registerServe } from './serve.js';
import { register as registerShow } from './show.js';
import { register as registerVerify } from './verify.js';
import { register as registerWorker } from './worker.js';

/** Every CLI command registers itself here; each lives in its own file beside this one. */
export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [
  registerIngest,
  registerDocuments,
  registerShow,
  registerVerify,
  registerAnalyze,
  registerExport,
  registerBrief,
  registerReuse,
  registerCompare,
  registerExtract,
  registerReport,
  registerServe,
  registerWorker,
];
