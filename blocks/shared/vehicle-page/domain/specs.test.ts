import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { allSpecifications, keyInformation } from "./specs";

describe("specifications", () => {
  it("lists key information with the first four being odometer, transmission, body and fuel", () => {
    expect(
      keyInformation(testCar())
        .slice(0, 4)
        .map((s) => s.label),
    ).toEqual(["Odometer", "Transmission", "Body", "Fuel"]);
    expect(keyInformation(testCar())[0].value).toBe("45,210 km");
  });
  it("leaves out missing specifications", () => {
    expect(allSpecifications(testCar({ variant: undefined })).some((s) => s.label === "Torque")).toBe(false);
    expect(allSpecifications(testCar({ variant: { torque: 250 } })).find((s) => s.label === "Torque")?.value).toBe("250 Nm");
  });
  it("gives a caravan's body length and width in feet, the unit the feed uses (never mm)", () => {
    const specs = allSpecifications(testCar({ item_type: "caravan", body_length: 21.5, body_width: 7.6 }));
    expect(specs.find((s) => s.label === "Body length")?.value).toBe("21.5 ft");
    expect(specs.find((s) => s.label === "Body width")?.value).toBe("7.6 ft");
  });
});
