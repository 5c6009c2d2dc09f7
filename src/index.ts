/**
 * Corroborate's library API. The CLI and the HTTP server are thin adapters over what is exported
 * here.
 */

export * from './core/errors.js';
export * from './core/types.js';
