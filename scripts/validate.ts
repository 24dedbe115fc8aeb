/**
 * npm run validate [files...]: checks every manifest (or the given ones) with exactly the
 * validator the server uses (runtime/manifest/store.ts → load.ts). Prints each problem as
 * file:line:column, JSON pointer, message and hint; exits non-zero when anything is wrong.
 */
import path from "node:path";
import { buildSiteStore, manifestsDir } from "../runtime/manifest/store";
import { formatProblem } from "../runtime/manifest/problems";
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
  if (site.status === "ok") {
    console.log(`ok    ${site.file}  (${site.manifest.name}: ${Object.keys(site.manifest.routes).length} routes)`);
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
    for (const p of site.problems) console.log("  " + formatProblem(p).replace(/\n/g, "\n  "));
  }
}
const count = only.length || store.sites.length;
console.log(failed ? `\n${failed} of ${count} manifest(s) have problems.` : `\nAll ${count} manifest(s) are valid.`);
if (warnings) console.log(`${warnings} warning(s).`);
process.exit(failed ? 1 : 0);
