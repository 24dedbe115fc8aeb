import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/runtime/db";
import { dbVariants } from "@/runtime/db/testing";
import { relayRevalidations } from "@/runtime/page-cache/fleet-relay";
import { encodeFleetMessage, FleetBus, parseFleetMessage, processId, type FleetMessage } from "./bus";

describe("fleet messages", () => {
  it("reads back every message it writes", () => {
    const messages: FleetMessage[] = [
      { type: "manifests", collection: "default", action: "published", names: ["sunshine-chery"] },
      { type: "revalidate", site: "sunshine-chery", car: "2024-chery-tiggo-7", from: "12-abc" },
      { type: "revalidate", site: "sunshine-chery" },
      { type: "stock" },
      { type: "stock", seq: 42 },
      { type: "reservations" },
    ];
    for (const m of messages) expect(parseFleetMessage(encodeFleetMessage(m))).toEqual(m);
  });

  it("ignores what is not one of its messages, or carries a bad slug", () => {
    for (const payload of [
      "",
      "null",
      "[]",
      "{}",
      '{"type":"other"}',
      '{"type":"revalidate","site":"../x"}',
      '{"type":"manifests","collection":"d","action":"x","names":[]}',
    ])
      expect(parseFleetMessage(payload), payload).toBeNull();
    // A stock message with a number that is not a snapshot's is still a stock change, of unknown number.
    for (const seq of [0, -1, 1.5, "7"]) expect(parseFleetMessage(JSON.stringify({ type: "stock", seq })), String(seq)).toEqual({ type: "stock" });
  });

  it("leaves out a list of names too long for a notification (every process then reloads all)", () => {
    const names = Array.from({ length: 500 }, (_, i) => `dealer-${i}`);
    const encoded = encodeFleetMessage({ type: "manifests", collection: "default", action: "published", names });
    expect(encoded.length).toBeLessThan(8000);
    expect(parseFleetMessage(encoded)).toMatchObject({ names: [] });
  });
});

for (const v of dbVariants())
  describe.skipIf(v.skip)(`the change bus (${v.name})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await v.open();
    });
    afterAll(() => v.close(db));

    it("delivers an announcement to the listeners of its type, only once the transaction commits", async () => {
      const states: boolean[] = [];
      const bus = new FleetBus(
        () => {},
        (l) => states.push(l),
      );
      const other = new FleetBus(() => {});
      await bus.start(db);
      await other.start(db);
      try {
        expect(states).toEqual([true]);
        const heard: FleetMessage[] = [];
        const both = new Promise<void>((resolve) =>
          other.on("revalidate", (m) => {
            heard.push(m);
            if (heard.length === 2) resolve();
          }),
        );
        await db
          .transaction(async (tx) => {
            await tx.query("SELECT pg_notify('dealer_platform_fleet', $1)", [encodeFleetMessage({ type: "revalidate", site: "rolled-back" })]);
            throw new Error("rolled back");
          })
          .catch(() => undefined);
        expect(await bus.announce({ type: "revalidate", site: "alpha" })).toBe(true);
        expect(await bus.announce({ type: "revalidate", site: "beta", car: "one" })).toBe(true);
        await both;
        expect(heard.map((m) => (m.type === "revalidate" ? m.site : ""))).toEqual(["alpha", "beta"]);
      } finally {
        await bus.close();
        await other.close();
      }
      expect(await bus.announce({ type: "stock" })).toBe(false);
    });

    it("relays another process's revalidation to this process's endpoint, never its own", async () => {
      const bus = new FleetBus(() => {});
      await bus.start(db);
      try {
        const sent: { site: string; car?: string }[] = [];
        const done = new Promise<void>((resolve) =>
          relayRevalidations(bus, async (m) => {
            sent.push({ site: m.site, ...(m.car ? { car: m.car } : {}) });
            resolve();
            return 200;
          }),
        );
        await bus.announce({ type: "revalidate", site: "mine", from: processId() });
        await bus.announce({ type: "revalidate", site: "theirs", car: "a-car", from: "another-process" });
        await done;
        expect(sent).toEqual([{ site: "theirs", car: "a-car" }]);
      } finally {
        await bus.close();
      }
    });
  });
