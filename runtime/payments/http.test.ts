import { describe, expect, it } from "vitest";
import type { Tenant } from "../tenant";
import { paymentReturnRoute, paymentStepRoute } from "@/tests/helpers/payment-routes";
import { PURPOSES, purposeOfKind } from "./purposes";
import { reservationManifest } from "../reservations/test-fixtures";
import { PURPOSE_NAMES, paymentPath } from "./routes";

const manifest = reservationManifest();
const seams = {
  resolve: () => ({ kind: "site", slug: manifest.slug, manifest }) as unknown as Tenant,
  limiters: () => ({ take: async () => ({ ok: true as const }) }),
  db: async () => {
    throw new Error("no database in this test");
  },
};
const params = (purpose: string, step: string) => ({ params: Promise.resolve({ purpose, step }) });

describe("the payment route family", () => {
  it("has one purpose for every name its URLs use, and the webhook finds each by its metadata kind", () => {
    expect(Object.keys(PURPOSES).sort()).toEqual([...PURPOSE_NAMES].sort());
    for (const p of Object.values(PURPOSES)) expect(purposeOfKind(p.kind)).toBe(p);
    // A payment started before kinds were recorded is a reservation deposit.
    expect(purposeOfKind(undefined)).toBe(PURPOSES.reserve);
    expect(paymentPath("journey-deposit", "intent")).toBe("/api/payments/journey-deposit/intent");
  });

  it("answers 404 for a purpose or step it does not know, before anything is read or paid", async () => {
    const post = (purpose: string, step: string) =>
      paymentStepRoute(seams)(
        new Request(`http://test-dealer.localhost/api/payments/${purpose}/${step}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }),
        params(purpose, step),
      );
    expect((await post("lunch", "pay")).status).toBe(404);
    expect((await post("reserve", "refund")).status).toBe(404);
    expect((await post("reserve", "return")).status).toBe(404);
    const get = await paymentReturnRoute(seams)(new Request("http://test-dealer.localhost/api/payments/reserve/pay"), params("reserve", "pay"));
    expect(get.status).toBe(404);
  });

  it("refuses a cross-site post to a payment step (the boundary's same-origin check)", async () => {
    const res = await paymentStepRoute(seams)(
      new Request("http://test-dealer.localhost/api/payments/reserve/pay", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example", "sec-fetch-site": "cross-site" },
        body: "car=x",
      }),
      params("reserve", "pay"),
    );
    expect(res.status).toBe(403);
  });
});
