// The layers inside runtime/, lowest first. A module imports its own area and the layers below
// it, never one above: the pure core knows no request, database or page; the manifest pipeline
// knows no database; the HTTP plumbing knows no lead or payment; the domain services know no
// page. Together with the cycle check in tests/unit/runtime-layers.test.ts this keeps runtime/
// a stack rather than one knot.
//
// An "area" is the first path segment under runtime/ without its extension: `runtime/leads/api.ts`
// is in `leads`, `runtime/slug.ts` in `slug`. A new area must be placed in a layer here (the rule
// reports an area it does not know), which is the moment to decide where it belongs.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Each layer's areas, lowest first. */
export const RUNTIME_LAYERS = [
  {
    name: "core",
    why: "pure rules and data shapes, usable in the browser, in scripts and on the server alike",
    areas: [
      "generated",
      "block-traits",
      "field-error",
      "slug",
      "time",
      "routing",
      "flags",
      "safe-href",
      "theme",
      "brand-fonts",
      "tiles",
      "wording",
      "brands",
      "csv",
      "script-json",
      "analytics",
      "finance",
      "search",
      "stock",
      "cars",
      "catalogue",
      "use-hydrated",
    ],
  },
  { name: "manifest", why: "the manifest pipeline and store: files in, validated dealers out", areas: ["manifest"] },
  {
    name: "process",
    why: "the process's own resources: the database, the shared blob store, the shutdown hooks and its place in the fleet (published manifests, the change bus, readiness)",
    areas: ["db", "blobs", "lifecycle", "fleet"],
  },
  { name: "request", why: "which dealer a request is for, and the HTTP boundary every API route goes through", areas: ["tenant", "request", "http"] },
  {
    name: "services",
    why: "what the platform does for a dealer: stock and its feeds, pictures, the page cache's keys and tags, accounts, leads, payments",
    areas: ["inventory", "feeds", "images", "page-cache", "accounts", "leads", "payments", "reservations", "finance-quotes"],
  },
  { name: "ui", why: "React pieces the pages and the studio share: the in-site link", areas: ["ui"] },
  { name: "pages", why: "rendering pages, search-engine files, the proxy's gates and the studio", areas: ["render", "proxy", "studio"] },
];

/** Packages that tie a module to the server or to Next: the core imports none of them. */
const SERVER_PACKAGE = /^(next(\/.*)?|server-only|pg|@electric-sql\/pglite(\/.*)?|nodemailer|stripe)$/;

const layerOfArea = new Map(RUNTIME_LAYERS.flatMap((layer, i) => layer.areas.map((a) => [a, i])));

/** The runtime area of a file path (absolute or relative to the repository), or null outside runtime/. */
export function runtimeArea(file) {
  const rel = path.relative(ROOT, path.resolve(ROOT, file)).split(path.sep);
  if (rel[0] !== "runtime" || rel.length < 2) return null;
  return rel.length === 2 ? rel[1].replace(/\.(test\.)?(tsx?|mjs|js)$/, "") : rel[1];
}

/** The layer index of an area, or undefined when no layer lists it. */
export const layerOf = (area) => layerOfArea.get(area);

export const runtimeLayers = {
  meta: {
    type: "problem",
    docs: { description: "A runtime module imports its own area and lower layers only (scripts/lint/runtime-layers.mjs)" },
    schema: [],
    messages: {
      upward:
        "runtime/{{from}} ({{fromLayer}} layer) may not import runtime/{{to}} ({{toLayer}} layer): lower layers never know higher ones. Move the shared part down, or pass it in from the caller.",
      serverPackage: "runtime/{{from}} is in the pure core, which runs in the browser and in scripts too: it may not import '{{source}}'.",
      unknownArea: "runtime/{{area}} is in no layer: add it to RUNTIME_LAYERS in scripts/lint/runtime-layers.mjs.",
    },
  },
  create(context) {
    const from = runtimeArea(context.filename);
    if (from === null) return {};
    const fromLayer = layerOf(from);
    if (fromLayer === undefined) {
      return {
        Program(node) {
          context.report({ node, messageId: "unknownArea", data: { area: from } });
        },
      };
    }
    const check = (node) => {
      if (!node.source || node.importKind === "type" || node.exportKind === "type") return;
      const source = String(node.source.value);
      if (fromLayer === 0 && SERVER_PACKAGE.test(source)) {
        context.report({ node: node.source, messageId: "serverPackage", data: { from, source } });
        return;
      }
      let target;
      if (source.startsWith("@/")) target = path.join(ROOT, source.slice(2));
      else if (source.startsWith("./") || source.startsWith("../")) target = path.resolve(path.dirname(context.filename), source);
      else return;
      const to = runtimeArea(target);
      if (to === null || to === from) return;
      const toLayer = layerOf(to);
      if (toLayer !== undefined && toLayer > fromLayer) {
        context.report({
          node: node.source,
          messageId: "upward",
          data: { from, to, fromLayer: RUNTIME_LAYERS[fromLayer].name, toLayer: RUNTIME_LAYERS[toLayer].name },
        });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
