// Local ESLint rules for the API boundary (runtime/http/api-route.ts; docs/architecture.md, "API
// boundary"). Every route file under app/api/ and the studio's posts declares its HTTP methods as
// `export const POST = apiRoute({...})` (or studioApiRoute for the studio), so tenancy, the
// same-origin check, the rate limit, body parsing and logging happen in one place for every
// route; and nothing outside runtime/http calls the guard by hand.

/** The exports Next treats as a route's HTTP method handlers. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The declarations a method may be: each function, and the module it must be imported from. */
const DECLARERS = new Map([
  ["apiRoute", "@/runtime/http/api-route"],
  ["studioApiRoute", "@/runtime/studio/http"],
]);

const exportedName = (node) => (node.type === "Identifier" ? node.name : String(node.value));

export const apiRouteExports = {
  meta: {
    type: "problem",
    docs: { description: "A route file's HTTP method exports are apiRoute(...) (or studioApiRoute(...)) calls" },
    schema: [],
    messages: {
      notDeclared:
        "'{{method}}' must be `export const {{method}} = apiRoute({ name, limit, stateChanging, body, handle })` (the studio's: studioApiRoute), so the API boundary resolves the tenant, guards, parses and logs for it.",
      reexport: "Declare '{{method}}' here with apiRoute({...}) rather than re-exporting it, so the route's limit and body are visible in its file.",
      exportAll: "A route file names its methods: `export *` hides whether they go through apiRoute.",
    },
  },
  create(context) {
    /** Local names bound to an allowed declarer imported from its own module. */
    const declarers = new Set();
    return {
      ImportDeclaration(node) {
        for (const s of node.specifiers) {
          if (s.type !== "ImportSpecifier") continue;
          const imported = exportedName(s.imported);
          if (DECLARERS.get(imported) === node.source.value) declarers.add(s.local.name);
        }
      },
      ExportAllDeclaration(node) {
        context.report({ node, messageId: "exportAll" });
      },
      "Program:exit"(program) {
        for (const node of program.body) {
          if (node.type !== "ExportNamedDeclaration") continue;
          const decl = node.declaration;
          if (decl?.type === "FunctionDeclaration" && decl.id && METHODS.has(decl.id.name)) {
            context.report({ node: decl.id, messageId: "notDeclared", data: { method: decl.id.name } });
          } else if (decl?.type === "VariableDeclaration") {
            for (const d of decl.declarations) {
              if (d.id.type !== "Identifier" || !METHODS.has(d.id.name)) continue;
              const init = d.init;
              const ok = init?.type === "CallExpression" && init.callee.type === "Identifier" && declarers.has(init.callee.name);
              if (!ok) context.report({ node: d.id, messageId: "notDeclared", data: { method: d.id.name } });
            }
          }
          for (const s of node.specifiers ?? []) {
            const method = exportedName(s.exported);
            if (METHODS.has(method)) context.report({ node: s, messageId: "reexport", data: { method } });
          }
        }
      },
    };
  },
};

export const noHandGuard = {
  meta: {
    type: "problem",
    docs: { description: "Only the API boundary (runtime/http) runs the API guard" },
    schema: [],
    messages: {
      guard: "Declare the route with apiRoute({ limit, stateChanging, ... }) instead of calling guardApi by hand: the boundary runs the guard for every route.",
    },
  },
  create(context) {
    const report = (node) => context.report({ node, messageId: "guard" });
    return {
      ImportDeclaration(node) {
        if (/(^|\/)http\/api-guard$/.test(String(node.source.value))) report(node.source);
      },
      CallExpression(node) {
        if (node.callee.type === "Identifier" && node.callee.name === "guardApi") report(node.callee);
      },
    };
  },
};

const plugin = { rules: { "api-route-exports": apiRouteExports, "no-hand-guard": noHandGuard } };
export default plugin;
