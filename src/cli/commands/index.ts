import type { Command } from 'commander';

/** Every CLI command registers itself here; each lives in its own file beside this one. */
export type RegisterCommand = (program: Command) => void;

export const commands: RegisterCommand[] = [];
