// ESLint flat config: Next's rules (core web vitals + TypeScript) and the shape of the code
// (docs/architecture.md, "The shape of the code"): app/ uses blocks/ and runtime/; blocks/ use
// runtime/; runtime/ never imports blocks/ or app/; server modules import heavy client components
// through their `*.lazy.tsx` wrappers (generated from blocks/lazy-islands.json; the rule is in scripts/lint/).
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import path from "node:path";
import { importLazyWrapper } from "./scripts/lint/import-lazy-wrapper.mjs";
import { runtimeLayers } from "./scripts/lint/runtime-layers.mjs";
import apiRoutePlugin from "./scripts/lint/api-route.mjs";

/** Generated files (`npm run generate`) and build output: never edited by hand, so never linted. */
const GENERATED = ["runtime/generated/**", "blocks/index.ts", "blocks/page-urls.ts", "schemas/manifest.schema.json", "next-env.d.ts"];
const OUTPUT = [".next/**", ".data/**", ".tmp/**", "node_modules/**", "test-results/**", "playwright-report/**", "public/**"];

const TESTS = ["**/*.test.ts", "**/*.test.tsx", "tests/**"];

// `regex` patterns rather than globs: a relative path (`../../blocks/hero`) is matched as well
// as the `@/` alias. `import()` and `require` are not checked by this rule.
const NO_BLOCKS = {
  regex: "^(@/blocks|(\\.\\./)+blocks)(/|$)",
  message:
    "runtime/ never imports blocks/: the route files (app/) hand the block registry to the renderer. Move shared code into runtime/; a test that checks runtime against blocks belongs in tests/unit.",
};
const NO_APP = {
  regex: "^(@/app|(\\.\\./)+app)(/|$)",
  message: "Only Next.js imports app/ (thin route files); put shared code in runtime/ or blocks/.",
};

const ROOT = import.meta.dirname;

/**
 * A block folder uses its own files, blocks/shared/ and runtime/, never another block's folder;
 * blocks/shared/ uses no block's folder. Two blocks that need the same part share it through
 * blocks/shared/ (as the finance calculator, which the vehicle page embeds, and the blog cards do).
 * The registry (blocks/index.ts, generated) is the one file that names every block.
 */
