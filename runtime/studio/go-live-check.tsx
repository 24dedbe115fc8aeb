import "server-only";
import { statSync } from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { getDb } from "../db";
import { getSiteStore, manifestsDir, publicDir } from "../manifest/store";
import type { ManifestProblem } from "../manifest/problems";
import { leadFallbacks, type LeadFallback } from "../leads/fallback";
import { goLiveOffLoop } from "./diagnose-off-loop";

/**
 * The go-live check on staff pages (the directory's site list, the studio's index): each dealer's
 * problems, what blocks going live first, and the dealers whose enquiries fell back to the
 * platform's fallback or went nowhere.
 */

/** Files' go-live problems by stamp, read again only when the file or the served set changes (the directory lists every dealer). */
const checks = new LRUCache<string, ManifestProblem[]>({ max: 2000 });

/** A file's stamp (path, date, size, the served set's version); null when it cannot be read. */
function stampOf(abs: string): string | null {
  try {
    const st = statSync(/*turbopackIgnore: true*/ abs);
    return `${abs}:${st.mtimeMs}:${st.size}:${getSiteStore().version}`;
  } catch {
    return null;
  }
}

/**
 * Each file's go-live problems, by file. The ones not known for the file's current stamp are
 * checked in the studio's worker thread (diagnose-off-loop.ts): a full diagnosis is tens of
 * milliseconds, and a thousand of them on the event loop held every dealer's pages for 20 s
 * whenever someone opened the directory after an edit.
 */
export async function goLiveChecks(files: readonly string[]): Promise<Map<string, ManifestProblem[]>> {
  const found = new Map<string, ManifestProblem[]>();
  const toCheck: { file: string; abs: string; stamp: string }[] = [];
  for (const file of files) {
    const abs = path.resolve(file);
    const stamp = stampOf(abs);
    const known = stamp === null ? [] : checks.get(stamp);
    if (known) found.set(file, known);
    else if (stamp !== null) toCheck.push({ file, abs, stamp });
  }
  if (toCheck.length) {
    const problems = await goLiveOffLoop(
      toCheck.map((c) => c.abs),
      { manifestsDir: manifestsDir(), publicDir: publicDir() },
    );
    toCheck.forEach((c, i) => {
      checks.set(c.stamp, problems[i]);
      found.set(c.file, problems[i]);
    });
  }
  return found;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One dealer's go-live check (`problems`: from `goLiveChecks`, or a draft's diagnosis): open when something blocks it, else a summary to expand. */
export function GoLiveCheck({ live, problems = [] }: { live: boolean; problems?: ManifestProblem[] }) {
  const blocking = problems.filter((p) => p.goLive === "blocking").length;
  const warnings = problems.length - blocking;
  const state = blocking ? "blocking" : warnings ? "warnings" : "clear";
  if (state === "clear") return <p data-go-live="clear">Go-live check: nothing to fix.</p>;
  const words = [
    blocking ? plural(blocking, "problem blocks", "problems block") + (live ? " this live site" : " going live") : null,
    warnings ? plural(warnings, "warning", "warnings") : null,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <details className="directory-go-live" data-go-live={state} open={blocking > 0}>
      <summary>Go-live check: {words}</summary>
      <ul>
        {problems.map((p, i) => (
          <li key={i} data-go-live-rule={p.source}>
            <strong>{p.goLive === "blocking" ? "Blocks going live" : "Warning"}:</strong> {p.message}
            {p.hint ? <>. To fix: {p.hint}.</> : "."}{" "}
            <small>
              ({p.file}, line {p.line}, at {p.pointer || "/"})
            </small>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The dealers whose complete enquiries of the last 30 days reached none of their own destinations; nothing when there are none or the database cannot be read. */
export async function LeadFallbackAlert() {
  let rows: LeadFallback[];
  try {
    rows = await leadFallbacks(await getDb());
  } catch {
    return null;
  }
  if (!rows.length) return null;
  const names = new Map(getSiteStore().sites.map((s) => [s.slug, s.status === "ok" ? s.manifest.name : s.slug]));
  return (
    <section className="lead-fallback-alert" aria-labelledby="lead-fallback-heading" data-lead-fallback>
      <h2 id="lead-fallback-heading">Enquiries that reached no dealer</h2>
      <p>
        These dealers have no lead destination of their own, so their shoppers&apos; enquiries of the last 30 days went to the platform&apos;s fallback instead:
      </p>
      <ul>
        {rows.map((r) => (
          <li key={r.dealer} data-dealer={r.dealer}>
            <strong>{names.get(r.dealer) ?? r.dealer}</strong>: {r.fellBack ? `${plural(r.fellBack, "enquiry", "enquiries")} in the fallback` : null}
            {r.fellBack && r.nowhere ? ", " : null}
            {r.nowhere ? `${plural(r.nowhere, "enquiry", "enquiries")} stored with nowhere to go (no fallback is set)` : null}; the last{" "}
            <time dateTime={r.last.toISOString()}>{r.last.toISOString().slice(0, 16).replace("T", " ")} UTC</time>.
          </li>
        ))}
      </ul>
      <p>
        Add each dealer&apos;s lead destination; until then the fallback (docs/deployment.md: LEADS_FALLBACK_WEBHOOK_URL, or the local inbox) holds their
        enquiries.
      </p>
    </section>
  );
}
