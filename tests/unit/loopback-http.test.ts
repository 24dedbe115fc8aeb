import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getWithHost, requestWithHost } from "../helpers/http";

// The browser tests' loopback helper retries a request only when it met a keep-alive socket the
// server had already closed (the ECONNRESET seen once in an e2e run), never any other failure.

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/**
 * A server that answers "ok <host>" and drops a connection without answering on the chosen
 * requests: `drop(n, socketUsedBefore)` for the n-th request (1-based).
 */
async function serve(drop: (n: number, socketUsedBefore: boolean) => boolean): Promise<{ port: number; requests: () => number }> {
  let n = 0;
  const used = new WeakSet<Socket>();
  server = http.createServer((req, res) => {
    n++;
    const socket = req.socket;
    if (drop(n, used.has(socket))) {
      socket.destroy();
      return;
    }
    used.add(socket);
    res.end(`ok ${req.headers.host}`);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server!.address() as AddressInfo).port, requests: () => n };
}

/** Waits until Node's agent holds the first request's socket as idle, ready for reuse. */
const socketKeptAlive = () => vi.waitFor(() => expect(Object.values(http.globalAgent.freeSockets).flat()).not.toHaveLength(0));

describe("loopback requests in the browser tests", () => {
  it("a GET that meets a keep-alive socket the server has closed is sent again on a fresh one", async () => {
    // The second request arrives on the first one's socket, which the server then drops, as it
    // does an idle socket after its keep-alive timeout.
    const { port, requests } = await serve((n, socketUsedBefore) => n === 2 && socketUsedBefore);
    expect((await getWithHost(port, "a.localhost")).body).toBe("ok a.localhost");
    await socketKeptAlive();
    const again = await getWithHost(port, "a.localhost");
    expect(again).toMatchObject({ status: 200, body: "ok a.localhost" });
    expect(requests()).toBe(3);
  });

  it("a POST that is not marked idempotent is never sent twice", async () => {
    const { port, requests } = await serve((n, socketUsedBefore) => n === 2 && socketUsedBefore);
    await getWithHost(port, "a.localhost");
    await socketKeptAlive();
    await expect(requestWithHost(port, "a.localhost", { method: "POST", path: "/api/leads", body: "{}" })).rejects.toMatchObject({ code: "ECONNRESET" });
    expect(requests()).toBe(2);
  });

  it("a reset on a fresh connection is a failure, not retried", async () => {
    const { port, requests } = await serve(() => true);
    await expect(getWithHost(port, "a.localhost")).rejects.toMatchObject({ code: "ECONNRESET" });
    expect(requests()).toBe(1);
  });
});
