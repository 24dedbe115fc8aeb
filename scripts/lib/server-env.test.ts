import { execFileSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { HEAP_GROWING_PERCENT, limitHeapGrowth, SEMI_SPACE_MB, serverEnvironment } from "./server-env.mjs";

/** An environment of just these variables (Next's types require NODE_ENV of any ProcessEnv). */
const only = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
const semiSpace = `--max-semi-space-size=${SEMI_SPACE_MB}`;

describe("the server's environment", () => {
  it("gives the server two malloc arenas unless the operator chose a number", () => {
    expect(serverEnvironment(only({ PORT: "3000" }))).toEqual({ PORT: "3000", MALLOC_ARENA_MAX: "2", NODE_OPTIONS: semiSpace });
    expect(serverEnvironment(only({ MALLOC_ARENA_MAX: "4" })).MALLOC_ARENA_MAX).toBe("4");
  });

  it("adds the young generation's size to the operator's NODE_OPTIONS unless they chose one", () => {
    expect(serverEnvironment(only({ NODE_OPTIONS: " --enable-source-maps " })).NODE_OPTIONS).toBe(`--enable-source-maps ${semiSpace}`);
    expect(serverEnvironment(only({ NODE_OPTIONS: "--max-semi-space-size=32" })).NODE_OPTIONS).toBe("--max-semi-space-size=32");
  });

  it("leaves the environment it was given as it was", () => {
    const env = only({ PORT: "3000" });
    serverEnvironment(env);
    expect(env).toEqual({ PORT: "3000" });
  });
});

describe("the heap's growth", () => {
  it("is limited unless the process was started with its own", () => {
    const v8 = { setFlagsFromString: vi.fn() };
    expect(limitHeapGrowth(v8, ["--enable-source-maps"])).toBe(true);
    expect(v8.setFlagsFromString).toHaveBeenCalledWith(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    v8.setFlagsFromString.mockClear();
    expect(limitHeapGrowth(v8, ["--heap-growing-percent=50"])).toBe(false);
    expect(v8.setFlagsFromString).not.toHaveBeenCalled();
  });

  it("uses flags this Node knows, and an environment it starts with", () => {
    // V8 ignores an unknown flag set while running, so check it is one of V8's own.
    expect(execFileSync(process.execPath, ["--v8-options"], { encoding: "utf8" })).toContain("--heap-growing-percent (");
    // Node refuses to start (exit 9) with a flag NODE_OPTIONS may not carry.
    const env = serverEnvironment(only({ PATH: process.env.PATH ?? "" }));
    expect(execFileSync(process.execPath, ["-e", "console.log('started')"], { env, encoding: "utf8" }).trim()).toBe("started");
  });
});
