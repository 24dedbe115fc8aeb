import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { isReady, memoryNotes, resetReadiness, setReady, waitFor, whenReady } from "../fleet/readiness.mjs";
import { isWarmUpRequest, ownWarmUp, READY_WARM_UP, WARM_UP_HEADER, warmUpBeforeReady, warmUpToken } from "./warm-up.mjs";
import { warmUpRequests } from "./warm-up-requests";

/** A server that records each request and answers it only when the test says so (no timers). */
async function heldServer(token: string) {
  const arrived: Array<{ method: string; url: string; host: string; warmUp: boolean; answer: (status: number) => void }> = [];
  let onArrival: (() => void) | null = null;
  const server = http.createServer((req, res) => {
    arrived.push({
      method: req.method ?? "",
      url: req.url ?? "",
      host: req.headers.host ?? "",
      warmUp: isWarmUpRequest(req, token),
      answer: (status) => res.writeHead(status).end("body"),
    });
    onArrival?.();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const nextArrival = (count: number) =>
    new Promise<void>((resolve) => {
      if (arrived.length >= count) return resolve();
      onArrival = () => arrived.length >= count && resolve();
    });
  return { server, port: (server.address() as AddressInfo).port, arrived, nextArrival };
}

afterEach(() => {
  resetReadiness();
  memoryNotes().length = 0;
});

describe("the warm-up before ready", () => {
  it("waits for the app's other conditions, then keeps /readyz unready until each warm-up request is answered", async () => {
    const token = warmUpToken();
    const { server, port, arrived, nextArrival } = await heldServer(token);
    try {
      waitFor("manifests");
      const requests = [
        { method: "HEAD" as const, host: "sunshine-chery.localhost", path: "/" },
        { method: "GET" as const, host: "localhost", path: "/api/tls-ask?domain=sunshine-chery.localhost" },
      ];
      let asked = false;
      const warming = warmUpBeforeReady({ port, token, requests: () => ((asked = true), requests) });
      let ready = false;
      const whole = whenReady().then(() => (ready = true));
      expect(isReady().waiting).toEqual(["manifests", READY_WARM_UP]);
      // Nothing is sent while the app is still loading.
      await Promise.resolve();
      expect(asked).toBe(false);
      setReady("manifests");
      await nextArrival(1);
      expect(arrived[0]).toMatchObject({ method: "HEAD", url: "/", host: "sunshine-chery.localhost", warmUp: true });
      expect(isReady()).toEqual({ ok: false, waiting: [READY_WARM_UP] });
      arrived[0].answer(200);
      await nextArrival(2);
      // One at a time: the second request only after the first was answered, and still not ready.
      expect(arrived[1]).toMatchObject({ method: "GET", url: "/api/tls-ask?domain=sunshine-chery.localhost", host: "localhost", warmUp: true });
      expect(isReady().ok).toBe(false);
      expect(ready).toBe(false);
      arrived[1].answer(404);
      const results = await warming;
      await whole;
      expect(ready).toBe(true);
      expect(results.map((r) => r.status)).toEqual([200, 404]);
    } finally {
      server.close();
    }
  });

  it("becomes ready even when a warm-up request fails (a slower first request, never an unready process)", async () => {
    const token = warmUpToken();
    const { server, port } = await heldServer(token);
    server.close();
    await new Promise((resolve) => server.on("close", resolve));
    const results = await warmUpBeforeReady({ port, token, requests: () => [{ method: "GET", host: "localhost", path: "/" }] });
    expect(results[0].status).toBeNull();
    expect(results[0].error).toBeTruthy();
    expect(isReady().ok).toBe(true);
  });

  it("serves before ready only this process's warm-up: its token, from loopback", () => {
    const token = warmUpToken();
    const req = (headers: Record<string, string>, remoteAddress = "127.0.0.1") => ({ headers, socket: { remoteAddress } }) as unknown as http.IncomingMessage;
    expect(isWarmUpRequest(req({ [WARM_UP_HEADER]: token }), token)).toBe(true);
    expect(isWarmUpRequest(req({ [WARM_UP_HEADER]: token }, "::1"), token)).toBe(true);
    expect(isWarmUpRequest(req({ [WARM_UP_HEADER]: token }, "203.0.113.9"), token)).toBe(false);
    expect(isWarmUpRequest(req({ [WARM_UP_HEADER]: warmUpToken() }), token)).toBe(false);
    expect(isWarmUpRequest(req({ [WARM_UP_HEADER]: "" }), token)).toBe(false);
    expect(isWarmUpRequest(req({}), token)).toBe(false);
  });

  it("takes the warm-up header off every request but this process's warm-up, so the app can trust it", () => {
    const token = warmUpToken();
    const req = (headers: Record<string, string>, remoteAddress = "127.0.0.1") => ({ headers, socket: { remoteAddress } }) as unknown as http.IncomingMessage;
    const own = req({ [WARM_UP_HEADER]: token });
    expect(ownWarmUp(own, token)).toBe(true);
    expect(own.headers[WARM_UP_HEADER]).toBe(token);
    for (const forged of [req({ [WARM_UP_HEADER]: token }, "203.0.113.9"), req({ [WARM_UP_HEADER]: "guess" })]) {
      expect(ownWarmUp(forged, token)).toBe(false);
      expect(forged.headers[WARM_UP_HEADER]).toBeUndefined();
    }
    expect(ownWarmUp(req({}), token)).toBe(false);
  });
});

describe("which requests warm the server", () => {
  const site = { status: "ok" as const, slug: "a", file: "a.json", hosts: ["www.a.example", "a.localhost"], manifest: {} as never, pending: [] };

  it("a dealer's page by HEAD, an API route that counts nothing, and the directory when it is served", () => {
    expect(warmUpRequests({ sites: [{ status: "invalid", slug: "b", file: "b.json", hosts: ["b.example"], problems: [] }, site] }, true)).toEqual([
      { method: "HEAD", host: "www.a.example", path: "/" },
      { method: "GET", host: "localhost", path: "/api/tls-ask?domain=www.a.example" },
      { method: "HEAD", host: "localhost", path: "/" },
    ]);
    expect(warmUpRequests({ sites: [site] }, false).map((r) => r.host)).toEqual(["www.a.example", "localhost"]);
    expect(warmUpRequests({ sites: [] }, false)).toEqual([]);
  });
});
