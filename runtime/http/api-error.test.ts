import { describe, expect, it } from "vitest";
import { apiError, apiErrorBody } from "./api-error.mjs";

describe("apiError", () => {
  it("answers with the message, the status and the fields at fault, as JSON never cached", async () => {
    const res = apiError(400, "Please check the form.", [{ field: "email", message: "Please enter a valid email" }], { "retry-after": "3" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("retry-after")).toBe("3");
    expect(await res.json()).toEqual({ message: "Please check the form.", status: 400, errors: [{ field: "email", message: "Please enter a valid email" }] });
  });

  it("gives the server the same words as text, with no fields at fault by default", () => {
    expect(JSON.parse(apiErrorBody(429, "Too many requests."))).toEqual({ message: "Too many requests.", status: 429, errors: [] });
  });
});
