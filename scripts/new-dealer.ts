/**
 * npm run new-dealer: writes a new dealer's manifest from one of five starting points, valid as
 * written, and says how to preview it and what to fill in next.
 *
 *   npm run new-dealer                          asks for each answer (node:readline)
 *   npm run new-dealer -- --name "Coast Chery" --template franchise --brand Chery
 *        [--slug coast-chery] [--dir manifests/drafts] [--dealership-id 512]
 *        [--phone "07 5555 1234"] [--email sales@coastchery.com.au] [--street ... --city ... --state qld --postcode 4000]
 *
 * The file goes to manifests/drafts/{slug}.json (a draft: previewed at
 * http://localhost:3000/preview/{slug}/ and never served on a dealer host); publishing is moving
 * it into manifests/. Exit code 0 written and valid, 1 written with problems, 2 usage error.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { diagnoseManifest, draftsDir } from "../runtime/manifest/diagnostics";
import { formatProblem } from "../runtime/manifest/problems";
import { DEALER_KINDS, scaffoldText, type DealerKind, type ScaffoldInput } from "../runtime/manifest/scaffold";
import { slugify } from "../runtime/slug";

const root = path.resolve(import.meta.dirname, "..");
const manifests = path.join(root, "manifests");

/** Other words people use for the five kinds. */
const KIND_ALIASES: Record<string, DealerKind> = {
  franchise: "franchise",
  "single-brand": "franchise",
  "single-brand-franchise": "franchise",
  "dealer-group": "dealer-group",
  group: "dealer-group",
  "multi-franchise": "dealer-group",
  "multi-franchise-group": "dealer-group",
  "group-portal": "group-portal",
  portal: "group-portal",
  caravan: "caravan",
  caravans: "caravan",
  motorcycle: "motorcycle",
  motorcycles: "motorcycle",
};

const STATES = ["qld", "nsw", "vic", "tas", "sa", "wa", "nt", "act"] as const;

function usage(message: string): never {
  console.error(message);
  console.error(
    `usage: npm run new-dealer -- --name "Dealer Name" --template ${Object.keys(DEALER_KINDS).join("|")} [--brand Make[,Make]] [--slug slug] [--dir folder] [--dealership-id N]`,
  );
  process.exit(2);
}

function parseFlags(argv: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) usage(`unexpected argument '${argv[i]}'`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) usage(`--${m[1]} needs a value`);
    flags[m[1]] = value;
  }
  return flags;
}

/** Slugs, hosts and dealership ids already taken by live manifests and drafts. */
function taken(): { slugs: Set<string>; ids: Set<number> } {
  const slugs = new Set<string>();
  const ids = new Set<number>();
  for (const dir of [manifests, draftsDir(manifests)]) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".json"))) {
      slugs.add(f.slice(0, -5));
      try {
        const m = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { slug?: string; dealerships?: { id?: number }[] };
        if (m.slug) slugs.add(m.slug);
        for (const d of m.dealerships ?? []) if (typeof d.id === "number") ids.add(d.id);
      } catch {
        // A broken file is npm run validate's to report.
      }
    }
  }
  return { slugs, ids };
}

async function ask(flags: Record<string, string>): Promise<Record<string, string>> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  // The line iterator keeps lines that arrive before their question (answers pasted or piped in at once).
  const lines = rl[Symbol.asyncIterator]();
  const out = { ...flags };
  const q = async (key: string, question: string, fallback?: string) => {
    if (out[key]) return;
    process.stdout.write(fallback !== undefined && fallback !== "" ? `${question} [${fallback}]: ` : `${question}: `);
    const next = await lines.next();
    if (next.done) usage(`no answer for '${question}'`);
    const answer = String(next.value).trim();
    if (answer || fallback) out[key] = answer || fallback!;
  };
  console.log("New dealer. Press Enter to take the answer in [brackets].\n");
  await q("name", "Dealer's trading name (as shown on the site)");
  if (!out.name) usage("a name is needed");
  await q("slug", "Short name for addresses (lower-case, hyphens)", slugify(out.name));
  console.log("\nKinds of site:");
  Object.entries(DEALER_KINDS).forEach(([k, d], i) => console.log(`  ${i + 1}. ${k}: ${d}`));
  await q("template", "Kind (number or name)", "1");
  const n = Number(out.template);
  if (Number.isInteger(n) && n >= 1 && n <= 5) out.template = Object.keys(DEALER_KINDS)[n - 1];
  await q("brand", "Make(s) sold, separated by commas (empty for none)", "");
  await q("dealership-id", "Dealership id from the stock feed (Enter if you do not know it yet)", "");
  await q("phone", "Sales phone", "07 3000 0000");
  await q("email", "Sales email", `sales@${out.slug.replace(/-/g, "")}.com.au`);
  await q("street", "Street address of the main yard", "1 Example Street");
  await q("city", "Suburb", "Brisbane");
  await q("state", "State (qld, nsw, vic…)", "qld");
  await q("postcode", "Postcode", "4000");
  rl.close();
  return out;
}

