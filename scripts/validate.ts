/**
 * npm run validate [files...] [--format=text|github|sarif] [--output=file]: checks every manifest
 * (or the given ones) with exactly the validator the server uses (runtime/manifest/store.ts →
 * load.ts) and the go-live check (runtime/manifest/go-live/). Prints each problem as
 * file:line:column, JSON pointer, message and hint (`--format=github`: GitHub workflow annotations
 * on the manifest's line; `--format=sarif`: a SARIF 2.1.0 log, to --output or standard output).
 *
 * Also checks what the server's database holds (DATABASE_URL, else the embedded database in
 * .data/pglite): the drafts made in the studio and each dealer's live version where it is not its
 * file's text, each named by where it is held ("database: draft ballina-kia (made in the
 * studio)"); their CI annotations have no file line to sit on, so they name it in their text.
 * While a running server holds the embedded database, only the files are checked, and it says so.
 *
 * Exits non-zero when a manifest is invalid, or when a live dealer (a file in manifests/ itself,
 * which the server serves on its hosts; a draft in manifests/drafts/ is not live) has a go-live
 * problem that blocks. Warnings never fail it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSiteStore, manifestsDir, publicDir } from "../runtime/manifest/store";
import { formatProblem, JsonSource, type ManifestProblem } from "../runtime/manifest/problems";
import { diagnoseManifest, draftFile, draftsDir, listDrafts } from "../runtime/manifest/diagnostics";
import { databaseManifests, heldLabel, type HeldManifest } from "../runtime/fleet/database-manifests";
import { validateVersion } from "../runtime/fleet/manifests";
import { openServerDatabase } from "./lib/server-database";
import { ciLevel, githubAnnotation, sarifLog } from "../runtime/manifest/go-live/ci-formats";
import { goLiveRules } from "../runtime/manifest/go-live/rules";
import { manifestRules } from "../runtime/manifest/rules";
import { brandsWithoutStock } from "../runtime/brands";
import { listStockFiles, readCarsFile, stockDir } from "../runtime/stock/store";
import type { Car } from "../runtime/generated/types";

const FORMATS = ["text", "github", "sarif"] as const;
type Format = (typeof FORMATS)[number];
const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const format = (option("format") ?? "text") as Format;
if (!FORMATS.includes(format)) {
  console.error(`--format must be one of ${FORMATS.join(", ")} (got '${format}')`);
  process.exit(2);
}
const output = option("output");

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

/** One manifest's verdict: its heading line, its problems, whether it is live, whether it fails, and whether it is held in the database (no file). */
interface Checked {
  heading: string;
  problems: ManifestProblem[];
  live: boolean;
  failed: boolean;
  stored?: boolean;
}
const checked: Checked[] = [];
const blocksLive = (problems: ManifestProblem[]) => problems.filter((p) => p.goLive === "blocking").length;

const dir = manifestsDir();
const only = args.filter((a) => !a.startsWith("--")).map((f) => path.resolve(f));
const store = buildSiteStore(dir);
const diagnose = (file: string) => diagnoseManifest(file, { manifestsDir: dir, publicDir: publicDir() });

// What the server's database holds beside the files: the drafts made in the studio and each dealer's
// live version (checked unless it is exactly its file's text). Not when files are named.
const database = only.length ? null : await openServerDatabase();
const held: HeldManifest[] = database?.db ? await databaseManifests(database.db, dir) : [];
await database?.db?.close();

/** A dealer published in the studio's database whose slug or host a draft also claims. */
function publishedClash(slug: string, hosts: readonly string[]): string | undefined {
  for (const m of held) {
    if (m.kind !== "published") continue;
    const claims = JSON.parse(m.text) as { slug?: string; hosts?: string[]; redirectHosts?: string[] };
    if (claims.slug === slug || [...(claims.hosts ?? []), ...(claims.redirectHosts ?? [])].some((h) => hosts.includes(h))) return heldLabel(m);
  }
  return undefined;
}

