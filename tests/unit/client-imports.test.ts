import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The script budget's guard (docs/performance.md). Every dealer page is one catch-all
 * route, so a client component that a server module imports directly joins the chunk group every
 * dealer page loads. Client parts of server components go through a `*.lazy.tsx` wrapper
 * (next/dynamic or hydrateLater, generated from blocks/lazy-islands.json); the few below are deliberate, each for its reason. A new one
 * fails here: import it through a wrapper, or add it with the reason it must load everywhere.
 */
const DIRECT_CLIENT_IMPORTS: Record<string, string> = {
  "blocks/site-header/HeaderNav.tsx": "the header's menus, on every page, live as early as the page",
  "blocks/shared/forms/VisitTracker.tsx": "records where a visitor came from on any page (0.5 KB)",
  "blocks/shared/search/SearchPageView.tsx": "the search page's page-view event; the search app itself is a static island",
  "blocks/shared/vehicle-page/client/Collapsible.tsx": "through next/dynamic it shifted the vehicle page's layout (CLS 0.049)",
  "runtime/render/block-boundary.tsx": "every block's error boundary",
  "blocks/vehicle-page/client/PrintNow.tsx": "the print page is a route of its own (app/(site)/print)",
  "runtime/studio/client/StudioEditor.tsx": "the studio is a route of its own (app/%5Fstudio)",
  "blocks/site-header/HeaderScript.tsx":
    "the header's pre-hydration script: as a client component its text leaves the RSC payload, and the browser's copy renders it empty",
  "runtime/render/not-found-stand-in.tsx": "the small 404 every rendered page carries in its payload instead of the dealer's full one (1 KB)",
};

const root = path.resolve(import.meta.dirname, "../..");
const files: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
    else if (/\.(tsx?|mjs)$/.test(name) && !/\.test\.|\.d\.ts$/.test(name)) files.push(rel);
  }
};
["app", "blocks", "runtime"].forEach(walk);
const source = new Map(files.map((f) => [f, readFileSync(path.join(root, f), "utf8")]));
const isClient = (f: string) => /^(\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*["']use client["']/.test(source.get(f)!);
const isWrapper = (f: string) => f.endsWith(".lazy.tsx");

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith(".") ? path.posix.join(path.posix.dirname(from), spec) : spec.startsWith("@/") ? spec.slice(2) : null;
  if (base === null) return null;
  for (const ext of ["", ".ts", ".tsx", ".mjs", "/index.ts", "/index.tsx"]) if (source.has(base + ext)) return base + ext;
  return null;
}

// Value imports, re-exports and dynamic imports (a lazy wrapper's): a type import is erased.
const importers = new Map<string, string[]>();
for (const [file, text] of source)
  for (const m of text.matchAll(/(?:(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+|\bimport\(\s*)["']([^"']+)["']/g)) {
    const target = resolve(file, m[1]);
    if (target) importers.set(target, [...(importers.get(target) ?? []), file]);
  }

// A module runs on the client when it says "use client", or when only client code imports it. A
// module nothing imports is no route's either (a barrel that only tests read, such as the eager twin
// vitest maps a `.lazy` import to); the routes under app/ are where the server starts.
const clientSide = new Set(files.filter((f) => isClient(f) || (!f.startsWith("app/") && !importers.has(f))));
for (let changed = true; changed;) {
  changed = false;
  for (const f of files) {
    const by = importers.get(f) ?? [];
    if (!clientSide.has(f) && by.length > 0 && by.every((i) => clientSide.has(i))) {
      clientSide.add(f);
      changed = true;
    }
  }
}

describe("client components imported directly by server modules", () => {
  it("are only the deliberate few; anything else goes through a *.lazy.tsx wrapper", () => {
    const direct = new Map<string, string[]>();
    for (const f of files) {
      if (!isClient(f) || isWrapper(f)) continue;
      const fromServer = (importers.get(f) ?? []).filter((i) => !clientSide.has(i));
      if (fromServer.length) direct.set(f, fromServer);
    }
    const unexpected = [...direct].filter(([f]) => !(f in DIRECT_CLIENT_IMPORTS)).map(([f, by]) => `${f} <- ${by.join(", ")}`);
    expect(unexpected, "client components a server module imports directly (they load on every dealer page)").toEqual([]);
    // An entry no longer imported directly comes off the list.
    expect(Object.keys(DIRECT_CLIENT_IMPORTS).filter((f) => !direct.has(f))).toEqual([]);
  });
});

// What client code reaches through value imports (a type import is erased).
const imports = new Map<string, string[]>();
for (const [target, by] of importers) for (const from of by) imports.set(from, [...(imports.get(from) ?? []), target]);
const reachedFromClient = new Set<string>();
const reach = (f: string) => {
  if (reachedFromClient.has(f)) return;
  reachedFromClient.add(f);
  for (const next of imports.get(f) ?? []) reach(next);
};
files.filter((f) => isClient(f) && !f.startsWith("runtime/studio/")).forEach(reach);

describe("server-only weight kept out of the shoppers' scripts", () => {
  it("the forms settings' validator and schema are never reached from client code", () => {
    // The fields need the contact methods only (blocks/shared/forms/contact-methods.ts); config.ts
    // resolves the settings with their validator, about 8 KiB of Brotli in the lead form's chunk.
    const chain = (target: string) =>
      files
        .filter((f) => isClient(f) && !f.startsWith("runtime/studio/"))
        .filter((f) => {
          const seen = new Set<string>();
          const walkFrom = (x: string): boolean => x === target || (!seen.has(x) && (seen.add(x), (imports.get(x) ?? []).some(walkFrom)));
          return walkFrom(f);
        });
    for (const heavy of ["runtime/leads/settings.ts", "blocks/shared/forms/config.ts"])
      expect(reachedFromClient.has(heavy) ? `${heavy} <- ${chain(heavy).join(", ")}` : null).toBeNull();
  });

  it("the chat action beside an inline form does not bring the lead form's code with the page", () => {
    // The inline form is a static island until touched; the chat action loads with the page.
    const reached = new Set<string>();
    const walkFrom = (f: string) => {
      if (reached.has(f)) return;
      reached.add(f);
      (imports.get(f) ?? []).forEach(walkFrom);
    };
    walkFrom("blocks/enquiry-form/ChatButton.tsx");
    expect([...reached].filter((f) => f.startsWith("blocks/shared/forms/"))).toEqual([]);
  });
});

describe("links prefetch nothing on their own", () => {
  it("every in-site link in app, blocks and runtime is the platform's Link (runtime/ui/link.tsx), which prefetches nothing", () => {
    // Next prefetches a Link's page when it scrolls into view: on this one dynamic route each
    // prefetch is a full server render (3 to 15 a page view from the header, footer, breadcrumbs and
    // tiles), for pages most visitors never open. A click still navigates on the client.
    const direct = [...source.entries()]
      .filter(([file, text]) => file !== "runtime/ui/link.tsx" && /from\s+["']next\/link["']/.test(text))
      .map(([file]) => file);
    expect(direct).toEqual([]);
    const wrapper = source.get("runtime/ui/link.tsx") ?? "";
    expect(wrapper).toMatch(/<NextLink prefetch=\{false\} \{\.\.\.props\} \/>/);
  });
});
