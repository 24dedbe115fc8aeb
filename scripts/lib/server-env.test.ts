import { describe, expect, it } from "vitest";
import { serverEnvironment } from "./server-env.mjs";

/** An environment of just these variables (Next's types require NODE_ENV of any ProcessEnv). */
const only = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;

describe("the server's environment", () => {
  it("gives the server two malloc arenas unless the operator chose a number", () => {
    expect(serverEnvironment(only({ PORT: "3000" }))).toEqual({ PORT: "3000", MALLOC_ARENA_MAX: "2" });
    expect(serverEnvironment(only({ MALLOC_ARENA_MAX: "4" }))).toEqual({ MALLOC_ARENA_MAX: "4" });
  });

  it("leaves the environment it was given as it was", () => {
    const env = only({ PORT: "3000" });
    serverEnvironment(env);
    expect(env).toEqual({ PORT: "3000" });
  });
});
