import { describe, expect, it } from "vitest";
import { hostPort, requestHost, requestOrigin, requestProto, withPort } from "./origin";

describe("request origin", () => {
  it("passes on only http or https, whatever X-Forwarded-Proto holds", () => {
    expect(requestProto(new Headers({ "x-forwarded-proto": "https" }))).toBe("https");
    expect(requestProto(new Headers({ "x-forwarded-proto": "https, http" }))).toBe("https");
    expect(requestProto(new Headers({ "x-forwarded-proto": "javascript" }))).toBe("http");
    expect(requestProto(new Headers({ "x-forwarded-proto": "gopher" }), "https://x/")).toBe("https");
    expect(requestProto(new Headers())).toBe("http");
  });
  it("takes the forwarded host, else Host, lower-cased", () => {
    expect(requestHost(new Headers({ host: "A.localhost:3000" }))).toBe("a.localhost:3000");
    expect(requestHost(new Headers({ host: "a", "x-forwarded-host": "WWW.Example.com, other" }))).toBe("www.example.com");
    expect(requestOrigin(new Headers({ host: "a.localhost", "x-forwarded-proto": "https, http" }))).toBe("https://a.localhost");
  });
  it("reads the port off a host, and adds it to an origin only when there is one", () => {
    expect(hostPort("sunshine-chery.localhost:3000")).toBe("3000");
    expect(hostPort("[::1]:3101")).toBe("3101");
    expect(hostPort("www.example.com.au")).toBe("");
    expect(hostPort("[::1]")).toBe("");
    expect(hostPort(null)).toBe("");
    expect(withPort("http://localhost", "3000")).toBe("http://localhost:3000");
    expect(withPort("http://localhost", "")).toBe("http://localhost");
  });
});
