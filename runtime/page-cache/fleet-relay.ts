import http from "node:http";
import { fleetBus, processId, type FleetBus, type FleetMessage } from "@/runtime/fleet/bus";
import { listeningPort } from "@/runtime/fleet/readiness.mjs";
import { RELAY_HEADER } from "./revalidate";

/**
 * Expires here what another process expired (POST /api/revalidate announced it on the bus).
 *
 * Next expires a cache tag only inside a request (revalidateTag needs the request's work store),
 * so the expiry is handed to this process's own endpoint, on loopback, with the revalidation
 * secret and the relay header (which stops it being announced again).
 */
export function relayRevalidations(
  bus: FleetBus = fleetBus(),
  send: (message: Extract<FleetMessage, { type: "revalidate" }>) => Promise<number> = postToSelf,
): () => void {
  return bus.on("revalidate", async (message) => {
    if (message.from === processId()) return;
    const status = await send(message);
    if (status !== 200)
      console.error(`[revalidate] expiring ${message.site}${message.car ? `/${message.car}` : ""} as another process asked answered ${status}`);
  });
}

function postToSelf(message: { site: string; car?: string }): Promise<number> {
  const port = listeningPort();
  const secret = process.env.MANIFEST_REVALIDATE_SECRET;
  // Without a secret no process takes a revalidation, so none is announced; without a port this is no server.
  if (!port || !secret) return Promise.resolve(0);
  const body = JSON.stringify({ site: message.site, ...(message.car ? { car: message.car } : {}) });
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/revalidate",
        method: "POST",
        headers: {
          host: `localhost:${port}`,
          authorization: `Bearer ${secret}`,
          [RELAY_HEADER]: "1",
          "content-type": "text/plain",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(0));
    req.end(body);
  });
}
