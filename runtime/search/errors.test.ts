import { describe, expect, it } from "vitest";
import { SearchRequestError, indexDoesNotExist } from "./errors";

describe("SearchRequestError", () => {
  it("defaults to 400 and keeps message", () => {
    const e = new SearchRequestError("filters: bad");
    expect(e.status).toBe(400);
    expect(e.message).toBe("filters: bad");
    expect(e).toBeInstanceOf(Error);
  });
  it("unknown index is a 404 with Algolia's message", () => {
    const e = indexDoesNotExist();
    expect([e.status, e.message]).toEqual([404, "Index does not exist"]);
  });
});
