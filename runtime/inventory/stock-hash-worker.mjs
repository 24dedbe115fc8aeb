// The SHA-256 of each stock file's bytes (what the shared stock records as the snapshot's hash:
// the served stock's identity across processes), computed in a thread of its own beside the stock
// reader (stock-read-worker.mjs). The reader scans every byte and is what a build waits for; the
// hash took an eighth of its time, while the event loop's thread waited for batches a third of it.
// The files are read through the descriptors the event loop's thread opened, a megabyte at a time
// from their start (the reader reads the same descriptors at positions of its own), so both see
// the same bytes and little is held. The one message is the hashes, in the descriptors' order.
//
// Plain JavaScript: a worker is started from a file node runs as it is.
import { createHash } from "node:crypto";
import { readSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

/** @type {{ fds: number[] }} */
const { fds } = workerData;
const chunk = Buffer.allocUnsafeSlow(1 << 20);
const hashes = fds.map((fd) => {
  const hash = createHash("sha256");
  for (let at = 0; ;) {
    const n = readSync(fd, chunk, 0, chunk.length, at);
    if (n === 0) return hash.digest("hex");
    hash.update(chunk.subarray(0, n));
    at += n;
  }
});
parentPort?.postMessage(hashes);
