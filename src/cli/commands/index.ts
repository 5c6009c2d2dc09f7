import type { Command } from 'commander';
import { register as registerDocuments } from './documents.js';
import { register as registerIngest } from './ingest.js';
import { register as registerShow } from './show.js';
import { register as registerVerify } from './verify.js';

/** Every CLI command registers itself here; each lives in its own file beside this one. */
export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [registerIngest, registerDocuments, registerShow, registerVerify];
