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
});
