// A stand-in for the upload worker that holds its thread until the test releases it: were it run
// on the server's thread, no request could be answered meanwhile.
import { parentPort, workerData } from 'node:worker_threads';

const flag = new Int32Array(workerData.extra.flag);
parentPort.postMessage({ started: true });
while (Atomics.load(flag, 0) === 0) Atomics.wait(flag, 0, 0, 50);
parentPort.postMessage({ done: { summary: { rejected: 0, originals: { new: 1 } }, documents: ['d9'] } });
