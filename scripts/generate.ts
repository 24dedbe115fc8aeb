/**
 * Generates everything derived from the JSON Schemas, so a schema is written once:
 *  - schemas/manifest.schema.json: manifest.source.json + every blocks/<type>/schema.json
 *    composed into one self-contained schema (editors read it through "$schema").
 *  - runtime/generated/validate-*.js: ajv standalone code (no schema compiled at run time,
 *    no eval / new Function in the server or the browser), one module per validator in use.
 *  - runtime/generated/types.ts: TypeScript types from json-schema-to-typescript, with a
 *    Resolved type (defaults filled) for each block's props and each settings section.
 *  - runtime/generated/defaults.ts, block-defaults.ts, feature-flags.ts: data read from the
 *    schemas for code that has no loaded manifest at hand.
 *  - blocks/page-urls.ts: the `pageUrls` of every block folder that has a urls.ts (the sitemap's
 *    list of the pages a block renders on a parameterised route).
 * `--check` regenerates in memory and fails when a committed file is stale.
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import { buildGeneratedFiles } from "./lib/generated-files";

const root = path.resolve(import.meta.dirname, "..");
const check = process.argv.includes("--check");

const files = await buildGeneratedFiles(root, compile);
const stale: string[] = [];
// A file left in runtime/generated/ that the generator no longer writes (a validator nothing
// uses any more) is stale too: it goes, so nothing can import it by mistake.
const generatedDir = path.join(root, "runtime/generated");
for (const name of existsSync(generatedDir) ? readdirSync(generatedDir) : []) {
  const rel = `runtime/generated/${name}`;
  if (rel in files) continue;
  if (check) stale.push(`${rel} (no longer generated)`);
  else {
    rmSync(path.join(root, rel));
    console.log(`removed ${rel}`);
  }
}
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
