/**
 * Migrating the manifest files on disk (npm run migrate-manifests): every template in templates/
 * and every manifest, each against the migrated templates it extends (see MigrationContext), with
 * a line diff of what changes. The CLI (scripts/migrate-manifests.ts) prints and writes; this
 * module only reads, so a dry run and its test see exactly what a real run would write.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { CURRENT_SCHEMA_VERSION, migrateManifest, migrateTemplateChain } from "./index";

type Json = Record<string, unknown>;

export interface FileMigration {
  /** The file, relative to the manifests folder's parent (e.g. "manifests/templates/dealer-base.json"). */
  file: string;
  /** The migrations that run ("1→2: …"); empty when the file is at the current version. */
  applied: string[];
  /** The file's new text (two-space JSON); only when migrations run. */
  after?: string;
  /** Unified-diff lines of the change (between the file and its new text, both as two-space JSON). */
  diff: string[];
  error?: string;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

function jsonFiles(dir: string): string[] {
  if (!existsSync(/*turbopackIgnore: true*/ dir)) return [];
  return readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Plans the migration of every template (first) and manifest in `dir`; nothing is written. */
export function planManifestMigrations(dir: string): FileMigration[] {
  const templatesDir = path.join(dir, "templates");
  const templates = new Map<string, { file: string; raw: Json } | { file: string; error: string }>();
  for (const file of jsonFiles(templatesDir)) {
    try {
      templates.set(path.basename(file, ".json"), { file, raw: JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as Json });
    } catch (e) {
      templates.set(path.basename(file, ".json"), { file, error: `not valid JSON: ${e instanceof Error ? e.message : String(e)}` });
    }
  }

  /** The templates a document extends, nearest first; or why they cannot be followed. */
  const chainOf = (doc: Json): Json[] | string => {
    const chain: Json[] = [];
    const seen: string[] = [];
    for (let parent = doc.extends; parent !== undefined;) {
      if (typeof parent !== "string") return `'extends' must name a template, got ${JSON.stringify(parent)}`;
      if (seen.includes(parent)) return `template cycle: ${[...seen, parent].join(" → ")}`;
      seen.push(parent);
      const t = templates.get(parent);
      if (!t) return `template '${parent}' does not exist`;
      if ("error" in t) return `template '${parent}' is ${t.error}`;
      chain.push(t.raw);
      parent = t.raw.extends;
    }
    return chain;
  };

  const plan = (file: string, raw: Json | string): FileMigration => {
    const rel = path.relative(path.dirname(dir), file);
    if (typeof raw === "string") return { file: rel, applied: [], diff: [], error: raw };
    const chain = chainOf(raw);
    if (typeof chain === "string") return { file: rel, applied: [], diff: [], error: chain };
    const templatesResult = migrateTemplateChain(chain);
    if (templatesResult.error) return { file: rel, applied: [], diff: [], error: `its template cannot be migrated: ${templatesResult.error.message}` };
    const result = migrateManifest(raw, undefined, undefined, { base: templatesResult.base });
    if (result.error) return { file: rel, applied: [], diff: [], error: result.error };
    if (!result.applied.length) return { file: rel, applied: [], diff: [] };
    const after = pretty(result.manifest);
    return { file: rel, applied: result.applied, after, diff: lineDiff(pretty(raw), after) };
  };

  const read = (file: string): Json | string => {
    try {
      return JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as Json;
    } catch (e) {
      return `not valid JSON: ${e instanceof Error ? e.message : String(e)}`;
    }
  };
  return [...jsonFiles(templatesDir), ...jsonFiles(dir)].map((file) => plan(file, read(file)));
}

/** The report a run prints: per file, the migrations and the diff (or that it is current, or why it failed). */
export function migrationReport(plans: FileMigration[], { dryRun }: { dryRun: boolean }): string {
  const lines: string[] = [];
  for (const p of plans) {
    if (p.error) lines.push(`FAIL  ${p.file}: ${p.error}`);
    else if (!p.applied.length) lines.push(`ok    ${p.file} is at schemaVersion ${CURRENT_SCHEMA_VERSION}`);
    else lines.push(`${dryRun ? "would migrate" : "migrated"}  ${p.file}`, ...p.applied.map((a) => `  ${a}`), ...p.diff.map((d) => `  ${d}`));
  }
  return lines.join("\n") + "\n";
}

/**
 * A unified diff (hunks with 3 lines of context) between two texts, line by line. The common
 * start and end are set aside first: a migration changes a few places in a long file.
 */
export function lineDiff(before: string, after: string, context = 3): string[] {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  // Longest common subsequence of the middle parts, then the edit script from it.
  const n = endA - start;
  const m = endB - start;
  const lcs = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[start + i] === b[start + j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  type Op = { kind: " " | "-" | "+"; text: string; lineA: number; lineB: number };
  const ops: Op[] = [];
  for (let k = 0; k < start; k++) ops.push({ kind: " ", text: a[k], lineA: k, lineB: k });
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) ops.push({ kind: " ", text: a[start + i], lineA: start + i++, lineB: start + j++ });
    else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push({ kind: "-", text: a[start + i], lineA: start + i++, lineB: start + j });
    else ops.push({ kind: "+", text: b[start + j], lineA: start + i, lineB: start + j++ });
  }
  for (let k = 0; k < a.length - endA; k++) ops.push({ kind: " ", text: a[endA + k], lineA: endA + k, lineB: endB + k });

  const out: string[] = [];
  const changed = ops.map((o, at) => (o.kind !== " " ? at : -1)).filter((at) => at >= 0);
  let at = 0;
  while (at < changed.length) {
    const first = Math.max(0, changed[at] - context);
    let last = changed[at];
    while (at + 1 < changed.length && changed[at + 1] - last <= 2 * context) last = changed[++at];
    at++;
    const end = Math.min(ops.length - 1, last + context);
    const hunk = ops.slice(first, end + 1);
    const countA = hunk.filter((o) => o.kind !== "+").length;
    const countB = hunk.filter((o) => o.kind !== "-").length;
    out.push(`@@ -${hunk[0].lineA + 1},${countA} +${hunk[0].lineB + 1},${countB} @@`, ...hunk.map((o) => `${o.kind}${o.text}`));
  }
  return out;
}
