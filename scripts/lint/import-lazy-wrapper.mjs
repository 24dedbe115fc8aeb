// The rule that keeps deferred client islands code-split: server modules import a client component
// declared in blocks/lazy-islands.json through its generated `*.lazy.tsx` wrapper.
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The modules behind a wrapper, each mapped to its wrapper (relative to the repository): every
 * island's component module and the wrapper's eager twin (`client/components.lazy.tsx` →
 * `client/components`, `LeadForm.lazy.tsx` → `LeadForm`). Keys are absolute paths without
 * extension. Read from the declaration list once per ESLint process.
 */
let wrappedModules;
export function modulesBehindLazyWrappers() {
  if (wrappedModules) return wrappedModules;
  wrappedModules = new Map();
  const { islands } = JSON.parse(readFileSync(path.join(ROOT, "blocks/lazy-islands.json"), "utf8"));
  for (const island of islands) {
    const wrapper = path.posix.join("blocks", island.wrapper);
    const folder = path.join(ROOT, path.dirname(wrapper));
    wrappedModules.set(path.join(ROOT, wrapper.slice(0, -".lazy.tsx".length)), wrapper);
    wrappedModules.set(path.resolve(folder, island.module), wrapper);
  }
  return wrappedModules;
}

/**
 * Server modules import a client component that has a lazy wrapper through the wrapper. Next puts
 * every client component reachable from a route's server modules into that route's entry chunk
 * (and there is one catch-all route), so a server component importing `./client/components` or
 * `./LeadForm` directly would ship that code, and its libraries, with every page. The wrapper
 * (`next/dynamic` or `hydrateLater`) still renders it on the server but loads its code only on
 * pages that render it.
 *
 * Checked in every module except: client modules ("use client": already in a client chunk, so
 * one client component may import another directly), the wrappers themselves, the modules behind
 * them and their eager twins (unit tests import those), and tests (vitest maps `*.lazy` to the
 * eager module anyway). Type-only imports are erased and allowed. A glob in
 * `no-restricted-imports` could not express this: it matches the import's text, not the file it
 * resolves to, and cannot tell a client module from a server one.
 */
export const importLazyWrapper = {
  meta: {
    type: "problem",
    docs: { description: "Server modules import client components that have a *.lazy.tsx wrapper through the wrapper" },
    schema: [],
    messages: { useWrapper: "'{{source}}' has a lazy wrapper: import it through {{wrapper}}, so its code loads only on the pages that render it." },
  },
  create(context) {
    const filename = context.filename;
    const wrapped = modulesBehindLazyWrappers();
    if (filename.endsWith(".lazy.tsx") || wrapped.has(filename.replace(/\.(tsx?|mjs|js)$/, ""))) return {};
    const isClient = context.sourceCode.ast.body.some((node) => node.type === "ExpressionStatement" && node.directive === "use client");
    if (isClient) return {};
    const check = (node) => {
      if (!node.source || node.importKind === "type" || node.exportKind === "type") return;
      const source = String(node.source.value);
      let target;
      if (source.startsWith("@/")) target = path.join(ROOT, source.slice(2));
      else if (source.startsWith("./") || source.startsWith("../")) target = path.resolve(path.dirname(filename), source);
      else return;
      const wrapper = wrapped.get(target.replace(/\.(tsx?|mjs|js)$/, "").replace(/\/index$/, ""));
      if (wrapper) context.report({ node: node.source, messageId: "useWrapper", data: { source, wrapper } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
