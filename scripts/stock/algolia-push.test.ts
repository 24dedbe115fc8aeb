import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Car } from "../../runtime/generated/types";
import { fakeAlgolia } from "../../tests/helpers/fake-algolia";
import { algoliaChanges, buildAlgoliaPlan, pushToAlgolia, type AlgoliaBatchRequest } from "./import";

// The Algolia push sends only what changed since the last push: new cars whole, changed ones as
// partial updates, cars that left the feed as deletions; and it goes to a configured host, here a
// fake Algolia speaking the settings, batch and task endpoints the push uses.

const car = (id: number, extra: Partial<Car> = {}) =>
  ({ id, slug: `car-${id}`, status: "in_stock", price: 20_000 + id, make: "Mazda", dealership_id: 7, ...extra }) as unknown as Car;

describe("the writes an Algolia push sends", () => {
  it("sends new cars whole, changed ones as partial updates, deletes those that left, skips the rest", () => {
    const previous = [car(1), car(2), car(3), car(4, { reserved: true } as Partial<Car>)];
    const next = [car(1), car(2, { status: "sold", sold: true } as Partial<Car>), car(4), car(5)];
    const changes = algoliaChanges(next, previous);
    expect(changes.requests).toEqual<AlgoliaBatchRequest[]>([
      { action: "partialUpdateObjectNoCreate", body: { status: "sold", sold: true, objectID: "2" } },
      // Car 4 lost `reserved`: a partial update cannot remove an attribute, so it is sent whole.
      { action: "updateObject", body: { ...car(4), objectID: "4" } as never },
      { action: "updateObject", body: { ...car(5), objectID: "5" } as never },
      { action: "deleteObject", body: { objectID: "3" } },
    ]);
    expect(changes).toMatchObject({ replaced: 2, partial: 1, deleted: 1, unchanged: 1 });
  });

  it("sends every car whole on a first push", () => {
    const changes = algoliaChanges([car(1), car(2)]);
    expect(changes.requests.map((r) => [r.action, r.body.objectID])).toEqual([
      ["updateObject", "1"],
      ["updateObject", "2"],
    ]);
    expect(buildAlgoliaPlan([car(1)]).changes.replaced).toBe(1);
  });
});

describe("pushing to a configured Algolia host", () => {
  const fake = fakeAlgolia();
  let host = "";
  beforeAll(async () => {
    host = await fake.listen();
  });
  afterAll(() => fake.close());

  it("sends the settings, then the changed records in batches, and deletes the cars that left the feed", async () => {
    const previous = Array.from({ length: 1500 }, (_, i) => car(i + 1));
    // 1,200 cars stay (200 of them sold), 300 leave the feed, 10 are new.
    const next = [
      ...previous.slice(0, 1200).map((c, i) => (i < 200 ? car(c.id, { status: "sold", sold: true } as Partial<Car>) : c)),
      ...Array.from({ length: 10 }, (_, i) => car(5000 + i)),
    ];
    const plan = buildAlgoliaPlan(next, "Car_test", undefined, previous);
    const lines: string[] = [];
    const pushed = await pushToAlgolia(plan, { appId: "FAKEAPP", apiKey: "fake-admin-key", host }, (l) => lines.push(l));
    expect(pushed).toMatchObject({ indexName: "Car_test", objects: 10, partial: 200, deleted: 300 });
    expect(new Set(fake.calls.map((c) => c.appId))).toEqual(new Set(["FAKEAPP"]));
    const settings = fake.calls.filter((c) => c.method === "PUT");
    expect(settings[0]).toMatchObject({ path: "/1/indexes/Car_test/settings", body: { replicas: plan.settings.replicas } });
    const batches = fake.calls.filter((c) => c.method === "POST").map((c) => (c.body as { requests: AlgoliaBatchRequest[] }).requests);
    // 510 writes in one batch (at most 1,000 each): only what changed, never the 1,000 unchanged cars.
    expect(batches.map((b) => b.length)).toEqual([510]);
    const sent = batches.flat();
    expect(sent.filter((r) => r.action === "deleteObject").map((r) => r.body.objectID)).toEqual(previous.slice(1200).map((c) => String(c.id)));
    expect(sent.filter((r) => r.action === "partialUpdateObjectNoCreate")[0].body).toEqual({ status: "sold", sold: true, objectID: "1" });
    expect(lines.join("\n")).toMatch(/10 records whole, 200 partial updates, 300 deletions to Car_test \(1000 unchanged, not sent\)/);
    // Every write was waited for.
    expect(fake.calls.filter((c) => c.method === "GET").length).toBe(fake.calls.filter((c) => c.method !== "GET").length);
  });
});
