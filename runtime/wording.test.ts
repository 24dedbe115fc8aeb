import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolvedWording, vehicleCount, vehicleNoun, withVehicleNoun } from "./wording";

const schema = JSON.parse(readFileSync(path.join(process.cwd(), "schemas/manifest.source.json"), "utf8"));
const schemaDefault = (key: string) => schema.$defs.wording.properties[key].default;

describe("resolvedWording", () => {
  it("gives the schema's words where the dealer has none", () => {
    const w = resolvedWording(undefined);
    expect(w.notFoundTitle).toBe(schemaDefault("notFoundTitle"));
    expect(w.notFoundMessage).toBe(schemaDefault("notFoundMessage"));
    expect(resolvedWording({}).soldTag).toBe(schemaDefault("soldTag"));
  });

  it("keeps the dealer's own words", () => {
    const w = resolvedWording({ notFoundTitle: "Nothing here", soldTag: "SOLD" });
    expect(w.notFoundTitle).toBe("Nothing here");
    expect(w.soldTag).toBe("SOLD");
    expect(w.newBadge).toBe(schemaDefault("newBadge"));
  });

  it("tags a just-arrived car 'New Arrival' by default, never plain 'New'", () => {
    expect(resolvedWording(undefined).newBadge).toBe("New Arrival");
  });
});

describe("vehicle nouns", () => {
  it("names a set of vehicles by their kind: one kind's noun, 'Vehicles' for several, the dealer's word for none", () => {
    expect(vehicleNoun(undefined, ["motorcycle"])).toEqual({ singular: "Motorcycle", plural: "Motorcycles" });
    expect(vehicleNoun(undefined, ["caravan", "caravan"]).plural).toBe("Caravans");
    expect(vehicleNoun(undefined, ["truck"]).plural).toBe("Trucks");
    expect(vehicleNoun(undefined, ["car", "motorcycle"]).plural).toBe("Vehicles");
    expect(vehicleNoun(undefined, ["boat"]).plural).toBe("Vehicles");
    expect(vehicleNoun(undefined, []).plural).toBe("Cars");
    expect(vehicleNoun({ vehicleType: "Caravan" }, []).plural).toBe("Caravans");
    expect(vehicleNoun({ vehicleType: "Ute" }, [null, undefined]).plural).toBe("Utes");
  });

  it("keeps a dealer's own word for one kind and the schema's for the others", () => {
    const w = { vehicleNouns: { motorcycle: { singular: "Bike", plural: "Bikes" } } };
    expect(vehicleNoun(w, ["motorcycle"]).plural).toBe("Bikes");
    expect(vehicleNoun(w, ["truck"]).plural).toBe("Trucks");
    expect(resolvedWording(w).vehicleNouns.car).toEqual(schema.$defs.wording.properties.vehicleNouns.properties.car.default);
  });

  it("counts and fills templates with the noun", () => {
    const bikes = vehicleNoun(undefined, ["motorcycle"]);
    expect(vehicleCount(1, bikes)).toBe("1 motorcycle");
    expect(vehicleCount(1029, bikes)).toBe("1,029 motorcycles");
    expect(withVehicleNoun("Similar {vehicleType}s In-Stock", bikes)).toBe("Similar Motorcycles In-Stock");
    expect(withVehicleNoun("Our {vehicleType} range", bikes)).toBe("Our Motorcycle range");
  });
});
