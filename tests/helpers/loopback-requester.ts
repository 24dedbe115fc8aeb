import http from "node:http";

/**
 * An algoliasearch requester that sends every request to 127.0.0.1 while keeping the URL's
 * host in the Host header: Node cannot resolve {slug}.localhost, but the server picks the
 * dealer by Host, exactly as for a browser.
 */
export function loopbackRequester() {
  return {
    send(request: { method: string; url: string; headers: Record<string, string>; data?: string; connectTimeout: number; responseTimeout: number }) {
      return new Promise<{ status: number; content: string; isTimedOut: boolean }>((resolve) => {
        const url = new URL(request.url);
        const req = http.request(
          { host: "127.0.0.1", port: Number(url.port || 80), path: url.pathname + url.search, method: request.method, headers: { ...request.headers, host: url.host } },
          (res) => {
            let content = "";
            res.setEncoding("utf8");
            res.on("data", (c) => (content += c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, content, isTimedOut: false }));
          },
        );
        req.setTimeout(request.responseTimeout * 1000, () => {
          req.destroy();
          resolve({ status: 0, content: "", isTimedOut: true });
        });
        req.on("error", (e) => resolve({ status: 0, content: e.message, isTimedOut: false }));
        if (request.data) req.write(request.data);
        req.end();
      });
    },
  };
}
