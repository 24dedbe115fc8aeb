import { describe, expect, it } from "vitest";
import { runsAlone, startRefusal } from "./single-process.mjs";

describe("refusing to run as a fleet by accident", () => {
  it("refuses a production process with neither DATABASE_URL nor SINGLE_PROCESS, saying what to set", () => {
    const message = startRefusal({ NODE_ENV: "production" });
    expect(message).toMatch(/DATABASE_URL is not set/);
    expect(message).toMatch(/SINGLE_PROCESS=1/);
  });

  it("refuses an empty DATABASE_URL and a SINGLE_PROCESS that does not say yes", () => {
    expect(startRefusal({ NODE_ENV: "production", DATABASE_URL: " " })).not.toBeNull();
    expect(startRefusal({ NODE_ENV: "production", SINGLE_PROCESS: "0" })).not.toBeNull();
    expect(startRefusal({ NODE_ENV: "production", SINGLE_PROCESS: "" })).not.toBeNull();
  });

  it("lets a production process start with DATABASE_URL, or when told it runs alone", () => {
    expect(startRefusal({ NODE_ENV: "production", DATABASE_URL: "postgres://db/app" })).toBeNull();
    for (const yes of ["1", "true", "YES", "on"]) expect(startRefusal({ NODE_ENV: "production", SINGLE_PROCESS: yes })).toBeNull();
    expect(runsAlone({ NODE_ENV: "production", SINGLE_PROCESS: "1" })).toBe(true);
    expect(runsAlone({ NODE_ENV: "production" })).toBe(false);
  });

  it("never refuses the development server or the build", () => {
    expect(startRefusal({ NODE_ENV: "development" })).toBeNull();
    expect(startRefusal({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).toBeNull();
  });
});