/** A brand tile with no stock behind it, as a warning at the brand. */
function brandWarnings(site: Extract<(typeof store.sites)[number], { status: "ok" }>): ManifestProblem[] {
  if (allCars.length === 0) return [];
  const counts = stockMakeCounts(new Set(site.manifest.dealerships.map((d) => d.id)), allCars);
  const missing = brandsWithoutStock(site.manifest.brands, counts);
  if (!missing.length) return [];
  const source = new JsonSource(site.file, readFileSync(path.resolve(site.file), "utf8"));
  return missing.map(({ brand, pointer }) => {
    const at = source.locate(pointer) ?? { line: 1, column: 1 };
    return {
      file: site.file,
      line: at.line,
      column: at.column,
      pointer,
      message: `brand '${brand.title}' links to stock, but there are no ${brand.make ?? brand.title} cars in stock; its tile is left out`,
      hint: "set the brand's make to the make as stock writes it, or remove the brand",
      source: "brand-stock",
      severity: "warning" as const,
    };
  });
}

for (const site of store.sites) {
  if (only.length && !only.includes(path.resolve(site.file))) continue;
  // The checks that read stock and pictures (warnings), and the go-live check: the same pipeline with more at hand.
  const d = diagnose(path.resolve(site.file));
  if (site.status === "ok") {
    const problems = [
      ...d.goLive.filter((p) => p.goLive === "blocking"),
      ...d.warnings,
      ...brandWarnings(site),
      ...d.goLive.filter((p) => p.goLive !== "blocking"),
    ];
    const blocking = blocksLive(problems);
    const summary = `${site.manifest.name}: ${Object.keys(site.manifest.routes).length} routes`;
    checked.push({
      heading: blocking
        ? `FAIL  ${site.file}  (${summary}; live, and ${blocking} go-live problem${blocking === 1 ? "" : "s"} block${blocking === 1 ? "s" : ""} it)`
        : `ok    ${site.file}  (${summary})`,
      problems,
      live: true,
      failed: blocking > 0,
    });
  } else checked.push({ heading: `FAIL  ${site.file}`, problems: [...site.problems, ...d.warnings], live: true, failed: true });
}

// Drafts (manifests/drafts/): checked like live manifests, and against the live ones' slugs and hosts; not live, so go-live problems only warn.
let drafts = 0;
for (const name of listDrafts(dir)) {
  const file = draftFile(dir, name)!;
  if (only.length && !only.includes(path.resolve(file))) continue;
  drafts++;
  const d = diagnose(file);
  const clash = d.manifest
    ? (store.sites.find((s) => path.basename(s.file) !== `${name}.json` && (s.slug === d.manifest!.slug || d.manifest!.hosts.some((h) => s.hosts.includes(h))))
        ?.file ?? publishedClash(d.manifest.slug, d.manifest.hosts))
    : undefined;
  const problems = [...d.errors, ...d.warnings, ...d.goLive];
  if (clash)
    problems.unshift({
      file: d.file,
      line: 1,
      column: 1,
      pointer: "/slug",
      message: `its slug or a host is already ${clash}'s: publishing it would be refused`,
      source: "claims",
    });
  const ok = d.ok && !clash;
  checked.push({
    heading: ok ? `ok    ${d.file}  (draft; preview at http://localhost:3000/preview/${name}/)` : `FAIL  ${d.file}  (draft)`,
    problems,
    live: false,
    failed: !ok,
  });
}

/** Whether a live version is exactly what its file in manifests/ says (then the file's verdict above is its verdict). */
function sameAsFile(m: HeldManifest): boolean {
  const file = path.join(dir, `${m.name}.json`);
  if (!existsSync(file)) return false;
  const v = validateVersion(m.name, readFileSync(file, "utf8"), { manifestsDir: dir, publicDir: publicDir() });
  return v.ok && v.version.hash === m.hash;
}

