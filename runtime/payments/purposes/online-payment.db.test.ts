import { describe, expect, it } from "vitest";
import { describeEachDb } from "../../db/testing";
import { TestGateway } from "../providers/test";
import { checkOnlinePayment, takeOnlinePayment } from "./online-payment";
import { CONTACT, reservationManifest } from "../../reservations/test-fixtures";

const form = (v: Record<string, string>) => (k: string) => v[k] ?? "";
const CARD = { number: "4242424242424242", expiry: "12/34", cvc: "123" };

describe("online payment checks", () => {
  it("purpose from the list, a reference, whole dollars up to $10,000", () => {
    expect(checkOnlinePayment(form({ purpose: "Service invoice", reference: "inv-1042", amount: "$1,500" }))).toEqual({
      ok: true,
      request: { purpose: "Service invoice", reference: "INV-1042", amountCents: 150_000 },
    });
    expect(checkOnlinePayment(form({ purpose: "Lunch", reference: "<b>", amount: "10001" }))).toEqual({
      ok: false,
      fields: ["purpose", "reference", "amount"],
    });
    expect(checkOnlinePayment(form({ purpose: "Other payment", reference: "A1", amount: "12.50" }))).toMatchObject({ ok: false, fields: ["amount"] });
  });
});

describeEachDb("online payments", (db) => {
  it("captures once per form, writes the dealer's lead; a declined card takes nothing", async () => {
    const gateway = new TestGateway(db);
    const request = { purpose: "Service invoice", reference: "INV-1042", amountCents: 150_000 };
    const p = { manifest: reservationManifest(), userId: "u1", contact: CONTACT, request, card: CARD, key: "opay_k1" };
    const first = await takeOnlinePayment({ db, provider: gateway }, p);
    expect(first).toMatchObject({ ok: true, replay: false });
    expect(await takeOnlinePayment({ db, provider: gateway }, p)).toMatchObject({ ok: true, replay: true });
    expect((await db.query<{ status: string }>("SELECT status FROM test_gateway_charges")).map((r) => r.status)).toEqual(["captured"]);
    const [lead] = await db.query<{ category: string; payload: Record<string, unknown> }>("SELECT category, payload FROM leads");
    expect(lead).toMatchObject({ category: "Online Payment", payload: { payment_reference: "INV-1042", payment_amount: 1500 } });
    // Another shopper cannot reuse the key.
    expect(await takeOnlinePayment({ db, provider: gateway }, { ...p, userId: "u2" })).toEqual({ ok: false, code: "failed" });
    expect(await takeOnlinePayment({ db, provider: gateway }, { ...p, key: "opay_k2", card: { ...CARD, number: "4000000000000002" } })).toEqual({
      ok: false,
      code: "declined",
    });
    expect(await db.query("SELECT 1 FROM test_gateway_charges")).toHaveLength(1);
  });
});
