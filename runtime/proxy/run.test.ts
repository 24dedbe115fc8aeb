import { afterEach, describe, expect, it, vi } from "vitest";
import type { Decision, Gate } from "./gate";
import { GATES } from "./gates";
import { runGates, toResponse } from "./run";
import { contextFor, DIRECTORY, siteTenant, UNKNOWN } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

afterEach(() => vi.unstubAllEnvs());

const answer = (status: number): Decision => ({ kind: "answer", status, body: String(status), headers: {} });

describe("runGates", () => {
  it("returns the first gate's decision and asks no later gate", () => {
    const later = vi.fn<Gate>(() => answer(500));
    const passes = vi.fn<Gate>(() => null);
    const context = contextFor(DIRECTORY, "/");
    expect(runGates(context, [passes, () => answer(418), later])).toEqual(answer(418));
    expect(passes).toHaveBeenCalledWith(context);
    expect(later).not.toHaveBeenCalled();
  });

  it("lets a request through unchanged when no gate decides", () => {
    expect(runGates(contextFor(DIRECTORY, "/"), [() => null, () => null])).toEqual({ kind: "next" });
    expect(runGates(contextFor(DIRECTORY, "/"), [])).toEqual({ kind: "next" });
  });

  it("runs the gates in their order: an internal path on an unknown host is the internal 404, not 'site not found'", () => {
    const decision = runGates(contextFor(UNKNOWN, "/_cached/http/x/v/cars/a", { host: "www.not-a-dealer.example" }));
    expect(decision).toMatchObject({ kind: "answer", status: 404, body: expect.stringContaining("Page not found") });
    // The same gates the other way round answer differently: the order is part of the rules.
    expect(runGates(contextFor(UNKNOWN, "/_cached/x"), [...GATES].reverse())).toMatchObject({ body: expect.stringContaining("Site not found") });
  });

  it("never gives an unknown host a dealer's or the directory's answer", () => {
    for (const p of ["/", "/studio", "/preview/coast-chery", "/blocks", "/cars/2021-mg-zs-abc123", "/api/revalidate"])
      expect(runGates(contextFor(UNKNOWN, p, { host: "www.not-a-dealer.example" })), p).toMatchObject({
        kind: "answer",
        status: 404,
        body: expect.stringContaining("There is no dealer website at this address."),
      });
  });

  it("checks the studio secret before the directory's catch-all, and the working copy before the plain preview", () => {
    vi.stubEnv("STUDIO_SECRET", "s3cret");
    expect(runGates(contextFor(DIRECTORY, "/studio"))).toMatchObject({ status: 401 });
    const copy = runGates(contextFor({ ...site, preview: "studio-sunshine-chery" }, "/"));
    expect(copy).toMatchObject({ kind: "next", headers: { "x-dealer-csp": expect.stringContaining('"ancestors":["http://localhost:3000"]') } });
  });
});

describe("toResponse", () => {
  const url = "http://127.0.0.1:3000/cars/x?a=1";

  it("answers with the decision's status, headers and body", async () => {
    const res = toResponse(
      { kind: "answer", status: 503, body: "<p>x</p>", headers: { "content-type": "text/html; charset=utf-8", "retry-after": "60" } },
      url,
    );
    expect(res.status).toBe(503);
    expect(Object.fromEntries(res.headers)).toEqual({ "content-type": "text/html; charset=utf-8", "retry-after": "60" });
    expect(await res.text()).toBe("<p>x</p>");
  });

  it("redirects to the location", () => {
    const res = toResponse({ kind: "redirect", location: "http://a.preview.localhost:3000/cars?x=1", status: 307 }, url);
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("http://a.preview.localhost:3000/cars?x=1");
  });

  it("rewrites to the target on the request's origin, with the headers", () => {
    const res = toResponse({ kind: "rewrite", target: "/_studio/site/a?x=1", headers: { "x-robots-tag": "noindex" } }, url);
    expect(res.headers.get("x-middleware-rewrite")).toBe("http://127.0.0.1:3000/_studio/site/a?x=1");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
  });

  it("lets the request through, with the headers when there are any", () => {
    expect(Object.fromEntries(toResponse({ kind: "next" }, url).headers)).toEqual({ "x-middleware-next": "1" });
    const res = toResponse({ kind: "next", headers: { "x-paint-first": "1" } }, url);
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(res.headers.get("x-paint-first")).toBe("1");
  });
});
