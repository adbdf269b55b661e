// Loaded first (`node --import`) in every child process that does heavy work for the server (lib/child-work.ts):
// a worker thread checks twice a second that the process that started this one is still its parent, and ends this
// process at once when it is not (the parent was killed: this process was handed to init or a subreaper). A worker
// thread, because the main thread may be busy for minutes in a parser or in WebAssembly and run no timer.
import { Worker } from 'node:worker_threads';

const parent = Number(process.env.OBRA_PARENT_PID);
if (Number.isInteger(parent) && parent > 0) {
  const watchdog = new Worker(
    `const { workerData } = require('node:worker_threads');
     setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, 500);`,
    { eval: true, workerData: parent },
  );
  watchdog.unref();
}
