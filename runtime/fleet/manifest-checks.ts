/**
 * The manifest checks passed before, in the database every server process shares (table
 * manifest_checks, migration 024): the file store (runtime/manifest/store.ts) asks it before it
 * checks a file, and a file whose exact input passed in this release is not put through the
 * semantic rules again. At a thousand dealers the rules were most of a start's work; with this, a
 * restart, a second process of the release and a file edited back to an earlier text skip them.
 *
 * Only in a production build (its release id names the rules that did the checking): a
 * development server's rules change without a new release, so it checks everything every time.
 */
import type { Db } from "@/runtime/db";
import type { ManifestProblem } from "@/runtime/manifest/problems";
import type { CheckMemory } from "@/runtime/manifest/store";

export class ManifestChecks implements CheckMemory {
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly release: string,
    private readonly log: (message: string) => void = (m) => console.error(m),
  ) {}

  async known(keys: string[]): Promise<Map<string, ManifestProblem[]>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db.query<{ input_hash: string; warnings: ManifestProblem[] | string }>(
      "SELECT input_hash, warnings FROM manifest_checks WHERE release = $1 AND input_hash = ANY($2::text[])",
      [this.release, keys],
    );
    return new Map(rows.map((r) => [r.input_hash, typeof r.warnings === "string" ? (JSON.parse(r.warnings) as ManifestProblem[]) : r.warnings]));
  }

  remember(passed: { key: string; warnings: ManifestProblem[] }[]): void {
    if (passed.length === 0) return;
    // One statement per batch, one batch after the other, off the caller's path.
    this.writing = this.writing
      .then(async () => {
        await this.db.query(
          `INSERT INTO manifest_checks (release, input_hash, warnings)
           SELECT $1, k, w::jsonb FROM unnest($2::text[], $3::text[]) AS t(k, w)
           ON CONFLICT (release, input_hash) DO NOTHING`,
          [this.release, passed.map((p) => p.key), passed.map((p) => JSON.stringify(p.warnings))],
        );
      })
      .catch((error: Error) => this.log(`[manifest] could not keep the checks passed: ${error.message}`));
  }

  /** Resolves once every remember() so far is written (tests; shutdown need not wait: a lost row costs only a check). */
  flushed(): Promise<void> {
    return this.writing;
  }
}

/** The check memory for a server of `release`: none outside a production build (see the top of this file). */
export function manifestChecksFor(db: Db, release: string, env: NodeJS.ProcessEnv = process.env): ManifestChecks | undefined {
  return env.NODE_ENV === "production" && release !== "development" ? new ManifestChecks(db, release) : undefined;
}
