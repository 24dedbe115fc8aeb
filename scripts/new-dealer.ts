/**
 * npm run new-dealer: asks the new-dealer questions (the same as the studio's form at
 * /studio/new; runtime/manifest/new-dealer.ts answers both) and writes the dealer's draft, then
 * says where to preview and edit it on the server that is running, and what to fill in next.
 *
 *   npm run new-dealer                          asks for each answer (node:readline)
 *   npm run new-dealer -- --name "Ballina Kia" --domain ballinakia.com.au --brand Kia
 *        --address "12 River Street, Ballina NSW 2478" --phone "02 6686 0000" --email leads@ballinakia.com.au
 *        [--template franchise] [--slug ballina-kia] [--time-zone Australia/Sydney] [--dealership-id 512]
 *        [--street … --city … --state nsw --postcode 2478] [--confirm-address] [--dir folder]
 *
 * The draft goes where the studio keeps drafts (manifests/drafts/{slug}.json; --dir writes the
 * file into another folder instead). What is taken is read from the files and from the server's
 * database (DATABASE_URL, else the embedded one in .data/pglite): a short name or domain of a
 * draft made in the studio, or of a dealer published there, is refused like a file's. While a
 * server holds the embedded database it says so and stops (exit 2). Exit code 0 written and valid, 1 written with fields still
 * to fill, 2 usage error or answers refused.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { diagnoseManifest, draftFile, draftsDir } from "../runtime/manifest/diagnostics";
import { addressFromAnswers, newDealerFromAnswers, TIME_ZONES, type NewDealer, type NewDealerAnswers } from "../runtime/manifest/new-dealer";
import { postcodePlaces } from "../runtime/manifest/postcode-places";
import { formatProblem } from "../runtime/manifest/problems";
import { DEALER_KINDS } from "../runtime/manifest/scaffold";
import { timeZoneFor } from "../runtime/manifest/au-address";
import { runningServer } from "../runtime/http/server-address.mjs";
import { slugify } from "../runtime/slug";
import { createDealerDraft, takenNames } from "../runtime/studio/new-dealer";
import { databaseManifests } from "../runtime/fleet/database-manifests";
import type { Db } from "../runtime/db/index";
import { openServerDatabase } from "./lib/server-database";

const root = path.resolve(import.meta.dirname, "..");
const manifests = process.env.MANIFESTS_DIR ? path.resolve(process.env.MANIFESTS_DIR) : path.join(root, "manifests");

/** Flag names and the answer each fills. */
const FLAGS: Record<string, keyof NewDealerAnswers> = {
  name: "name",
  slug: "slug",
  domain: "domain",
  template: "kind",
  kind: "kind",
  brand: "brands",
  brands: "brands",
  address: "address",
  street: "street",
  city: "city",
  suburb: "city",
  state: "state",
  postcode: "postcode",
  phone: "phone",
  email: "email",
  "time-zone": "timeZone",
  "dealership-id": "dealershipId",
};

function usage(message: string): never {
  console.error(message);
  console.error(
    'usage: npm run new-dealer -- --name "Dealer Name" --phone "02 6686 0000" --email leads@dealer.com.au [--domain dealer.com.au] [--address "12 River Street, Ballina NSW 2478"] [--template ' +
      `${Object.keys(DEALER_KINDS).join("|")}] [--brand Make[,Make]] [--slug slug] [--time-zone Zone] [--dealership-id N] [--dir folder]`,
  );
  process.exit(2);
}

function parseFlags(argv: string[]): { answers: NewDealerAnswers; dir?: string } {
  const answers: NewDealerAnswers = {};
  let dir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) usage(`unexpected argument '${argv[i]}'`);
    if (m[1] === "confirm-address") {
      answers.addressConfirmed = "yes";
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (value === undefined) usage(`--${m[1]} needs a value`);
    if (m[1] === "dir") dir = value;
    else if (FLAGS[m[1]]) answers[FLAGS[m[1]]] = value;
    else usage(`unknown option --${m[1]}`);
  }
  return { answers, dir };
}

async function ask(given: NewDealerAnswers): Promise<NewDealerAnswers> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  // The line iterator keeps lines that arrive before their question (answers pasted or piped in at once).
  const lines = rl[Symbol.asyncIterator]();
  const out = { ...given };
  const q = async (key: keyof NewDealerAnswers, question: string, fallback = "") => {
    if (out[key]) return;
    process.stdout.write(fallback ? `${question} [${fallback}]: ` : `${question}: `);
    const next = await lines.next();
    if (next.done) usage(`no answer for '${question}'`);
    out[key] = String(next.value).trim() || fallback;
  };
  console.log("New dealer. Press Enter to take the answer in [brackets], or to leave it for later.\n");
  await q("name", "Dealer's trading name (as shown on the site)");
  if (!out.name) usage("a name is needed");
  await q("slug", "Short name for addresses (lower-case, hyphens)", slugify(out.name));
  await q("domain", "Domain, like ballinakia.com.au (Enter if not known yet)");
  console.log("\nKinds of site:");
  Object.entries(DEALER_KINDS).forEach(([k, d], i) => console.log(`  ${i + 1}. ${k}: ${d}`));
  await q("kind", "Kind (number or name)", "1");
  await q("brands", "Make(s) sold, separated by commas (empty for none)");
  await q("address", "Address of the main yard on one line, like 12 River Street, Ballina NSW 2478");
  // What the line did not say is asked for; Enter leaves it for the studio.
  const parts = addressFromAnswers(out);
  if (!parts.street) await q("street", "Street (number and name)");
  if (!parts.city) await q("city", "Suburb or town");
  if (!parts.state) await q("state", "State (qld, nsw, vic, tas, sa, wa, nt, act)");
  if (!parts.postcode) await q("postcode", "Postcode");
  await q("phone", "Sales phone, like 02 6686 1234");
  await q("email", "Email address enquiries go to");
  const { state, postcode } = addressFromAnswers(out);
  await q("timeZone", `Time zone (${TIME_ZONES.map((z) => z.replace("Australia/", "")).join(", ")})`, timeZoneFor(state, postcode) ?? "");
  if (out.timeZone && !out.timeZone.includes("/"))
    out.timeZone = TIME_ZONES.find((z) => z.toLowerCase() === `australia/${out.timeZone!.toLowerCase()}`) ?? out.timeZone;
  await q("dealershipId", "Dealership id from the stock feed (Enter if you do not know it yet)");
  rl.close();
  return out;
}

