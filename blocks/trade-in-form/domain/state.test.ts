import { describe, expect, it } from "vitest";
import {
  adjustmentAnswers,
  afterVehicle,
  initialPhase,
  initialValues,
  lookupMessage,
  phaseBefore,
  stepFields,
  tradeInLead,
  UNAVAILABLE,
  vehicleErrors,
  vehicleRequest,
  type TradeInInitial,
  type ValuationView,
} from "./state";

const valuation = (step: ValuationView["step"], result: ValuationView["result"] = null): ValuationView => ({
  id: "v1",
  step,
  make: "Toyota",
  model: "Kluger",
  year: 2023,
  kms: 40000,
  result,
});
const OFFER = { status: "offer", offer_price: 30000, range: { low: 28500, high: 31500 } } as const;
const OLD = { status: "not-eligible", message: "too old" } as const;

describe("trade-in state", () => {
  it("a stored valuation resumes at its step; none starts at the car", () => {
    expect(initialPhase(undefined)).toBe(0);
    expect(initialPhase({ valuation: valuation("condition"), state: null, back: "/" })).toBe(1);
    expect(initialPhase({ valuation: valuation("offer", OFFER), state: null, back: "/" })).toBe(2);
  });

  it("first values: the stored car wins over a looked-up car, which wins over what was typed", () => {
    const typed: TradeInInitial = {
      valuation: null,
      state: { vehicle: { "Vehicle Make": "Mazda", kms: "12,345" }, contact: { name: "Jamie", message: "hi", evil: "x" } },
      back: "/",
    };
    const v = initialValues(typed);
    expect(v).toMatchObject({ "Vehicle Make": "Mazda", kms: 12345, name: "Jamie", last_name: "", message: "hi", adj_accident: "" });
    expect(v).not.toHaveProperty("evil");
    const found = initialValues({
      ...typed,
      state: { ...typed.state, lookup: { rego: "ABC1", regoState: "QLD", message: "", vehicle: { make: "Kia", model: "Rio", year: 2020 } } },
    });
    expect(found).toMatchObject({ rego: "ABC1", regoState: "QLD", "Vehicle Make": "Kia", "Vehicle Year": "2020" });
    expect(initialValues({ ...typed, valuation: valuation("condition") })).toMatchObject({ "Vehicle Make": "Toyota", kms: 40000 });
    expect(initialValues(undefined).kms).toBeNull();
  });

  it("each phase checks its own fields; the car phase needs make, model, a 4-digit year and kilometres", () => {
    expect(stepFields(0)).toContain("kms");
    expect(stepFields(1)).toContain("adj_accident");
    expect(stepFields(2)).toBeNull();
    const v = { ...initialValues(undefined), "Vehicle Make": "Kia", "Vehicle Year": "20" };
    expect(vehicleErrors(v).map((e) => e.field)).toEqual(["Vehicle Model", "Vehicle Year", "kms"]);
  });

  it("the lead carries the car, the answers and the offer with its acceptance", () => {
    const v = { ...initialValues(undefined), rego: "abc 123", "Vehicle Year": "2023", kms: 40000, adj_accident: "Yes", name: "Jamie" };
    expect(adjustmentAnswers(v)).toEqual({ accident: "Yes" });
    const lead = tradeInLead(v, { variant: "sell-my-car", offer: OFFER, accepted: true, location: { location_id: 11 }, carId: "c9" });
    expect(lead).toMatchObject({
      form: "sell-my-car",
      category: "Sell My Car",
      rego: "ABC123",
      "Vehicle Year": 2023,
      adjustmentAnswers: { accident: "Yes" },
      offer_price: 30000,
      offer_accepted: true,
      location_id: 11,
      car_id: "c9",
    });
    expect(tradeInLead(v, { variant: "trade-in", offer: OLD, accepted: false, location: {} })).not.toHaveProperty("offer_price");
    expect(vehicleRequest(v)).toEqual({ action: "vehicle", rego: "ABC123", regoState: undefined, make: "", model: "", year: 2023, kms: 40000 });
  });

  it("after the car: errors stay, an answer at once or a down service shows the offer step, else the questions", () => {
    expect(afterVehicle({ valuation: null, errors: [{ field: "kms", message: "x" }] })).toBeNull();
    expect(afterVehicle({ valuation: null, errors: [] })).toEqual({ phase: 2, offer: UNAVAILABLE });
    expect(afterVehicle({ valuation: valuation("offer", OLD), errors: [] })).toEqual({ phase: 2, offer: OLD });
    expect(afterVehicle({ valuation: valuation("condition"), errors: [] })).toEqual({ phase: 1, offer: null });
  });

  it("back goes from an offer to the questions, from a car without questions or the questions to the car", () => {
    expect(phaseBefore(2, "v1", OFFER)).toBe(1);
    expect(phaseBefore(2, "v1", OLD)).toBe(0);
    expect(phaseBefore(2, null, UNAVAILABLE)).toBe(0);
    expect(phaseBefore(1, "v1", null)).toBe(0);
  });

  it("the lookup's words", () => {
    expect(lookupMessage({ ok: true, vehicle: { make: "Kia", model: "Rio", year: 2020 } })).toBe("Found: 2020 Kia Rio. Please check the details below.");
    expect(lookupMessage({ ok: true, vehicle: null })).toMatch(/couldn't find/);
    expect(lookupMessage({ ok: false, message: "Please select a state" })).toBe("Please select a state");
    expect(lookupMessage("unavailable")).toMatch(/unavailable/);
  });
});
