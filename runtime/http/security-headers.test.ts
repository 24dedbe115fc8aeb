import { describe, expect, it } from "vitest";
import { baseSecurityHeaders, contentSecurityPolicy, parseDealerSources } from "./security-headers.mjs";

describe("contentSecurityPolicy", () => {
  it("allows this origin and the listed inline scripts' hashes, never unsafe-eval or unsafe-inline scripts, and no framing by default", () => {
    const csp = contentSecurityPolicy({ scriptHashes: ["abc="] });
    const script = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(script).toBe("script-src 'self' 'sha256-abc='");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("googleapis");
  });
  it("adds a dealer's sources and embedders", () => {
    const csp = contentSecurityPolicy({
      dealer: { script: ["https://js.stripe.com"], frame: ["https://js.stripe.com"], ancestors: ["https://group.example.com"] },
    });
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-ancestors https://group.example.com");
  });
});

describe("img-src", () => {
  const img = (csp: string) => csp.split("; ").find((d) => d.startsWith("img-src"));
  it("allows pictures from this origin, data: and the dealer's listed picture hosts only, when the proxy could list them", () => {
    expect(img(contentSecurityPolicy({ dealer: { imgHosts: ["https://cdn.dealer.example"] } }))).toBe("img-src 'self' data: blob: https://cdn.dealer.example");
    expect(img(contentSecurityPolicy({ dealer: { imgHosts: [] } }))).toBe("img-src 'self' data: blob:");
    // Maps adds its tile hosts.
    expect(img(contentSecurityPolicy({ dealer: { imgHosts: [], img: ["https://*.gstatic.com"] } }))).toBe("img-src 'self' data: blob: https://*.gstatic.com");
    // Unknown hosts (no dealer, or too many to list): any https picture, as before.
    expect(img(contentSecurityPolicy({}))).toBe("img-src 'self' data: blob: https:");
    expect(parseDealerSources(JSON.stringify({ imgHosts: ["https://cdn.dealer.example", "https://x; script-src *"] }))).toEqual({
      imgHosts: ["https://cdn.dealer.example"],
    });
  });
});

describe("parseDealerSources", () => {
  it("keeps https origins only and survives junk", () => {
    expect(parseDealerSources(JSON.stringify({ script: ["https://js.stripe.com", "'unsafe-eval'", "http://x.example", "https://a.b; script-src *"] }))).toEqual(
      {
        script: ["https://js.stripe.com"],
      },
    );
    // Plain http only for the studio and its preview frames on localhost.
    expect(
      parseDealerSources(
        JSON.stringify({ frame: ["http://*.preview.localhost:3000", "http://*.localhost", "http://localhost.evil.com"], ancestors: ["http://localhost:3000"] }),
      ),
    ).toEqual({ frame: ["http://*.preview.localhost:3000"], ancestors: ["http://localhost:3000"] });
    expect(parseDealerSources("{not json")).toEqual({});
    expect(parseDealerSources(undefined)).toEqual({});
  });
});

describe("baseSecurityHeaders", () => {
  it("sends HSTS only over https and X-Frame-Options only when nobody may frame the site", () => {
    const h = baseSecurityHeaders(true, false);
    expect(h).toMatchObject({ "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin", "x-frame-options": "DENY" });
    expect(h["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(baseSecurityHeaders(false, true)).not.toHaveProperty("strict-transport-security");
    expect(baseSecurityHeaders(false, true)).not.toHaveProperty("x-frame-options");
    expect(h["permissions-policy"]).toContain("camera=()");
  });
});
