import { describe, expect, it } from "vitest";
import { clip, logLine, MAX_LOGGED_VALUE } from "./log.mjs";

describe("clip", () => {
  it("cuts client values short and says how long they were", () => {
    const long = "/cars/" + "a".repeat(10_000);
    const c = clip(long);
    expect(c.length).toBeLessThan(MAX_LOGGED_VALUE + 30);
    expect(c).toContain("(10006 chars)");
  });
  it("shows control characters instead of writing them", () => {
    expect(clip("a\r\nb\u0000")).toBe("a\\u000d\\u000ab\\u0000");
  });
});

describe("logLine", () => {
  it("is one line of JSON whatever the fields hold", () => {
    const line = logLine("info", "request", { id: "r1", path: '/x\n{"forged":true}', status: 400 }, new Date("2026-01-01T00:00:00Z"));
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({
      time: "2026-01-01T00:00:00.000Z",
      level: "info",
      event: "request",
      id: "r1",
      path: '/x\\u000a{"forged":true}',
      status: 400,
    });
  });

  it("keeps an app message longer than a field, still cut short", () => {
    const parsed = JSON.parse(logLine("info", "app", { msg: "m".repeat(10_000), path: "p".repeat(10_000) }));
    expect(parsed.msg.length).toBeLessThan(4100);
    expect(parsed.msg.length).toBeGreaterThan(3900);
    expect(parsed.path.length).toBeLessThan(300);
  });
});
