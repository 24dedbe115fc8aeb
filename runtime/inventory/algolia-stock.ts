/**
 * A site's new stock pushed to Algolia when its dealer searches there (`search.engine: "algolia"`):
 * what a feed run does after publishing (scheduled or started from the studio), as the command
 * line's `stock:import --algolia` does. The writes are against the cars the index holds from this
 * site's last push, recorded in the database (`algolia_pushes`): new cars whole, changed ones as
 * partial updates, cars that left the stock deleted. The record moves only after the whole push
 * succeeded, so a failed push is sent again, in full difference, by the next run.
 *
 * The admin key is a secret of the deployment, never in a manifest: `ALGOLIA_ADMIN_KEY`. The
 * application is the manifest's (`search.algolia.appId`); the host is `ALGOLIA_HOST` when set
 * (a test's fake, a proxy), else the manifest's `search.algolia.host`, else Algolia's own.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Queryable } from "../db/types";
import type { Car, DealerManifest } from "../generated/types";
import { resolveSearchSettings } from "./search-settings";
import { buildAlgoliaPlan, pushToAlgolia, type AlgoliaCredentials, type AlgoliaPushResult } from "../search/algolia-push";

export interface AlgoliaTarget extends AlgoliaCredentials {
  indexName: string;
}

/**
 * Where a dealer's stock is pushed: null when it searches with the embedded engine. Throws when
 * it searches in Algolia but the deployment has no admin key (a push cannot be made: said, not skipped).
 */
export function algoliaTargetFor(manifest: Pick<DealerManifest, "search">, env: NodeJS.ProcessEnv = process.env): AlgoliaTarget | null {
  const search = resolveSearchSettings(manifest.search);
  if (search.engine !== "algolia") return null;
  if (!search.algolia) throw new Error("search.engine is 'algolia' but search.algolia (appId, searchKey) is not set");
  const apiKey = env.ALGOLIA_ADMIN_KEY;
  if (!apiKey) throw new Error("the dealer searches in Algolia but ALGOLIA_ADMIN_KEY is not set: its new stock was not pushed");
  return { appId: search.algolia.appId, apiKey, host: env.ALGOLIA_HOST || search.algolia.host || undefined, indexName: search.indexName };
}

export interface SitePush extends AlgoliaPushResult {
  /** False when the stock was the one last pushed (nothing sent). */
  sent: boolean;
}

const hashOf = (text: string) => createHash("sha256").update(text).digest("hex");

function carsOf(text: string, what: string): Car[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error(`${what}: expected a JSON array of cars`);
  return data as Car[];
}

/**
 * Pushes a site's stock (its stock file's text) to the target's index: only what differs from
 * the site's last push, then records this text as pushed.
 */
export async function pushSiteStock(
  db: Queryable,
  site: string,
  text: string,
  target: AlgoliaTarget,
  log: (line: string) => void = () => {},
): Promise<SitePush> {
  const hash = hashOf(text);
  const [last] = await db.query<{ cars: string; hash: string }>("SELECT cars, hash FROM algolia_pushes WHERE site = $1 AND index_name = $2", [
    site,
    target.indexName,
  ]);
  if (last?.hash === hash) return { indexName: target.indexName, objects: 0, partial: 0, deleted: 0, replicas: [], sent: false };
  const previous = last ? carsOf(last.cars, `the last push of ${site}`) : undefined;
  const plan = buildAlgoliaPlan(carsOf(text, `${site}.json`), target.indexName, undefined, previous);
  const pushed = await pushToAlgolia(plan, target, log);
  await db.query(
    `INSERT INTO algolia_pushes (site, index_name, cars, hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (site, index_name) DO UPDATE SET cars = EXCLUDED.cars, hash = EXCLUDED.hash, pushed_at = now()`,
    [site, target.indexName, text, hash],
  );
  return { ...pushed, sent: true };
}

/**
 * After a feed run published a site's stock file: pushes it when the dealer searches in Algolia
 * (nothing otherwise). A failure is logged and left for the next run (the last push's record is
 * unchanged, so that run sends this one's changes too); the run itself stands.
 */
export async function pushPublishedStock(
  db: Queryable,
  site: string,
  stockDir: string,
  manifest: Pick<DealerManifest, "search"> | null,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SitePush | null> {
  if (!manifest) return null;
  try {
    const target = algoliaTargetFor(manifest, env);
    if (!target) return null;
    const text = await readFile(path.join(stockDir, `${site}.json`), "utf8");
    const pushed = await pushSiteStock(db, site, text, target);
    if (pushed.sent)
      console.log(`feed ${site}: pushed to Algolia ${pushed.indexName}: ${pushed.objects} whole, ${pushed.partial} partial, ${pushed.deleted} deleted`);
    return pushed;
  } catch (e) {
    console.error(`feed ${site}: the Algolia push failed; the next run sends these changes too: ${(e as Error).message}`);
    return null;
  }
}