for (const m of held) {
  if (m.kind === "published" && sameAsFile(m)) continue;
  const label = heldLabel(m);
  // Checked as it would be as a file (templates and pictures found from where that file would be), then named by where it is held.
  const where = m.kind === "draft" ? path.join(draftsDir(dir), `${m.name}.json`) : path.join(dir, `${m.name}.json`);
  const d = diagnoseManifest(where, { manifestsDir: dir, publicDir: publicDir() }, m.text);
  const live = m.kind === "published";
  const clash =
    !live && d.manifest
      ? (store.sites.find((s) => s.slug === d.manifest!.slug || d.manifest!.hosts.some((h) => s.hosts.includes(h)))?.file ??
        publishedClash(d.manifest.slug, d.manifest.hosts) ??
        (listDrafts(dir).includes(m.name) ? `drafts/${m.name}.json` : undefined))
      : undefined;
  // No editor opens a stored text, so where its $schema points does not matter (the schema-path rule is for files).
  const problems = [...d.errors, ...d.warnings, ...d.goLive.filter((p) => p.source !== "schema-path")].map((p) => ({ ...p, file: label }));
  if (clash)
    problems.unshift({
      file: label,
      line: 1,
      column: 1,
      pointer: "/slug",
      message: `its slug or a host is already ${clash}'s: publishing it would be refused`,
      source: "claims",
    });
  const blocking = live ? blocksLive(problems) : 0;
  const ok = d.ok && !clash && blocking === 0;
  const by = m.by ? ` by ${m.by}` : "";
  const what = live ? `live; published${by} ${m.at.slice(0, 16).replace("T", " ")} UTC` : `draft; last saved${by}`;
  checked.push({
    heading: ok
      ? `ok    ${label}  (${what})`
      : `FAIL  ${label}  (${what}${blocking ? `; ${blocking} go-live problem${blocking === 1 ? "" : "s"} block${blocking === 1 ? "s" : ""} it` : ""})`,
    problems,
    live,
    failed: !ok,
    stored: true,
  });
}
const heldChecked = checked.filter((c) => c.stored).length;

// A file named on the command line that is neither live nor a draft (a new dealer written elsewhere with --dir).
const known = new Set([...store.sites.map((s) => path.resolve(s.file)), ...listDrafts(dir).map((n) => path.resolve(draftFile(dir, n)!))]);
for (const file of only.filter((f) => !known.has(f))) {
  const d = diagnose(file);
  checked.push({ heading: d.ok ? `ok    ${d.file}` : `FAIL  ${d.file}`, problems: [...d.errors, ...d.warnings, ...d.goLive], live: false, failed: !d.ok });
}

const failed = checked.filter((c) => c.failed).length;
const warnings = checked.reduce((n, c) => n + c.problems.filter((p) => ciLevel(p, c.live) === "warning").length, 0);
const count = only.length || store.sites.length + drafts + heldChecked;
const summary = [
  failed ? `${failed} of ${count} manifest(s) have problems.` : `All ${count} manifest(s) are valid.`,
  ...(warnings ? [`${warnings} warning(s).`] : []),
  ...(heldChecked ? [`${heldChecked} of them held in ${database!.where} (drafts made in the studio, versions published there).`] : []),
];
// The database could not be read: said on standard error (standard output may be a SARIF log), and only the files count.
if (database && !database.db && database.state !== "absent") console.error(`note: ${database.message} Only the files were checked.`);

if (format === "sarif") {
  const descriptions = new Map<string, string>([
    ["json", "The file is valid JSON."],
    ["schema", "The manifest follows the manifest schema."],
    ...[...manifestRules, ...goLiveRules].map((r): [string, string] => [r.id, r.description]),
  ]);
  const log = JSON.stringify(
    sarifLog(
      checked.flatMap((c) => c.problems.map((problem) => ({ problem, live: c.live, stored: c.stored }))),
      (id) => descriptions.get(id) ?? id,
    ),
    null,
    2,
  );
  if (output) {
    writeFileSync(output, log + "\n");
    console.log(`SARIF 2.1.0 written to ${output}.\n${summary.join("\n")}`);
  } else console.log(log);
} else {
  for (const c of checked) {
    if (format === "github") for (const p of c.problems) console.log(githubAnnotation(p, c.live, c.stored));
    else {
      console.log(c.heading);
      for (const p of c.problems) console.log("  " + formatProblem(p).replace(/\n/g, "\n  "));
    }
  }
  console.log("\n" + summary.join("\n"));
}
process.exit(failed ? 1 : 0);