function refuse(result: Extract<NewDealer, { ok: false }>): never {
  console.error("The draft was not made:");
  for (const e of result.errors) console.error(`  ${e.field}: ${e.message}`);
  process.exit(2);
}

/**
 * The server's database, for what it holds beside the files (drafts made in the studio, dealers
 * published there); refuses in words when it cannot be read, rather than pick a taken name.
 */
async function serverDatabase(): Promise<Db | null> {
  const opened = await openServerDatabase();
  if (opened.db) return opened.db;
  if (opened.state === "absent") return null;
  const port = runningServer(root)?.port ?? process.env.PORT ?? 3000;
  console.error(`${opened.message}
Without it this command could give the new dealer a short name or domain a studio draft already uses, so it stops here. Either:
  - make the new dealer in the studio instead: http://localhost:${port}/studio/new
  - or stop the server, run this command again, then start the server
  - or run both on a PostgreSQL server they share (DATABASE_URL)`);
  process.exit(2);
}

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  // Opened first, so a database that cannot be read is said before any question is asked.
  const db = await serverDatabase();
  const answers = flags.answers.name && flags.answers.phone && flags.answers.email ? flags.answers : await ask(flags.answers);
  const held = db ? await databaseManifests(db, manifests) : [];
  await db?.close();
  // Into another folder (--dir): the file only. Otherwise the draft is made where the studio keeps drafts.
  let result: NewDealer;
  let file: string;
  if (flags.dir) {
    const dir = path.resolve(flags.dir);
    result = newDealerFromAnswers(answers, takenNames(manifests, held), postcodePlaces);
    if (!result.ok) refuse(result);
    file = path.join(dir, `${result.slug}.json`);
    const schemaPath = path
      .relative(dir, path.join(root, "schemas", "manifest.schema.json"))
      .split(path.sep)
      .join("/");
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, result.text.replace('"../../schemas/manifest.schema.json"', JSON.stringify(schemaPath)));
  } else {
    result = createDealerDraft(answers, manifests, held);
    if (!result.ok) refuse(result);
    file = draftFile(manifests, result.slug) ?? path.join(draftsDir(manifests), `${result.slug}.json`);
  }
  const { slug } = result;
  const rel = path.relative(process.cwd(), file) || file;
  const d = diagnoseManifest(file, { manifestsDir: manifests, publicDir: path.join(root, "public"), root });
  console.log(`\nWrote ${rel} (${DEALER_KINDS[(d.manifest?.template ?? "franchise") as keyof typeof DEALER_KINDS] ?? "new dealer"}).`);
  for (const n of result.notes) console.log(`note: ${n}`);
  console.log(
    `Address: ${[result.address.street, result.address.city, result.address.state.toUpperCase(), result.address.postcode].filter(Boolean).join(", ") || "(to fill)"}`,
  );
  console.log(`Time zone: ${result.timeZone ?? "(to choose: no state given)"}`);
  for (const p of [...d.errors, ...d.warnings]) console.log("  " + formatProblem(p).replace(/\n/g, "\n  "));
  console.log(d.ok ? "It is valid." : "It has fields still to fill (above): the studio shows each one.");

  const server = runningServer(root);
  const port = String(server?.port ?? process.env.PORT ?? 3000);
  const elsewhere = flags.dir && path.resolve(flags.dir) !== path.resolve(draftsDir(manifests));
  const where = elsewhere
    ? `Written outside the drafts folder: the studio shows it once the file is in ${path.relative(process.cwd(), draftsDir(manifests)) || "manifests/drafts"}/, at:`
    : server
      ? `The server running on this machine (process ${server.pid}) shows it now:`
      : `No server is running from this folder. Start one (npm start${process.env.PORT ? `, PORT=${process.env.PORT}` : ""}), then open:`;
  console.log(`
${where}
  edit:    http://localhost:${port}/studio/drafts/${slug}
  preview: http://localhost:${port}/preview/${slug}/ (for staff signed in to the studio)

Next steps (docs/authoring.md walks through each):
  1. ${result.placeholderId ? `Set the dealership id: ${result.dealershipId} is a placeholder. Use the id the stock feed gives this dealer.` : "Check the dealership id matches the stock feed."}
  2. Import the dealer's stock: npm run stock:import -- <feed.csv or .json> --dealer ${slug}
  3. Check the address and replace the sample opening hours under locations.
  4. Set the brand colours and a logo.
  5. Point the domain's DNS at the platform (docs/authoring.md, "Domains"), then publish from the studio.`);
  process.exit(d.ok ? 0 : 1);
}

void main();