async function main() {
  let flags = parseFlags(process.argv.slice(2));
  if (!flags.name || !flags.template) flags = await ask(flags);
  const kind = KIND_ALIASES[flags.template.toLowerCase()];
  if (!kind) usage(`unknown template '${flags.template}': use one of ${Object.keys(DEALER_KINDS).join(", ")}`);
  const slug = flags.slug || slugify(flags.name);
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) usage(`'${slug}' is not a slug: lower-case letters, digits and single hyphens`);
  const state = (flags.state ?? "qld").toLowerCase();
  if (!(STATES as readonly string[]).includes(state)) usage(`--state must be one of ${STATES.join(", ")}`);
  const used = taken();
  if (used.slugs.has(slug)) usage(`'${slug}' is already a dealer's or a draft's name: choose another --slug`);
  let dealershipId = flags["dealership-id"] ? Number(flags["dealership-id"]) : NaN;
  const placeholderId = !Number.isInteger(dealershipId);
  if (placeholderId) dealershipId = Math.max(900, ...used.ids) + 1;
  else if (used.ids.has(dealershipId))
    console.warn(`note: dealership ${dealershipId} is already listed by another site; both must name each other in sharedWith`);

  const dir = path.resolve(flags.dir ?? draftsDir(manifests));
  const file = path.join(dir, `${slug}.json`);
  if (existsSync(file)) usage(`${file} already exists`);
  const input: ScaffoldInput = {
    name: flags.name,
    slug,
    kind,
    brand: flags.brand,
    dealershipId,
    phone: flags.phone,
    email: flags.email,
    street: flags.street,
    city: flags.city,
    state: state as ScaffoldInput["state"],
    postcode: flags.postcode,
  };
  const schemaPath = path
    .relative(dir, path.join(root, "schemas", "manifest.schema.json"))
    .split(path.sep)
    .join("/");
  const text = scaffoldText(input).replace('"../../schemas/manifest.schema.json"', JSON.stringify(schemaPath));
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, text);

  const rel = path.relative(process.cwd(), file) || file;
  const d = diagnoseManifest(file, { manifestsDir: manifests, publicDir: path.join(root, "public"), root });
  console.log(`\nWrote ${rel} (${DEALER_KINDS[kind]}).`);
  for (const p of [...d.errors, ...d.warnings]) console.log("  " + formatProblem(p).replace(/\n/g, "\n  "));
  console.log(d.ok ? "It is valid." : "It has problems (above).");
  const isDraft = path.resolve(dir) === path.resolve(draftsDir(manifests));
  console.log(`
Preview: with the server running (npm start), open
  ${isDraft ? `http://localhost:3000/preview/${slug}/` : `http://${slug}.localhost:3000/ (once the file is in manifests/)`}

Next steps (docs/authoring.md walks through each):
  1. ${placeholderId ? `Set the dealership id: ${dealershipId} is a placeholder. Use the id the stock feed gives this dealer (dealerships[0].id and locations[0].dealership_id).` : "Check the dealership id matches the stock feed."}
  2. Import the dealer's stock: npm run stock:import -- <feed.csv or .json> --dealer ${slug}
  3. Replace the sample address, phone and opening hours under locations.
  4. Set the brand colours under theme.colors, and a logo picture under theme.logo (public/dealers/${slug}/logo.svg) when there is one.
  5. Check it: npm run validate -- ${rel}
  6. Publish: move the file to manifests/${slug}.json (git mv) and make its first line "$schema": "../schemas/manifest.schema.json".
     The live site answers on http://${slug}.localhost:3000/ and its hosts.`);
  process.exit(d.ok ? 0 : 1);
}

void main();
