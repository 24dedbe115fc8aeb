import { createRequire } from "node:module";
import path from "node:path";
import type { StandaloneValidator } from "../generated/validators";

/**
 * The manifest's schema validator (runtime/generated/validate-manifest.cjs, ajv standalone code),
 * loaded by Node's own module system instead of being bundled.
 *
 * Why: the server's bundler compiles a module once for each part of the server that reaches it
 * (the pages, the API routes, the proxy, the start-up hooks, the studio's worker), and the manifest
 * store reaches this validator from all of them. Bundled, the server held six copies of it, each a
 * 1.8 MB source text kept in memory (two bytes a character) with its own schema objects and
 * compiled code: about 40 MB of heap for one function. Node's module cache keeps one.
 *
 * The file is found from the working directory, as the manifests and public/ are (the server, the
 * scripts and the tests all run from the project's root).
 */
const requireFromRoot = createRequire(path.join(process.cwd(), "package.json"));

export const validateManifest: StandaloneValidator = (
  requireFromRoot(/*turbopackIgnore: true*/ "./runtime/generated/validate-manifest.cjs") as { validateManifest: StandaloneValidator }
).validateManifest;
