import http from "node:http";
import zlib from "node:zlib";

export interface LoopbackResponse {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

export interface LoopbackRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Gives up with an error after this many milliseconds without an answer. */
  timeoutMs?: number;
  /**
   * The request may be sent again (GET and HEAD always may; a POST that only reads, such as a
   * search query, says so here). Only such a request is retried after a stale keep-alive socket.
   */
  idempotent?: boolean;
}

/** Attempts after a stale keep-alive socket; a reset on a fresh connection is never retried. */
const STALE_SOCKET_ATTEMPTS = 3;

/**
 * Whether `error` is a keep-alive socket that the server had already closed: Node's agent reuses
 * idle sockets (keepAlive is on by default since Node 19) and the server drops idle ones after its
 * keep-alive timeout (5 s). When the test process was busy at that moment (a spawnSync of
 * `npm run validate` blocks the event loop for seconds) the agent has not yet seen the close,
 * hands out the dead socket, and the request fails with ECONNRESET (or EPIPE) before the server
 * has read a byte of it. Node's documentation recommends exactly this check before a retry.
 */
function isStaleSocket(error: NodeJS.ErrnoException, req: http.ClientRequest): boolean {
  return req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
}

function sendOnce(port: number, host: string, r: LoopbackRequest): Promise<LoopbackResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: r.path ?? "/", method: r.method ?? "GET", headers: { ...r.headers, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const body = encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, body: body.toString("utf8"), headers: res.headers });
        } catch (e) {
          reject(e);
        }
      });
    });
    if (r.timeoutMs) req.setTimeout(r.timeoutMs, () => req.destroy(Object.assign(new Error(`no answer within ${r.timeoutMs} ms`), { code: "ETIMEDOUT" })));
    req.on("error", (error: NodeJS.ErrnoException) => reject(Object.assign(error, { staleSocket: isStaleSocket(error, req) })));
    req.end(r.body);
  });
}

/**
 * Sends a request through loopback with a chosen Host header (Node's DNS does not resolve
 * *.localhost). A body sent compressed (br or gzip, when the headers ask for it with
 * accept-encoding) comes back decoded. An idempotent request that met a stale keep-alive socket
 * is sent again on a fresh one (at most twice); every other failure is thrown as it came.
 */
export async function requestWithHost(port: number, host: string, r: LoopbackRequest = {}): Promise<LoopbackResponse> {
  const method = (r.method ?? "GET").toUpperCase();
  const idempotent = r.idempotent ?? (method === "GET" || method === "HEAD");
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(port, host, r);
    } catch (error) {
      if (!idempotent || attempt >= STALE_SOCKET_ATTEMPTS || !(error as { staleSocket?: boolean }).staleSocket) throw error;
    }
  }
}

/** GET through loopback with a chosen Host header; see requestWithHost. */
export function getWithHost(port: number, host: string, path = "/", headers: Record<string, string> = {}): Promise<LoopbackResponse> {
  return requestWithHost(port, host, { path, headers });
}
