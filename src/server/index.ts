export { type App, type AppOptions, type AppRequest, type AppResponse, CSP, createApp } from './app.js';
export { createStoreBackend, safeUploadName, type ServerBackend, type StorePipeline, type UploadResult } from './backend.js';
export { HttpError } from './http-error.js';
export { type RunningServer, type ServeOptions, startServer } from './serve.js';
