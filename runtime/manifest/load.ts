import { readFileSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { validateManifest } from "./manifest-validator";
import type { DealerManifest } from "../generated/types";
import { inheritDealerTimeZone } from "./location-zones";
import { mergeManifest } from "./merge";
import { normaliseHolidayHours } from "./holiday-hours";
import { migrateManifest, migrateTemplateChain } from "./migrations";
import { JsonSource, type ManifestProblem } from "./problems";
import { manifestRules } from "./rules";
import type { RuleContext, StockFacts } from "./rules/types";
import { describeSchemaErrors } from "./schema-errors";

export interface ManifestLoadOptions {
  /** Folder holding the dealer manifests and templates/. */
  manifestsDir: string;
  /** public/ folder, for the asset rule. */
  publicDir: string;
  /** The stock at a site's dealership ids, for the stock warnings (npm run validate, the preview); absent: no stock rules. */
  stock?: (dealershipIds: readonly number[]) => StockFacts | null;
  /** Reads a picture's size, for the proportions warning (npm run validate, the preview); absent: pictures are not read. */
  imageSize?: RuleContext["imageSize"];
  /** A template's text to use instead of manifests/templates/{name}.json (the studio checks an edited template against its dealers); undefined: the file. */
  templateText?: (name: string) => string | undefined;
  /**
   * This exact input (the file's text with the same templates, in the same release) passed every
   * check before, with these warnings: the semantic rules and the look for duplicate keys are not
   * run again. The schema still is: it fills in the defaults the served manifest carries.
   */
  passedBefore?: { warnings: ManifestProblem[] };
}

export type ManifestLoadResult =
  | {
      ok: true;
      file: string;
      manifest: DealerManifest;
      migrations: string[];
      /** Templates read, nearest first: an edit to any of them means loading this manifest again. */
      templates: string[];
      /**
       * The manifest as migrated and merged with its templates, before the schema filled in
       * defaults: self-contained (no `extends`), so it can be kept as the dealer's last good
       * version and loaded again on its own after a restart (runtime/manifest/site-store.ts).
       */
      standalone: Record<string, unknown>;
      /** Problems that do not stop the manifest from being served (severity "warning"). */
      warnings: ManifestProblem[];
    }
  | {
      ok: false;
      file: string;
      problems: ManifestProblem[];
      /** best-effort identity so the runtime can answer 503 on its hosts */ slug?: string;
      hosts?: string[];
      templates?: string[];
      warnings?: ManifestProblem[];
    };

/**
 * The single manifest pipeline, used by both `npm run validate` (CI, onboarding staff)
 * and the server: parse → read templates → migrate (templates first) → apply template →
 * schema (with defaults) → semantic rules.
 */
export function loadManifest(file: string, options: ManifestLoadOptions, text = readFileSync(/*turbopackIgnore: true*/ file, "utf8")): ManifestLoadResult {
  const rel = path.relative(process.cwd(), file) || file;
  const source = new JsonSource(rel, text, { knownUnique: options.passedBefore !== undefined });
  if (source.syntaxErrors.length > 0) {
    return {
      ok: false,
      file: rel,
      slug: guessSlug(file),
      problems: source.syntaxErrors.map((e) => ({ file: rel, line: e.line, column: e.column, pointer: "", message: e.message, source: "json" })),
    };
  }
  if (source.duplicateKeys.length > 0) return { ok: false, file: rel, slug: guessSlug(file), problems: duplicateKeyProblems(source) };
  const raw = source.value;
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    return {
      ok: false,
      file: rel,
      slug: guessSlug(file),
      problems: [{ file: rel, line: 1, column: 1, pointer: "", message: "a manifest must be a JSON object", source: "json" }],
    };
  }
  const given = raw as { slug?: unknown; hosts?: unknown };
  const identity = {
    slug: typeof given.slug === "string" ? given.slug : guessSlug(file),
    hosts: Array.isArray(given.hosts) ? given.hosts.filter((h: unknown): h is string => typeof h === "string") : [],
  };
  const fail = (problems: ManifestProblem[]): ManifestLoadResult => ({ ok: false, file: rel, problems, ...identity, templates: templateNames });
  const templateNames: string[] = [];
  const at = (pointer: string, message: string, src: string, hint?: string, atKey = false): ManifestProblem =>
    locateProblem([source, ...templateSources], pointer, message, src, hint, atKey);
  const templateSources: JsonSource[] = [];

  // Templates: a manifest (or template) may extend one template; chains are followed, cycles refused.
  const chain = readTemplateChain((raw as Record<string, unknown>).extends, options, { at, templateNames, templateSources });
  if (!Array.isArray(chain)) return fail(chain.problems);

  // Migrate from the root template down, each file against the (migrated) templates above it, so a
  // manifest at an older version than its template, or a newer one, still means what it says.
  const templates = migrateTemplateChain(chain.map((t) => t.raw));
  if (templates.error) {
    const { source: tSource } = chain[templates.error.index];
    const pos = tSource.locate("/schemaVersion") ?? { line: 1, column: 1 };
    return fail([{ file: tSource.file, line: pos.line, column: pos.column, pointer: "/schemaVersion", message: templates.error.message, source: "migration" }]);
  }
  const base = templates.base;
  const applied = [...chain.keys()].reverse().flatMap((i) => templates.results[i].applied.map((a) => `${chain[i].source.file} ${a}`));
  const migrated = migrateManifest(raw as Record<string, unknown>, undefined, undefined, { base });
  if (migrated.error) return fail([at("/schemaVersion", migrated.error, "migration")]);
  applied.push(...migrated.applied);
  // Both are this load's own copies (migrations copy what they are given): merged without copying again.
  const merged: Record<string, unknown> = base ? mergeManifest<Record<string, unknown>>(base, migrated.manifest, { ownInputs: true }) : migrated.manifest;
  const standalone = { ...merged };
  delete standalone.extends;
  if (chain.length) merged.extends = chain[0].name;

  // Schema validation fills in defaults (wording etc.), so validate a copy we own.
  const candidate = structuredClone(merged);
  if (!validateManifest(candidate)) {
    return fail(
      describeSchemaErrors((validateManifest.errors ?? []) as Parameters<typeof describeSchemaErrors>[0], { keywords: true }).map((p) => ({
        ...at(p.pointer, p.message, "schema", p.hint, p.atKey),
        keyword: p.keyword,
        params: p.params,
      })),
    );
  }
  const manifest = candidate as unknown as DealerManifest;
  inheritDealerTimeZone(manifest, merged);
  normaliseHolidayHours(manifest);
  if (options.passedBefore)
    return { ok: true, file: rel, manifest, migrations: applied, templates: templateNames, standalone, warnings: options.passedBefore.warnings };
  const ctx: RuleContext = {
    manifest,
    publicDir: options.publicDir,
    fileExists: existsSync,
    given: merged,
    stock: options.stock?.(manifest.dealerships.map((d) => d.id)),
    imageSize: options.imageSize,
  };
  const found = manifestRules.flatMap((rule) =>
    rule.check(ctx).map((p) => ({ ...at(p.pointer, p.message, rule.id, p.hint), ...(p.severity === "warning" ? { severity: "warning" as const } : {}) })),
  );
  const warnings = found.filter((p) => p.severity === "warning");
  const errors = found.filter((p) => p.severity !== "warning");
  if (errors.length) return { ...(fail(errors) as Extract<ManifestLoadResult, { ok: false }>), warnings };
  return { ok: true, file: rel, manifest, migrations: applied, templates: templateNames, standalone, warnings };
}

