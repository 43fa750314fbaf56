// The GET / probe of bench/serve-load.ts: one request at a time, 20 ms apart, each timed from the
// request to the body's end, until told to stop; then it hands back the timings. It runs as a
// process of its own (child_process.fork) so that its timings hold serve's answer and the wire, not
// the bench's own loop: the bench's thread reads 10,000 answers from 200 sockets, and a probe in its
// process (even in a worker thread, which shares its CPU time and its process) timed some of that.
// `--probe-thread` still runs it as a worker thread, to compare. Plain CommonJS: no tsx needed.
'use strict';

const { request } = require('node:http');
const { performance } = require('node:perf_hooks');

const PAUSE_MS = 20;
const TIMEOUT_MS = 60_000;

function getPage(url) {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: '/', headers: { host: url.host } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - start));
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`GET / took over ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}

/** Probes `href` until `stopped()` says so; answers through `post` once, with the timings or the error. */
async function probe(href, stopped, post) {
  const url = new URL(href);
  const latencies = [];
  try {
    while (!stopped()) {
      latencies.push(await getPage(url));
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    post(latencies);
  } catch (err) {
    post({ error: String(err) });
  }
}

const { isMainThread, parentPort, workerData } = require('node:worker_threads');
let stop = false;
if (!isMainThread && parentPort) {
  parentPort.once('message', () => (stop = true));
  void probe(
    workerData.url,
    () => stop,
    (answer) => parentPort.postMessage(answer),
  );
} else if (process.send) {
  process.once('message', () => (stop = true));
  void probe(
    process.argv[2],
    () => stop,
    (answer) => process.send(answer, () => process.disconnect()),
  );
}
