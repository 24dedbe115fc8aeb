/**
 * npm run validate [files...]: checks every manifest (or the given ones) with exactly the
 * validator the server uses (runtime/manifest/store.ts → load.ts). Prints each problem as
 * file:line:column, JSON pointer, message and hint; exits non-zero when anything is wrong.
 */
import path from "node:path";
import { buildSiteStore, manifestsDir, publicDir } from "../runtime/manifest/store";
import { formatProblem } from "../runtime/manifest/problems";
import { diagnoseManifest, draftFile, listDrafts } from "../runtime/manifest/diagnostics";
import { brandsWithoutStock } from "../runtime/brands";
import { listStockFiles, readCarsFile, stockDir } from "../runtime/stock/store";
import type { Car } from "../runtime/generated/types";

/**
 * Cars per make at a site's dealerships, from the stock files on disk (all of them: a group portal shows its
 * members' stock). Stock changes by the hour, so a brand tile without stock is a warning, never a failure.
 */
function stockMakeCounts(dealershipIds: Set<number>, cars: Car[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const car of cars) if (car.make && dealershipIds.has(Number(car.dealership_id))) counts[car.make] = (counts[car.make] ?? 0) + 1;
  return counts;
}
const stockRoot = stockDir(process.cwd());
const allCars: Car[] = listStockFiles(stockRoot).flatMap((slug) => {
  try {
    return readCarsFile(path.join(stockRoot, `${slug}.json`));
  } catch {
    return [];
  }
});
let warnings = 0;

const dir = manifestsDir();
const only = process.argv.slice(2).map((f) => path.resolve(f));
const store = buildSiteStore(dir);
let failed = 0;
for (const site of store.sites) {
  if (only.length && !only.includes(path.resolve(site.file))) continue;
  // The checks that read stock and pictures (warnings): the same pipeline with more at hand (runtime/manifest/diagnostics.ts).
  const extra = diagnoseManifest(path.resolve(site.file), { manifestsDir: dir, publicDir: publicDir() }).warnings;
  if (site.status === "ok") {
    console.log(`ok    ${site.file}  (${site.manifest.name}: ${Object.keys(site.manifest.routes).length} routes)`);
    for (const w of extra) {
      warnings++;
      console.log("  " + formatProblem(w).replace(/\n/g, "\n  "));
    }
    if (allCars.length > 0) {
      const counts = stockMakeCounts(new Set(site.manifest.dealerships.map((d) => d.id)), allCars);
      for (const { brand, pointer } of brandsWithoutStock(site.manifest.brands, counts)) {
        warnings++;
        console.log(
          `  warning ${pointer}: brand '${brand.title}' links to stock, but there are no ${brand.make ?? brand.title} cars in stock; its tile is left out`,
        );
        console.log(`    hint: set the brand's make to the make as stock writes it, or remove the brand`);
      }
    }
  } else {
    failed++;
    console.log(`FAIL  ${site.file}`);
    for (const p of [...site.problems, ...extra]) console.log("  " + formatProblem(p).replace(/\n/g, "\n  "));
  }
}

// Drafts (manifests/drafts/): checked like live manifests, and against the live ones' slugs and hosts.
let drafts = 0;
for (const name of listDrafts(dir)) {
  const file = draftFile(dir, name)!;
  if (only.length && !only.includes(path.resolve(file))) continue;
  drafts++;
  const d = diagnoseManifest(file, { manifestsDir: dir, publicDir: publicDir() });
  const clash = d.manifest
    ? store.sites.find((s) => path.basename(s.file) !== `${name}.json` && (s.slug === d.manifest!.slug || d.manifest!.hosts.some((h) => s.hosts.includes(h))))
    : undefined;
  if (d.ok && !clash) console.log(`ok    ${d.file}  (draft; preview at http://localhost:3000/preview/${name}/)`);
  else {
    failed++;
    console.log(`FAIL  ${d.file}  (draft)`);
    if (clash) console.log(`  ${d.file}  its slug or a host is already ${clash.file}'s: publishing it would be refused`);
  }
  for (const p of [...d.errors, ...d.warnings]) console.log("  " + formatProblem(p).replace(/\n/g, "\n  "));
  warnings += d.warnings.length;
}

// A file named on the command line that is neither live nor a draft (a new dealer written elsewhere with --dir).
const known = new Set([...store.sites.map((s) => path.resolve(s.file)), ...listDrafts(dir).map((n) => path.resolve(draftFile(dir, n)!))]);
for (const file of only.filter((f) => !known.has(f))) {
  const d = diagnoseManifest(file, { manifestsDir: dir, publicDir: publicDir() });
  console.log(d.ok ? `ok    ${d.file}` : `FAIL  ${d.file}`);
  if (!d.ok) failed++;
  for (const p of [...d.errors, ...d.warnings]) console.log("  " + formatProblem(p).replace(/\n/g, "\n  "));
  warnings += d.warnings.length;
}
const count = only.length || store.sites.length + drafts;
console.log(failed ? `\n${failed} of ${count} manifest(s) have problems.` : `\nAll ${count} manifest(s) are valid.`);
if (warnings) console.log(`${warnings} warning(s).`);
process.exit(failed ? 1 : 0);
