import http from "node:http";
import zlib from "node:zlib";

/**
 * GET through loopback with a chosen Host header (Node's DNS does not resolve *.localhost). A body
 * sent compressed (br or gzip, when `headers` asks for it with accept-encoding) comes back decoded.
 */
export function getWithHost(port: number, host: string, path = "/", headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: "GET", headers: { ...headers, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
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
    req.on("error", reject);
    req.end();
  });
}
