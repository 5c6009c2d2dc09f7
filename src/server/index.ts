export { type App, type AppOptions, type AppRequest, type AppResponse, CSP, createApp } from './app.js';
export {
  createStoreBackend,
  type ServerBackend,
  type StorePipeline,
  safeUploadName,
  type UploadResult,
} from './backend.js';
export { HttpError } from './http-error.js';
export { type RunningServer, type ServeOptions, startServer } from './serve.js';
export { createWorkerPipeline, PipelineError, type WorkerPipelineOptions } from './worker-pipeline.js';
