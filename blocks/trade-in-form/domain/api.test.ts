import { describe, expect, it, vi } from "vitest";
import { lookUpRego, postValuation } from "./api";
import { lookupMessage } from "./state";

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
const down = vi.fn(async () => {
  throw new TypeError("Failed to fetch");
}) as unknown as typeof fetch;

describe("the valuation service's answers", () => {
  it("a found rego gives the car and says so; a refused one says why; a lost service says the lookup is unavailable", async () => {
    const car = { make: "Kia", model: "Rio", year: 2018 };
    const found = answer(200, { vehicle: car });
    expect(await lookUpRego(found, "ABC123", "QLD")).toEqual({ vehicle: car, message: lookupMessage({ ok: true, vehicle: car }) });
    expect(JSON.parse(String((found as unknown as ReturnType<typeof vi.fn>).mock.calls[0][1].body))).toEqual({
      action: "rego",
      rego: "ABC123",
      regoState: "QLD",
    });
    expect(await lookUpRego(answer(400, { message: "Please check the rego." }), "X", "QLD")).toEqual({ vehicle: null, message: "Please check the rego." });
    expect(await lookUpRego(down, "ABC123", "QLD")).toEqual({ vehicle: null, message: lookupMessage("unavailable") });
  });

  it("a valuation request gives the stored valuation, the fields at fault on a 400, and nothing when the service fails", async () => {
    const valuation = { id: "v1", step: "condition", make: "Kia", model: "Rio", year: 2018, kms: 50000, result: null };
    expect(await postValuation(answer(200, { valuation }), { action: "vehicle" })).toEqual({ valuation, errors: [] });
    const errors = [{ field: "kms", message: "Please enter the kilometres" }];
    expect(await postValuation(answer(400, { errors }), { action: "vehicle" })).toEqual({ valuation: null, errors });
    expect(await postValuation(answer(503, { errors }), { action: "vehicle" })).toEqual({ valuation: null, errors: [] });
    expect(await postValuation(down, { action: "vehicle" })).toEqual({ valuation: null, errors: [] });
  });
});
