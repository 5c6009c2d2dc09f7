/** A writing thread of the ledger file writer (`output.ts`): writes shared slots to a file, in order. */
import { serveJobs } from '../workers/serve.js';
import { type WriteJob, type WriterInit, writeAll } from './output.js';

await serveJobs<WriteJob, null, WriterInit>(({ data, slotSize }) => ({
  run({ fd, slot, length }) {
    writeAll(fd, new Uint8Array(data, slot * slotSize, length), length);
    return null;
  },
}));
