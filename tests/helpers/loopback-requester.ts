import { requestWithHost } from "./http";

/**
 * An algoliasearch requester that sends every request to 127.0.0.1 while keeping the URL's
 * host in the Host header: Node cannot resolve {slug}.localhost, but the server picks the
 * dealer by Host, exactly as for a browser. Search requests only read (even the POSTs), so one
 * that met a stale keep-alive socket is sent again (see requestWithHost).
 */
export function loopbackRequester() {
  return {
    async send(request: { method: string; url: string; headers: Record<string, string>; data?: string; connectTimeout: number; responseTimeout: number }) {
      const url = new URL(request.url);
      try {
        const res = await requestWithHost(Number(url.port || 80), url.host, {
          method: request.method,
          path: url.pathname + url.search,
          headers: request.headers,
          body: request.data,
          timeoutMs: request.responseTimeout * 1000,
          idempotent: true,
        });
        return { status: res.status, content: res.body, isTimedOut: false };
      } catch (e) {
        const error = e as NodeJS.ErrnoException;
        return { status: 0, content: error.message, isTimedOut: error.code === "ETIMEDOUT" };
      }
    },
  };
}
