import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSiteStore } from "../manifest/store";
import { tlsAsk } from "../proxy/tls-ask";
import { runGates } from "../proxy/run";
import { contextFor, UNKNOWN } from "../proxy/test-fixtures";
import { apiRoute } from "./api-route";
import { isLoopbackHost, tlsAskAnswer, tlsAskRoute } from "./tls-ask";

// The sample dealers, read once while the file is imported.
const store = buildSiteStore(path.resolve(import.meta.dirname, "../../manifests"));
const GET = apiRoute(tlsAskRoute(() => store));
const ask = (domain: string | null, host = "127.0.0.1:3000") =>
  GET(new Request(`http://127.0.0.1:3000/api/tls-ask${domain === null ? "" : `?domain=${encodeURIComponent(domain)}`}`, { headers: { host } }));

describe("tlsAskAnswer", () => {
  it("says yes to exactly the dealers' hosts and redirect hosts", () => {
    for (const host of ["www.sunshinechery.com.au", "sunshinechery.com.au", "www.harbourmotorgroup.com.au", "harbourmotorgroup.com.au", "WWW.TWGGROUP.COM.AU."])
      expect(tlsAskAnswer(host, store), host).toEqual({ status: 200, host: host.toLowerCase().replace(/\.$/, "") });
  });

  it("says no to the directory, the platform's own names, previews and unlisted domains", () => {
    for (const host of ["localhost", "sunshine-chery.localhost", "coast-chery.preview.localhost", "127.0.0.1", "www.example.com", "sunshinechery.com"])
      expect(tlsAskAnswer(host, store).status, host).toBe(404);
  });

  it("refuses a missing domain or one that is not a host name, saying what is wrong", () => {
    expect(tlsAskAnswer(null, store)).toMatchObject({ status: 400, message: expect.stringContaining("?domain=") });
    for (const bad of ["a b.com", "evil.example/x", "x:443", "-a.com", "a".repeat(300)]) expect(tlsAskAnswer(bad, store).status, bad).toBe(400);
  });
});

describe("GET /api/tls-ask", () => {
  it("answers 200 or 404 on a loopback host, as Caddy's ask expects", async () => {
    expect((await ask("harbourmotorgroup.com.au")).status).toBe(200);
    expect((await ask("www.sunshinechery.com.au", "localhost:3000")).status).toBe(200);
    expect((await ask("[::1]", "[::1]:3000")).status).toBe(400);
    const no = await ask("www.not-ours.com.au");
    expect(no.status).toBe(404);
    expect(await no.json()).toMatchObject({ message: "The platform serves no site at www.not-ours.com.au." });
    expect((await ask(null)).status).toBe(400);
  });

  it("is 404 on a dealer's host (only the machine's own proxy asks)", async () => {
    expect((await ask("www.sunshinechery.com.au", "www.sunshinechery.com.au")).status).toBe(404);
  });
});

describe("gate: the TLS ask on loopback", () => {
  it("lets the ask through on a loopback host even when localhost picks no site (directory off)", () => {
    const context = contextFor(UNKNOWN, "/api/tls-ask?domain=x.com.au", { host: "127.0.0.1:3000" });
    expect(tlsAsk(context)).toEqual({ kind: "next", headers: { "cache-control": "no-store" } });
    expect(runGates(context)).toEqual({ kind: "next", headers: { "cache-control": "no-store" } });
  });

  it("passes on other paths and other hosts", () => {
    expect(tlsAsk(contextFor(UNKNOWN, "/api/tls-ask", { host: "www.not-a-dealer.example" }))).toBeNull();
    expect(tlsAsk(contextFor(UNKNOWN, "/api/other", { host: "localhost:3000" }))).toBeNull();
    expect(isLoopbackHost("localhost.evil.example")).toBe(false);
  });
});
