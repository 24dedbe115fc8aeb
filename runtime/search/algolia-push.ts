/**
 * The Algolia push: the records, index settings and sort replicas of a stock, and the writes that
 * bring an index from the cars it holds to the new ones (new cars whole, changed ones as partial
 * updates, cars that left deleted), sent with the algoliasearch v5 client to Algolia or to a
 * configured host (a test's fake). Used by the command line's import (`--algolia`) and by feed
 * runs on the server (runtime/inventory/algolia-stock.ts).
 */
import type { Car } from "../generated/types";
import { searchSettingsDefaults } from "../generated/defaults";
import { replicaIndexName, replicaRanking, STOCK_INDEX_SETTINGS, STOCK_SORT_REPLICAS, type IndexSettings } from "./index-settings";

/** The index a push goes to unless told otherwise: a site's default index name. */
export const ALGOLIA_INDEX = searchSettingsDefaults.indexName;

export interface AlgoliaPlan {
  indexName: string;
  objects: (Car & { objectID: string })[];
  /** The primary index's settings: the stock index settings the embedded engine is built from, and its replicas' names. */
  settings: IndexSettings & { replicas: string[] };
  replicas: { indexName: string; settings: { ranking: string[]; customRanking: string[] } }[];
  /** The record writes the push sends (Algolia's batch requests), from algoliaChanges. */
  changes: AlgoliaChanges;
}

/** One write of Algolia's batch endpoint (`POST /1/indexes/{index}/batch`). */
export type AlgoliaBatchRequest =
  | { action: "updateObject"; body: Record<string, unknown> & { objectID: string } }
  | { action: "partialUpdateObjectNoCreate"; body: Record<string, unknown> & { objectID: string } }
  | { action: "deleteObject"; body: { objectID: string } };

export interface AlgoliaChanges {
  requests: AlgoliaBatchRequest[];
  /** New cars, and changed ones that lost an attribute (sent whole). */
  replaced: number;
  /** Changed cars: only their changed attributes are sent. */
  partial: number;
  /** Cars that left the feed. */
  deleted: number;
  unchanged: number;
}

const objectIdOf = (car: Car): string => String(car.objectID ?? car.id);

/**
 * The writes that bring an index holding `previous` to `next`, compared by objectID: a new car is
 * sent whole, a changed one as a partial update of the attributes that changed (whole when it lost
 * an attribute: a partial update cannot remove one), a car that left the feed is deleted, an
 * unchanged one is not sent. Without `previous` (a first push) every car is sent whole. Pure.
 */
export function algoliaChanges(next: readonly Car[], previous?: readonly Car[]): AlgoliaChanges {
  const out: AlgoliaChanges = { requests: [], replaced: 0, partial: 0, deleted: 0, unchanged: 0 };
  const before = new Map((previous ?? []).map((c) => [objectIdOf(c), c as unknown as Record<string, unknown>]));
  const seen = new Set<string>();
  for (const car of next) {
    const objectID = objectIdOf(car);
    seen.add(objectID);
    const record = { ...(car as unknown as Record<string, unknown>), objectID };
    const old = previous ? before.get(objectID) : undefined;
    if (!old) {
      out.requests.push({ action: "updateObject", body: record });
      out.replaced++;
      continue;
    }
    const lost = Object.keys(old).some((k) => k !== "objectID" && !(k in record));
    if (lost) {
      out.requests.push({ action: "updateObject", body: record });
      out.replaced++;
      continue;
    }
    const changed: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) if (k !== "objectID" && JSON.stringify(v) !== JSON.stringify(old[k])) changed[k] = v;
    if (Object.keys(changed).length === 0) out.unchanged++;
    else {
      out.requests.push({ action: "partialUpdateObjectNoCreate", body: { ...changed, objectID } });
      out.partial++;
    }
  }
  for (const objectID of before.keys())
    if (!seen.has(objectID)) {
      out.requests.push({ action: "deleteObject", body: { objectID } });
      out.deleted++;
    }
  return out;
}

/**
 * Records, settings, sort replicas and the writes to push (pure; unit-tested without network).
 * `previous`: the cars the index holds from the last push of these dealerships (the stock file
 * before the import), so that only what changed is sent and cars that left the feed are deleted.
 */
export function buildAlgoliaPlan(
  records: readonly Car[],
  indexName = ALGOLIA_INDEX,
  settings: IndexSettings = STOCK_INDEX_SETTINGS,
  previous?: readonly Car[],
): AlgoliaPlan {
  const replicas = STOCK_SORT_REPLICAS.map((sort) => ({
    indexName: replicaIndexName(indexName, sort),
    settings: { ranking: replicaRanking(settings, sort), customRanking: [...settings.customRanking] },
  }));
  return {
    indexName,
    objects: records.map((r) => ({ ...r, objectID: objectIdOf(r) })),
    settings: { ...settings, replicas: replicas.map((r) => r.indexName) },
    replicas,
    changes: algoliaChanges(records, previous),
  };
}

export interface AlgoliaPushResult {
  indexName: string;
  /** Records written whole. */
  objects: number;
  partial: number;
  deleted: number;
  replicas: string[];
}

export interface AlgoliaCredentials {
  appId: string;
  apiKey: string;
  /**
   * Where the API answers instead of Algolia's own hosts: `https://my-dsn.algolia.net`, or a test's
   * fake at `http://127.0.0.1:PORT` (ALGOLIA_HOST, or --algolia-host).
   */
  host?: string;
}

/** Writes per batch call (Algolia's recommended batch size). */
export const ALGOLIA_BATCH_SIZE = 1000;

/** Pushes a plan with the full algoliasearch v5 client (needs an admin key, and the network or a configured host). */
export async function pushToAlgolia(plan: AlgoliaPlan, credentials: AlgoliaCredentials, log: (line: string) => void = () => {}): Promise<AlgoliaPushResult> {
  const [{ algoliasearch }, { algoliaHosts }] = await Promise.all([import("algoliasearch"), import("./service")]);
  const client = algoliasearch(credentials.appId, credentials.apiKey, credentials.host ? { hosts: algoliaHosts(credentials.host) } : undefined);
  const { indexName } = plan;
  log(`settings and replicas for ${indexName}`);
  const created = await client.setSettings({ indexName, indexSettings: { replicas: plan.settings.replicas } });
  await client.waitForTask({ indexName, taskID: created.taskID });
  const { replicas: _replicas, ...shared } = plan.settings;
  const sharedTask = await client.setSettings({ indexName, indexSettings: structuredClone(shared) as Record<string, unknown>, forwardToReplicas: true });
  await client.waitForTask({ indexName, taskID: sharedTask.taskID });
  for (const replica of plan.replicas) {
    log(`ranking for ${replica.indexName}`);
    const t = await client.setSettings({ indexName: replica.indexName, indexSettings: replica.settings });
    await client.waitForTask({ indexName: replica.indexName, taskID: t.taskID });
  }
  const { requests, replaced, partial, deleted, unchanged } = plan.changes;
  log(`${replaced} records whole, ${partial} partial updates, ${deleted} deletions to ${indexName} (${unchanged} unchanged, not sent)`);
  for (let i = 0; i < requests.length; i += ALGOLIA_BATCH_SIZE) {
    const t = await client.batch({ indexName, batchWriteParams: { requests: requests.slice(i, i + ALGOLIA_BATCH_SIZE) as never } });
    await client.waitForTask({ indexName, taskID: t.taskID });
  }
  return { indexName, objects: replaced, partial, deleted, replicas: plan.settings.replicas };
}
