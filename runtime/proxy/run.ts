import { NextResponse, type NextRequest } from "next/server";
import { hostPort } from "@/runtime/http/origin";
import type { Tenant } from "@/runtime/tenant";
import type { Decision, Gate, GateContext } from "./gate";
import { GATES } from "./gates";

/** What the gates see of a request to `host` (as it came) whose tenant is `tenant`. */
export function gateContext(request: NextRequest, host: string | null, tenant: Tenant): GateContext {
  const { pathname, search } = request.nextUrl;
  return { request: { method: request.method, pathname, search, url: request.url, headers: request.headers }, host, port: hostPort(host), tenant };
}

/** The first decision of the gates, in order; a request no gate decides goes through unchanged. */
export function runGates(context: GateContext, gates: readonly Gate[] = GATES): Decision {
  for (const gate of gates) {
    const decision = gate(context);
    if (decision) return decision;
  }
  return { kind: "next" };
}

/** A decision as Next's proxy answer; `url` is the request's, which a rewrite's target resolves against. */
export function toResponse(decision: Decision, url: string): NextResponse {
  switch (decision.kind) {
    case "answer":
      return new NextResponse(decision.body, { status: decision.status, headers: decision.headers });
    case "redirect":
      return NextResponse.redirect(decision.location, decision.status);
    case "rewrite":
      return NextResponse.rewrite(new URL(decision.target, url), { headers: decision.headers });
    case "next":
      return decision.headers ? NextResponse.next({ headers: decision.headers }) : NextResponse.next();
  }
}
