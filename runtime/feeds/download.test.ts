import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadFeed, isPublicAddress } from "./download";

// A plain-HTTP stand-in for the feed's server; the download's own checks (https only, public
// addresses, redirects, size) run on the URLs it is given, and only the last step, the request to
// a vetted address, is redirected here.
let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/redirect-private") return res.writeHead(302, { location: "https://intranet.dealer.example/stock.csv" }).end();
    if (req.url === "/redirect-http") return res.writeHead(302, { location: "http://dms.example.com/stock.csv" }).end();
    if (req.url === "/big") return res.writeHead(200).end("x".repeat(5_000));
    if (req.url === "/missing") return res.writeHead(404).end();
    res.writeHead(200).end("Stock No,Make\r\nA1,Kia\r\n");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const resolve = async (host: string) =>
  host === "intranet.dealer.example" ? ["10.1.2.3"] : host === "localhost.dealer.example" ? ["127.0.0.1"] : ["203.0.113.10"];
const get = (url: URL) => new Promise<http.IncomingMessage>((ok, fail) => http.get(`http://127.0.0.1:${port}${url.pathname}`, ok).on("error", fail));
const options = { maxBytes: 1_000, resolve, get };

describe("isPublicAddress", () => {
  it("allows public unicast only", () => {
    expect(["203.0.113.10", "8.8.8.8", "2606:4700::1111"].map(isPublicAddress)).toEqual([false, true, true]);
    expect(
      ["127.0.0.1", "10.0.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "::1", "fd00::1", "::ffff:10.0.0.1", "nonsense"].some(isPublicAddress),
    ).toBe(false);
  });
});

describe("downloadFeed", () => {
  const publicOnly = { ...options, allowAddress: (a: string) => a === "203.0.113.10" || isPublicAddress(a) };

  it("downloads the file from a public https address", async () => {
    const body = await downloadFeed("https://dms.example.com/stock.csv", publicOnly);
    expect(new TextDecoder().decode(body)).toContain("A1,Kia");
  });

  it("refuses http, a private host, a redirect to a private host or to http, a server error and a file over the cap", async () => {
    await expect(downloadFeed("http://dms.example.com/stock.csv", publicOnly)).rejects.toThrow(/must start with https/);
    await expect(downloadFeed("https://localhost.dealer.example/stock.csv", publicOnly)).rejects.toThrow(/private or local address/);
    await expect(downloadFeed("https://10.0.0.8/stock.csv", publicOnly)).rejects.toThrow(/private or local address/);
    await expect(downloadFeed("https://dms.example.com/redirect-private", publicOnly)).rejects.toThrow(/intranet.dealer.example is a private or local address/);
    await expect(downloadFeed("https://dms.example.com/redirect-http", publicOnly)).rejects.toThrow(/redirected to must start with https/);
    await expect(downloadFeed("https://dms.example.com/missing", publicOnly)).rejects.toThrow(/answered 404/);
    await expect(downloadFeed("https://dms.example.com/big", publicOnly)).rejects.toThrow(/limit/);
  });
});