type TemplateLink = { name: string; source: JsonSource; raw: Record<string, unknown> };

/**
 * A template's parsed source, by its file and exact text: a thousand dealers extending one
 * template parse it once, not once each. Only ever read (migrations and the merge copy what they
 * change), so one source can serve every manifest that names it.
 */
const templateSources = new LRUCache<string, JsonSource>({ max: 64 });

function templateSource(file: string, text: string): JsonSource {
  const key = `${file}\n${text}`;
  let source = templateSources.get(key);
  if (!source) templateSources.set(key, (source = new JsonSource(file, text)));
  return source;
}

/**
 * Follows `extends` from the manifest through its templates. Each template read is appended to
 * `templateNames` and `templateSources` (the manifest's problems are located in those too); a bad
 * name, a cycle, a missing template or an unreadable one stops the walk with its problem.
 */
function readTemplateChain(
  first: unknown,
  options: ManifestLoadOptions,
  found: {
    at: (pointer: string, message: string, src: string, hint?: string) => ManifestProblem;
    templateNames: string[];
    templateSources: JsonSource[];
  },
): TemplateLink[] | { problems: ManifestProblem[] } {
  const { at, templateNames, templateSources } = found;
  const chain: TemplateLink[] = [];
  let parent = first;
  while (parent !== undefined) {
    if (typeof parent !== "string" || !/^[a-z0-9-]+$/.test(parent))
      return { problems: [at("/extends", `'extends' must name a template in manifests/templates/, got ${JSON.stringify(parent)}`, "template")] };
    if (chain.some((t) => t.name === parent))
      return { problems: [at("/extends", `template cycle: ${[...chain.map((t) => t.name), parent].join(" → ")}`, "template")] };
    templateNames.push(parent);
    const templateFile = path.join(options.manifestsDir, "templates", `${parent}.json`);
    const edited = options.templateText?.(parent);
    if (edited === undefined && !existsSync(/*turbopackIgnore: true*/ templateFile)) {
      const available = listTemplates(options.manifestsDir);
      return {
        problems: [
          at("/extends", `template '${parent}' does not exist`, "template", available.length ? `available templates: ${available.join(", ")}` : undefined),
        ],
      };
    }
    const tText = edited ?? readFileSync(/*turbopackIgnore: true*/ templateFile, "utf8");
    const tSource = templateSource(path.relative(process.cwd(), templateFile), tText);
    if (tSource.syntaxErrors.length) {
      const e = tSource.syntaxErrors[0];
      return { problems: [{ file: tSource.file, line: e.line, column: e.column, pointer: "", message: e.message, source: "json" }] };
    }
    if (tSource.duplicateKeys.length) return { problems: duplicateKeyProblems(tSource) };
    templateSources.push(tSource);
    const template = tSource.value as Record<string, unknown>;
    chain.push({ name: parent, source: tSource, raw: template });
    parent = template.extends;
  }
  return chain;
}