const blockFolders = {
  meta: {
    type: "problem",
    docs: { description: "A block imports its own folder, blocks/shared/ and runtime/, never another block's folder" },
    schema: [],
    messages: { otherBlock: "'{{source}}' is the {{target}} block's folder: move what both blocks need into blocks/shared/." },
  },
  create(context) {
    const rel = path.relative(ROOT, context.filename).split(path.sep);
    if (rel[0] !== "blocks" || rel.length < 3) return {};
    const own = rel[1];
    const check = (node) => {
      if (!node.source) return;
      const source = String(node.source.value);
      let target;
      if (source.startsWith("@/")) target = source.slice(2);
      else if (source.startsWith("./") || source.startsWith("../")) target = path.relative(ROOT, path.resolve(path.dirname(context.filename), source));
      else return;
      const parts = target.split(/[\\/]/);
      if (parts[0] !== "blocks" || parts.length < 3) return;
      if (parts[1] !== "shared" && parts[1] !== own) context.report({ node: node.source, messageId: "otherBlock", data: { source, target: parts[1] } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const plugin = { rules: { "import-lazy-wrapper": importLazyWrapper, "block-folders": blockFolders, "runtime-layers": runtimeLayers } };

export default defineConfig([
  globalIgnores([...GENERATED, ...OUTPUT]),
  ...nextVitals,
  ...nextTs,

  // ---- the shape of the code ------------------------------------------------------------------
  {
    name: "dealer-platform/runtime-boundary",
    files: ["runtime/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_BLOCKS, NO_APP] }] },
  },
  {
    // Layers inside runtime/: the pure core, the manifest pipeline, the process's resources, the
    // request boundary, the services, the pages; each imports only its own area and lower layers.
    name: "dealer-platform/runtime-layers",
    files: ["runtime/**"],
    // A test may put layers together to check one of them.
    ignores: TESTS,
    plugins: { "dealer-platform": plugin },
    rules: { "dealer-platform/runtime-layers": "error" },
  },
  {
    name: "dealer-platform/blocks-boundary",
    files: ["blocks/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_APP] }] },
  },
  {
    name: "dealer-platform/lazy-wrappers",
    files: ["**/*.ts", "**/*.tsx"],
    ignores: TESTS,
    plugins: { "dealer-platform": plugin },
    rules: { "dealer-platform/import-lazy-wrapper": "error" },
  },
  {
    name: "dealer-platform/block-folders",
    files: ["blocks/**"],
    // This test checks the form blocks' schemas together, by reading them.
    ignores: ["blocks/shared/forms/block-schemas.test.ts"],
    plugins: { "dealer-platform": plugin },
    rules: { "dealer-platform/block-folders": "error" },
  },

  {
    // A function a reader can hold in mind at once: past a hundred lines, split it into named
    // parts (sub-components, hooks, helpers, one function per case). Tests read as lists of cases
    // and are left out.
    name: "dealer-platform/function-size",
    files: ["runtime/**", "blocks/**", "app/**", "scripts/**", "proxy.ts"],
    ignores: TESTS,
    rules: { "max-lines-per-function": ["error", { max: 100, skipBlankLines: true, skipComments: true }] },
  },

  // ---- the API boundary (scripts/lint/api-route.mjs) --------------------------------------------
  {
    name: "dealer-platform/api-routes",
    files: ["app/api/**/route.ts", "app/%5Fstudio/**/route.ts"],
    plugins: { "api-boundary": apiRoutePlugin },
    rules: { "api-boundary/api-route-exports": "error" },
  },
  {
    name: "dealer-platform/api-guard",
    files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
    ignores: ["runtime/http/**"],
    plugins: { "api-boundary": apiRoutePlugin },
    rules: { "api-boundary/no-hand-guard": "error" },
  },

  // ---- Next's rules, tuned to this code base -----------------------------------------------------
  {
    name: "dealer-platform/tuning",
    rules: {
      // A leading underscore marks a value left unused on purpose, and a property pulled out of an
      // object by destructuring (`const { state: _state, ...rest } = data`) is how a key is left out
      // of the rest; neither is a mistake.
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Pictures are plain <img> on purpose: vehicle pictures come from our own image route
      // (runtime/images renders exactly the widths the blocks list in srcset, with width, height,
      // loading and fetchpriority set by the block), and logos, brands and promotions are SVG files.
      // next/image would send them through a second optimiser that resizes what is already sized.
      "@next/next/no-img-element": "off",
      // React Compiler diagnostics (eslint-plugin-react-hooks 7). This project does not run the
      // compiler, and the two rules below fire mostly on deliberate patterns: a component renders
      // the server's default and, once hydrated, reads what only the browser knows (localStorage,
      // sessionStorage, matchMedia, a carousel's position) or marks itself ready, so the server's
      // HTML and the first client render agree; and a "latest value" ref written during render for
      // callbacks created once (react-hook-form's resolver and submit handler). Warnings, not
      // errors: the few that are state derived from props (a range slider's draft) are worth
      // rewriting when their files are next touched, and new cases stay visible.
      "react-hooks/set-state-in-effect": "warn",
      "react-hooks/refs": "warn",
    },
  },
  {
    // The document element of both root layouts (app/(site) and app/%5Fcached) lives here rather
    // than in app/, where the rule knows that an App Router layout renders <head> itself.
    name: "dealer-platform/site-document",
    files: ["runtime/render/site-document.tsx"],
    rules: { "@next/next/no-head-element": "off" },
  },
  {
    // Tests feed validators and handlers deliberately malformed input (`{ ...manifest, routes: 7 } as
    // any`) and read untyped JSON bodies; a type hole in a test never reaches a visitor.
    name: "dealer-platform/tests",
    files: TESTS,
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
]);
