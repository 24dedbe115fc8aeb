import { describe, expect, it } from "vitest";
import { entryPointWarning, markProductionServer, SERVER_ENTRY_ENV } from "./entry-point.mjs";

describe("the production entry point", () => {
  it("warns a production server started without scripts/server.mjs, naming what is missing and the fix", () => {
    const warning = entryPointWarning({ NODE_ENV: "production" });
    expect(warning).toMatch(/Content-Security-Policy/);
    expect(warning).toMatch(/node scripts\/server\.mjs/);
  });

  it("is quiet under scripts/server.mjs, in development and during the build", () => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: "production" };
    markProductionServer(env);
    expect(env[SERVER_ENTRY_ENV]).toBeTruthy();
    expect(entryPointWarning(env)).toBeNull();
    expect(entryPointWarning({ NODE_ENV: "development" })).toBeNull();
    expect(entryPointWarning({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).toBeNull();
  });

  it("is marked by scripts/server.mjs before Next loads", async () => {
    const { readFile } = await import("node:fs/promises");
    const server = await readFile(new URL("../../scripts/server.mjs", import.meta.url), "utf8");
    const mark = server.indexOf("markProductionServer(process.env)");
    expect(mark).toBeGreaterThan(-1);
    expect(mark).toBeLessThan(server.indexOf('await import("next")'));
  });
});
