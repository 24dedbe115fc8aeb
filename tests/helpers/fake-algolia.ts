import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One write of Algolia's batch endpoint, as the fake reads it. */
export interface FakeBatchRequest {
  action: string;
  body: Record<string, unknown> & { objectID: string };
}

export interface FakeAlgolia {
  server: Server;
  /** Every call, in order. */
  calls: Array<{ method: string; path: string; body: unknown; appId: string | undefined }>;
  /** The records each index holds after the batches applied so far (objectID → record). */
  indexes: Map<string, Map<string, Record<string, unknown>>>;
  /** While true, batch calls answer 500 (a push that fails half way). */
  failBatches: boolean;
  /** Starts listening on a free port of 127.0.0.1; resolves with the host to configure (`http://…`). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fake Algolia speaking the settings, batch and task endpoints the push uses: records every call,
 * applies the batches' writes to an index held in memory, publishes tasks at once.
 */
export function fakeAlgolia(): FakeAlgolia {
  const fake: FakeAlgolia = {
    server: null as unknown as Server,
    calls: [],
    indexes: new Map(),
    failBatches: false,
    listen: () =>
      new Promise((resolve) => fake.server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`))),
    close: () => new Promise((resolve) => fake.server.close(() => resolve())),
  };
  let task = 0;
  fake.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const text = Buffer.concat(chunks).toString("utf8");
      fake.calls.push({
        method: req.method ?? "",
        path: url.pathname,
        body: text ? JSON.parse(text) : null,
        appId: req.headers["x-algolia-application-id"] as string,
      });
      const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (req.method === "GET" && /^\/1\/indexes\/[^/]+\/task\/\d+$/.test(url.pathname)) return json(200, { status: "published", pendingTask: false });
      if (req.method === "PUT" && /^\/1\/indexes\/[^/]+\/settings$/.test(url.pathname))
        return json(200, { taskID: ++task, updatedAt: new Date().toISOString() });
      const batch = /^\/1\/indexes\/([^/]+)\/batch$/.exec(url.pathname);
      if (req.method === "POST" && batch) {
        if (fake.failBatches) return json(500, { message: "the fake was told to fail", status: 500 });
        const name = decodeURIComponent(batch[1]);
        const index = fake.indexes.get(name) ?? new Map<string, Record<string, unknown>>();
        fake.indexes.set(name, index);
        const requests = (JSON.parse(text) as { requests: FakeBatchRequest[] }).requests;
        for (const r of requests) {
          const id = r.body.objectID;
          if (r.action === "updateObject") index.set(id, r.body);
          else if (r.action === "partialUpdateObjectNoCreate") {
            const old = index.get(id);
            if (old) index.set(id, { ...old, ...r.body });
          } else if (r.action === "deleteObject") index.delete(id);
        }
        return json(200, { taskID: ++task, objectIDs: requests.map((r) => r.body.objectID) });
      }
      json(404, { message: `the fake does not speak ${req.method} ${url.pathname}`, status: 404 });
    });
  });
  return fake;
}
