import { isLoopbackHost, TLS_ASK_PATH } from "@/runtime/http/tls-ask";
import type { Gate } from "./gate";

/**
 * The on-demand TLS check (runtime/http/tls-ask.ts) goes through to its route on a loopback host,
 * where the front proxy asks it, even when the directory is off (then localhost picks no site and
 * the unknown host's 404 would answer). On any other host the path is left to the gates after.
 */
export const tlsAsk: Gate = ({ request, host }) =>
  request.pathname === TLS_ASK_PATH && request.method === "GET" && isLoopbackHost(host) ? { kind: "next", headers: { "cache-control": "no-store" } } : null;