/** Locates a pointer in the manifest itself, else in the template that supplied it, else its nearest parent in the manifest. */
function locateProblem(sources: JsonSource[], pointer: string, message: string, source: string, hint: string | undefined, atKey: boolean): ManifestProblem {
  for (const src of sources) {
    const pos = src.locate(pointer, atKey);
    if (pos?.exact) return { file: src.file, line: pos.line, column: pos.column, pointer, message, hint, source };
  }
  const pos = sources[0].locate(pointer, atKey) ?? { line: 1, column: 1 };
  return { file: sources[0].file, line: pos.line, column: pos.column, pointer, message, hint, source };
}

function duplicateKeyProblems(source: JsonSource): ManifestProblem[] {
  return source.duplicateKeys.map((d) => ({
    file: source.file,
    line: d.line,
    column: d.column,
    pointer: d.pointer,
    message: `duplicate key '${d.key}': it is also written on line ${d.firstLine}, and only this later one would count`,
    hint: "keep one of the two and delete the other",
    source: "json",
  }));
}

function guessSlug(file: string): string {
  return path.basename(file, ".json");
}

function listTemplates(dir: string): string[] {
  try {
    return readdirSync(/*turbopackIgnore: true*/ path.join(dir, "templates"))
      .filter((f: string) => f.endsWith(".json"))
      .map((f: string) => f.slice(0, -5));
  } catch {
    return [];
  }
}
