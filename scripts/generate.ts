/**
 * Generates everything derived from the JSON Schemas, so a schema is written once:
 *  - schemas/manifest.schema.json: manifest.source.json + every blocks/<type>/schema.json
 *    composed into one self-contained schema (editors read it through "$schema").
 *  - runtime/generated/validators.js: ajv standalone code (no schema compiled at run time,
 *    no eval / new Function in the server or the browser).
 *  - runtime/generated/types.ts: TypeScript types from json-schema-to-typescript.
 * `--check` regenerates in memory and fails when a committed file is stale.
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import { buildGeneratedFiles } from "./lib/generated-files";

const root = path.resolve(import.meta.dirname, "..");
const check = process.argv.includes("--check");

const files = await buildGeneratedFiles(root, compile);
let stale: string[] = [];
for (const [rel, content] of Object.entries(files)) {
  const abs = path.join(root, rel);
  const current = existsSync(abs) ? readFileSync(abs, "utf8") : null;
  if (current === content) continue;
  if (check) stale.push(rel);
  else {
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
    console.log(`wrote ${rel}`);
  }
}
if (check) {
  if (stale.length) {
    console.error(`Generated files are stale: ${stale.join(", ")}\nRun \`npm run generate\` and commit the result.`);
    process.exit(1);
  }
  console.log("Generated schema, validators and types are up to date.");
}
