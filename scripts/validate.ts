/**
 * npm run validate [files...]: checks every manifest (or the given ones) with exactly the
 * validator the server uses (runtime/manifest/store.ts → load.ts). Prints each problem as
 * file:line:column, JSON pointer, message and hint; exits non-zero when anything is wrong.
 */
import path from "node:path";
import { buildSiteStore, manifestsDir } from "../runtime/manifest/store";
import { formatProblem } from "../runtime/manifest/problems";

const dir = manifestsDir();
const only = process.argv.slice(2).map((f) => path.resolve(f));
const store = buildSiteStore(dir);
let failed = 0;
for (const site of store.sites) {
  if (only.length && !only.includes(path.resolve(site.file))) continue;
  if (site.status === "ok") {
    console.log(`ok    ${site.file}  (${site.manifest.name}: ${Object.keys(site.manifest.routes).length} routes)`);
  } else {
    failed++;
    console.log(`FAIL  ${site.file}`);
    for (const p of site.problems) console.log("  " + formatProblem(p).replace(/\n/g, "\n  "));
  }
}
const count = only.length || store.sites.length;
console.log(failed ? `\n${failed} of ${count} manifest(s) have problems.` : `\nAll ${count} manifest(s) are valid.`);
process.exit(failed ? 1 : 0);
