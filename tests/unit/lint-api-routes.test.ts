import { describe, expect, it } from "vitest";
import { repoLinter } from "../helpers/eslint";

// The API boundary's lint rules (scripts/lint/api-route.mjs), run through ESLint's own API on small
// route files: a method that is not declared with apiRoute is refused, one that is passes, and
// nothing outside runtime/http calls the guard by hand.
const { rulesFired } = repoLinter();

const ROUTE = "api-boundary/api-route-exports";
const GUARD = "api-boundary/no-hand-guard";

const good = `import { apiRoute } from "@/runtime/http/api-route";
import { handleMe } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const GET = apiRoute({ name: "account.me", limit: "account", stateChanging: false, handle: handleMe });
`;

describe("a route file declares its methods with apiRoute", () => {
  it("passes a route whose methods are apiRoute calls, and a studio route through studioApiRoute", async () => {
    expect(await rulesFired(good, "app/api/example/route.ts")).toEqual([]);
    const studio = `import { studioApiRoute } from "@/runtime/studio/http";
import { studioSignIn } from "@/runtime/studio/sign-in";

export const POST = studioApiRoute({ name: "studio.sign-in", open: true, body: "form", handle: studioSignIn });
`;
    expect(await rulesFired(studio, "app/%5Fstudio/example/route.ts")).toEqual([]);
  });

  it("passes a route whose declaration lives beside its handler in runtime/, handed to apiRoute (the one the tests run too)", async () => {
    const declared = `import { apiRoute } from "@/runtime/http/api-route";
import { leadCreateSpec } from "@/runtime/leads/api";

export const POST = apiRoute(leadCreateSpec());
`;
    expect(await rulesFired(declared, "app/api/example/route.ts")).toEqual([]);
  });

  it("refuses a hand-written handler function, under app/api and the studio alike", async () => {
    const bad = `export async function POST(request: Request) {
  return new Response(await request.text());
}
`;
    expect(await rulesFired(bad, "app/api/example/route.ts")).toContain(ROUTE);
    expect(await rulesFired(bad, "app/%5Fstudio/example/route.ts")).toContain(ROUTE);
  });

  it("refuses a method that is some other value, a re-export, a lookalike apiRoute and export *", async () => {
    const plain = `import { handleSearchRoute } from "@/runtime/inventory/search-route";\nexport const GET = handleSearchRoute;\n`;
    expect(await rulesFired(plain, "app/api/example/route.ts")).toContain(ROUTE);
    const reexport = `export { GET } from "@/app/api/other/route";\n`;
    expect(await rulesFired(reexport, "app/api/example/route.ts")).toContain(ROUTE);
    const lookalike = `const apiRoute = (h: () => Response) => h;\nexport const GET = apiRoute(() => new Response("hi"));\n`;
    expect(await rulesFired(lookalike, "app/api/example/route.ts")).toContain(ROUTE);
    expect(await rulesFired(`export * from "@/app/api/other/route";\n`, "app/api/example/route.ts")).toContain(ROUTE);
  });

  it("leaves files that are not route files alone", async () => {
    expect(await rulesFired("export async function GET() {\n  return new Response();\n}\n", "app/(site)/x/page-helpers.ts")).not.toContain(ROUTE);
  });
});

describe("only the boundary runs the API guard", () => {
  const hand = `import { guardApi } from "@/runtime/http/api-guard";
import type { Tenant } from "@/runtime/tenant";

export async function check(request: Request, tenant: Tenant) {
  return guardApi(request, tenant, { limit: null, stateChanging: true });
}
`;
  it("refuses guardApi outside runtime/http, by import and by call", async () => {
    const fired = await rulesFired(hand, "runtime/inventory/x.ts");
    expect(fired.filter((r) => r === GUARD)).toHaveLength(2);
    expect(await rulesFired(hand, "app/api/example/route.ts")).toContain(GUARD);
  });

  it("lets runtime/http use it", async () => {
    expect(await rulesFired(hand, "runtime/http/x.ts")).not.toContain(GUARD);
  });
});
