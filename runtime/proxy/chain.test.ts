import { afterEach, describe, expect, it, vi } from "vitest";
import { dealerCspSources } from "@/runtime/http/csp-sources";
import { plainPage } from "@/runtime/render/plain-page";
import { studioSignInPage } from "@/runtime/studio/access";
import type { Tenant } from "@/runtime/tenant";
import type { Decision } from "./gate";
import { runGates } from "./run";
import { contextFor, DIRECTORY, siteTenant, UNAVAILABLE, UNKNOWN } from "./test-fixtures";

// The whole chain (gates.ts, in order) for one representative request of each thing the proxy decides.
afterEach(() => vi.unstubAllEnvs());

const HTML = "text/html; charset=utf-8";
const site = siteTenant();
const CSP = JSON.stringify(dealerCspSources(site.manifest));

interface Row {
  name: string;
  tenant: Tenant;
  path: string;
  host?: string;
  method?: string;
  env?: Record<string, string>;
  expected: Decision;
}

const rows: Row[] = [
  {
    name: "the page cache's internal path",
    tenant: site,
    path: "/_cached/http/sunshine-chery.localhost%3A3000/v/cars/x",
    expected: {
      kind: "answer",
      status: 404,
      body: plainPage("Page not found", "There is no page at this address."),
      headers: { "content-type": HTML, "cache-control": "no-store" },
    },
  },
  {
    name: "the studio's internal path",
    tenant: DIRECTORY,
    path: "/%5Fstudio/site/sunshine-chery",
    expected: {
      kind: "answer",
      status: 404,
      body: plainPage("Page not found", "There is no page at this address."),
      headers: { "content-type": HTML, "cache-control": "no-store" },
    },
  },
  {
    name: "an unknown host",
    tenant: UNKNOWN,
    host: "www.not-a-dealer.example",
    path: "/cars/x",
    expected: {
      kind: "answer",
      status: 404,
      body: plainPage("Site not found", "There is no dealer website at this address."),
      headers: { "content-type": HTML, "cache-control": "no-store" },
    },
  },
  {
    name: "a draft with errors",
    tenant: { kind: "unavailable", slug: "no-such-draft", preview: "no-such-draft" },
    host: "no-such-draft.preview.localhost:3000",
    path: "/",
    expected: {
      kind: "answer",
      status: 200,
      body: expect.stringContaining("<title>Draft no-such-draft: 0 problems</title>"),
      headers: { "content-type": HTML, "cache-control": "no-store", "x-robots-tag": "noindex" },
    },
  },
  {
    name: "an unavailable dealer",
    tenant: UNAVAILABLE,
    host: "broken-dealer.localhost:3000",
    path: "/",
    expected: {
      kind: "answer",
      status: 503,
      body: plainPage("Site unavailable", "This website is temporarily unavailable. Please try again soon."),
      headers: { "content-type": HTML, "retry-after": "60", "cache-control": "no-store" },
    },
  },
  {
    name: "the directory's /preview/{draft}",
    tenant: DIRECTORY,
    path: "/preview/coast-chery/finance?x=1",
    expected: { kind: "redirect", location: "http://localhost:3000/studio/preview/coast-chery/finance?x=1", status: 307 },
  },
  {
    name: "the studio without its secret",
    tenant: DIRECTORY,
    path: "/studio/sunshine-chery",
    env: { STUDIO_SECRET: "s3cret-of-twenty-chars" },
    // Outside production the local inbox can take staff codes: the staff form beside the secret's.
    expected: {
      kind: "answer",
      status: 401,
      body: studioSignInPage(undefined, { kind: "secret", secret: "s3cret-of-twenty-chars", codes: true }),
      headers: { "content-type": HTML, "cache-control": "no-store" },
    },
  },
  {
    name: "the studio",
    tenant: DIRECTORY,
    path: "/studio/sunshine-chery",
    expected: {
      kind: "rewrite",
      target: "/_studio/site/sunshine-chery",
      headers: { "x-dealer-csp": '{"frame":["http://*.preview.localhost:3000"]}', "x-robots-tag": "noindex", "cache-control": "no-store" },
    },
  },
  {
    name: "another path on the directory host",
    tenant: DIRECTORY,
    path: "/cars/x",
    expected: { kind: "answer", status: 404, body: plainPage("Site not found", "Open a dealer site from the list at /."), headers: { "content-type": HTML } },
  },
  { name: "the directory's list", tenant: DIRECTORY, path: "/", expected: { kind: "next" } },
  {
    name: "the studio's working copy",
    tenant: siteTenant("sunshine-chery", "studio-sunshine-chery"),
    host: "studio-sunshine-chery.preview.localhost:3000",
    path: "/cars/2021-mg-zs-abc123",
    expected: {
      kind: "next",
      headers: { "x-robots-tag": "noindex", "x-dealer-csp": JSON.stringify({ ...dealerCspSources(site.manifest), ancestors: ["http://localhost:3000"] }) },
    },
  },
  {
    name: "a draft's preview",
    tenant: siteTenant("sunshine-chery", "coast-chery"),
    host: "coast-chery.preview.localhost:3000",
    path: "/cars/2021-mg-zs-abc123",
    expected: { kind: "next", headers: { "x-robots-tag": "noindex" } },
  },
  {
    name: "a dealer's vehicle page (cached, paints first)",
    tenant: site,
    host: "sunshine-chery.localhost:3000",
    path: "/cars/2021-mg-zs-abc123",
    expected: {
      kind: "rewrite",
      target: expect.stringMatching(/^\/_cached\/http\/sunshine-chery\.localhost%3A3000\/[a-z0-9-]+\/cars\/2021-mg-zs-abc123$/),
      headers: { "x-dealer-csp": CSP, "x-paint-first": "1" },
    },
  },
  {
    name: "a dealer's page with a form that comes to life only with the page",
    tenant: site,
    host: "sunshine-chery.localhost:3000",
    path: "/trade-in",
    expected: { kind: "next", headers: { "x-dealer-csp": CSP } },
  },
];

describe("the proxy's gates, in order", () => {
  it.each(rows)("$name", ({ tenant, path, host, method, env, expected }) => {
    for (const [k, v] of Object.entries(env ?? {})) vi.stubEnv(k, v);
    expect(runGates(contextFor(tenant, path, { host, method }))).toEqual(expected);
  });
});
