/**
 * POST /api/account/favourites in process, through the API boundary and the route's own check (the
 * real database in a temporary folder, a small stock of two dealers): a signed-in shopper saves
 * this dealer's cars only, with a picture's path on this site only; anything else is a 400 that
 * says what is wrong and where, and nothing is stored.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Tenant } from "../tenant";
import { apiRoute } from "../http/api-route";
import { createLimiters } from "../http/rate-limit";
import { loadedMinimalManifest } from "@/tests/helpers/manifest-fixture";
import { checkFavouritesChange } from "./favourites";
import { stockCar } from "@/tests/helpers/stock-dir";

const tmp = mkdtempSync(path.join(os.tmpdir(), "favourites-api-"));
const tenant = { kind: "site", slug: "test-dealer", manifest: loadedMinimalManifest() } as Tenant;
const now = Math.floor(Date.now() / 1000);
const dealerCar = (id: number, dealershipId: number) => stockCar(id, dealershipId, { created_at_timestamp: now });
// Car 11 is this dealer's (dealership 1); car 44 is another dealer's.
const OWN = 11;
const OTHER = 44;

let api: typeof import("./api");
let closeDb: () => Promise<void>;
let cookie = "";

beforeAll(async () => {
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("PGLITE_DIR", path.join(tmp, "db"));
  vi.stubEnv("STOCK_DIR", path.join(tmp, "stock"));
  const stock = path.join(tmp, "stock");
  (await import("node:fs")).mkdirSync(stock);
  writeFileSync(path.join(stock, "a.json"), JSON.stringify([dealerCar(OWN, 1)]));
  writeFileSync(path.join(stock, "b.json"), JSON.stringify([dealerCar(OTHER, 2)]));
  api = await import("./api");
  const db = await import("../db");
  closeDb = db.closeDb;
  const { accountForVerified } = await import("./users");
  const { createSession } = await import("./sessions");
  const conn = await db.getDb();
  const user = await accountForVerified(conn, "test-dealer", "email", "fav@example.com", null);
  cookie = `dp_session=${(await createSession(conn, user)).token}`;
}, 60_000);
afterAll(async () => {
  await closeDb();
  vi.unstubAllEnvs();
  rmSync(tmp, { recursive: true, force: true });
});

const route = () =>
  apiRoute({
    name: "account.favourites",
    limit: "account",
    stateChanging: true,
    body: "json",
    check: checkFavouritesChange,
    handle: api.handleFavourites,
    resolve: () => tenant,
    limiters: () => createLimiters({ env: {} }),
  });

async function post(body: unknown) {
  const res = await route()(
    new Request("https://test-dealer.example/api/account/favourites", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "x-forwarded-proto": "https", cookie },
    }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const car = (id: number, image: string | null = "/api/images/vehicle/suv/blue/front-34.webp?w=640&q=75") => ({
  id,
  name: "2022 Toyota RAV4",
  slug: `car-${id}`,
  make: "Toyota",
  model: "RAV4",
  primary_image_url: image,
});

describe("POST /api/account/favourites", () => {
  it("saves this dealer's car with a picture on this site", async () => {
    const res = await post({ add: [car(OWN)], remove: [] });
    expect(res.status).toBe(200);
    expect(res.body.favourites).toEqual([car(OWN)]);
  });

  it("refuses another dealer's car id with 400, names it, and stores nothing", async () => {
    const res = await post({ add: [car(OWN), car(OTHER)] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: "Only this dealer's cars can be saved to favourites.",
      errors: [{ field: "add[1].id", message: `Car ${OTHER} is not one of this dealer's cars.` }],
      notDealerCars: [OTHER],
    });
    expect((await post({})).body.favourites).toEqual([car(OWN)]);
  });

  it.each(["//evil.example/x.jpg", "https://evil.example/x.jpg", "/\\evil.example/x.jpg", "/..//evil.example/x.jpg", "javascript:alert(1)"])(
    "refuses the picture %j with 400 and what is expected",
    async (image) => {
      const res = await post({ add: [car(OWN, image)] });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        {
          field: "add[0].primary_image_url",
          message: "Must be a picture's path on this site, starting with a single '/' (such as /api/images/…), not another site's address.",
        },
      ]);
    },
  );

  it("refuses a body that is not the expected shape with 400, never a 5xx", async () => {
    for (const body of [
      null,
      [],
      "x",
      { add: "x" },
      { add: [null] },
      { remove: ["1"] },
      { add: [{ id: 1.5 }] },
      { add: Array.from({ length: 101 }, () => car(OWN)) },
    ]) {
      expect((await post(body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });
});
