import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RESERVED_SLUGS } from "../manifest/rules/reserved-slugs";
import { isStudioInternalPath, secretMatches, studioMayPass, studioMode, studioSignInPage, studioTarget } from "./access";
import { MIN_STUDIO_SECRET_LENGTH, studioSecretProblem } from "./secret-rule.mjs";

describe("studio access", () => {
  it("is open without a secret in development, closed without one in production or with one too short, and otherwise by sign-in", () => {
    expect(studioMode(undefined, false)).toEqual({ kind: "open" });
    expect(studioMode(undefined, true, {})).toMatchObject({ kind: "closed" });
    expect(studioMode("", true, {})).toMatchObject({ kind: "closed" });
    expect(studioMode("fifteen-chars!!", false)).toEqual({
      kind: "closed",
      reason:
        "STUDIO_SECRET is 15 characters long; it must be at least 16 (a random one, for example: openssl rand -base64 24). The studio stays closed until it is.",
    });
    expect(studioMode("sixteen-chars!!!", true, {})).toEqual({ kind: "secret", secret: "sixteen-chars!!!", codes: false });
    // Staff codes beside the secret where email can be delivered; without a secret, codes alone.
    expect(studioMode("sixteen-chars!!!", true, { SMTP_URL: "smtp://mail" })).toEqual({ kind: "secret", secret: "sixteen-chars!!!", codes: true });
    expect(studioMode(undefined, true, { SMTP_URL: "smtp://mail" })).toEqual({ kind: "staff" });
    expect(studioMode(undefined, true, { AUTH_LOCAL_OUTBOX: "on" })).toEqual({ kind: "staff" });
    expect(studioMode(undefined, true, { NODE_ENV: "test" })).toMatchObject({ kind: "closed", reason: expect.stringMatching(/SMTP_URL/) });
    expect(studioSecretProblem(undefined)).toBeNull();
    expect(studioSecretProblem("x".repeat(MIN_STUDIO_SECRET_LENGTH))).toBeNull();
    expect(secretMatches("", "x")).toBe(false);
    expect(secretMatches("sixteen-chars!!!", "sixteen-chars!!!")).toBe(true);
  });

  it("lets the proxy pass a request that carries something shaped like a session id, and nothing else", () => {
    const mode = studioMode("sixteen-chars!!!", true);
    const id = "A".repeat(40) + "_-9";
    expect(studioMayPass(new Headers(), mode)).toBe(false);
    expect(studioMayPass(new Headers({ cookie: `a=1; studio-session=${id}` }), mode)).toBe(true);
    expect(studioMayPass(new Headers({ cookie: "studio-secret=sixteen-chars!!!" }), mode)).toBe(false);
    expect(studioMayPass(new Headers({ "x-studio-secret": "sixteen-chars!!!" }), mode)).toBe(false);
    expect(studioMayPass(new Headers({ cookie: `studio-session=${id}x` }), mode)).toBe(false);
    expect(studioMayPass(new Headers({ cookie: "studio-session=%ZZ" }), mode)).toBe(false);
    expect(studioMayPass(new Headers(), studioMode(undefined, false))).toBe(true);
    expect(studioMayPass(new Headers({ cookie: `studio-session=${id}` }), studioMode("short", false))).toBe(false);
  });

  it("says on the sign-in page what went wrong, escaped, tied to the field", () => {
    expect(studioSignInPage()).not.toContain('role="alert"');
    const page = studioSignInPage("That is not <the> secret.");
    expect(page).toContain('<p role="alert" id="sign-in-problem"><strong>That is not &lt;the&gt; secret.</strong></p>');
    expect(page).toContain('aria-describedby="sign-in-problem"');
  });

  it("maps the public paths to the internal route and refuses the internal one from outside", () => {
    expect(studioTarget("/studio")).toBe("/_studio");
    expect(studioTarget("/studio/sunshine-chery")).toBe("/_studio/site/sunshine-chery");
    expect(studioTarget("/studio/sunshine-chery/save")).toBe("/_studio/save/sunshine-chery");
    expect(studioTarget("/studio/sunshine-chery/theme")).toBe("/_studio/theme/sunshine-chery");
    expect(studioTarget("/studio/drafts/coast-chery/theme")).toBe("/_studio/drafts/coast-chery/theme");
    expect(studioTarget("/studio/templates/dealer-base/theme")).toBe("/_studio/templates/dealer-base/theme");
    expect(studioTarget("/studio/harbour-motor-group/feed")).toBe("/_studio/feeds/harbour-motor-group");
    expect(studioTarget("/studio/harbour-motor-group/feed/upload")).toBe("/_studio/feeds/harbour-motor-group/upload");
    expect(studioTarget("/studio/harbour-motor-group/feed/mapping")).toBe("/_studio/feeds/harbour-motor-group/mapping");
    expect(studioTarget("/studio/harbour-motor-group/feed/other")).toBeNull();
    // A draft's feed screen and picture upload, under its own address (never taken for a dealer named "drafts").
    expect(studioTarget("/studio/drafts/peel-valley/feed")).toBe("/_studio/drafts/peel-valley/feed");
    expect(studioTarget("/studio/drafts/peel-valley/feed/")).toBe("/_studio/drafts/peel-valley/feed");
    expect(studioTarget("/studio/drafts/peel-valley/feed/upload")).toBe("/_studio/drafts/peel-valley/feed/upload");
    expect(studioTarget("/studio/drafts/peel-valley/feed/mapping")).toBe("/_studio/drafts/peel-valley/feed/mapping");
    expect(studioTarget("/studio/drafts/peel-valley/upload")).toBe("/_studio/drafts/peel-valley/upload");
    expect(studioTarget("/studio/drafts/peel-valley/feed/other")).toBeNull();
    expect(studioTarget("/studio/drafts/../feed")).toBeNull();
    expect(studioTarget("/studio/templates/dealer-base/upload")).toBeNull();
    expect(studioTarget("/studio/sign-in")).toBe("/_studio/sign-in");
    expect(studioTarget("/studio/drafts/coast-chery")).toBe("/_studio/drafts/coast-chery");
    expect(studioTarget("/studio/drafts/coast-chery/check")).toBe("/_studio/drafts/coast-chery/check");
    expect(studioTarget("/studio/drafts/coast-chery/publish")).toBe("/_studio/drafts/coast-chery/publish");
    expect(studioTarget("/studio/templates/franchise/publish")).toBeNull();
    expect(studioTarget("/studio/templates/dealer-base/save")).toBe("/_studio/templates/dealer-base/save");
    expect(studioTarget("/studio/templates/../manifests")).toBeNull();
    expect(studioTarget("/studio/drafts/a.json")).toBeNull();
    expect(studioTarget("/studio/../x")).toBeNull();
    expect(studioTarget("/studios")).toBeNull();
    expect(studioTarget("/studio/preview/studio-sunshine-chery")).toBe("/_studio/preview/studio-sunshine-chery");
    expect(studioTarget("/studio/preview/coast-chery/cars/a%20b")).toBe("/_studio/preview/coast-chery/cars/a%20b");
    for (const climbing of ["/studio/preview/x/../../site/y", "/studio/preview/x/%2e%2e/staff", "/studio/preview/x/.%2E/y", "/studio/preview/X/y"])
      expect(studioTarget(climbing), climbing).toBeNull();
    expect(isStudioInternalPath("/_studio/site/x")).toBe(true);
    expect(isStudioInternalPath("/%5Fstudio")).toBe(true);
    expect(isStudioInternalPath("/%255FSTUDIO")).toBe(true);
    expect(isStudioInternalPath("/studio")).toBe(false);
  });

  it("every studio path name a dealer's slug could collide with is a reserved slug (the new-dealer form and the manifest rule refuse it)", () => {
    // A slug is shadowed when /studio/{slug} or one of its posts reaches something other than that dealer.
    const shadowed = (slug: string) =>
      studioTarget(`/studio/${slug}`) !== `/_studio/site/${slug}` ||
      ["check", "save", "history", "rollback", "upload", "theme"].some((post) => studioTarget(`/studio/${slug}/${post}`) !== `/_studio/${post}/${slug}`);
    for (const slug of ["new", "staff", "sign-in", "preview", "drafts", "templates"]) {
      expect(shadowed(slug), slug).toBe(true);
      expect(RESERVED_SLUGS.has(slug), slug).toBe(true);
    }
    for (const slug of ["sunshine-chery", "new-england-motors", "staffords"]) expect(shadowed(slug), slug).toBe(false);
    // The internal routes' own folder names (app/%5Fstudio/…) are reserved too, so an address never reads as both.
    const folders = readdirSync(path.resolve(import.meta.dirname, "..", "..", "app", "%5Fstudio"), { withFileTypes: true }).filter((d) => d.isDirectory());
    for (const f of folders) if (shadowed(f.name)) expect(RESERVED_SLUGS.has(f.name), f.name).toBe(true);
  });

  it("keeps the production server from starting with a secret too short, saying why (before Next loads)", () => {
    const server = path.resolve(import.meta.dirname, "..", "..", "scripts", "server.mjs");
    const run = spawnSync(process.execPath, [server, "-p", "0"], { env: { ...process.env, STUDIO_SECRET: "tooshort" }, encoding: "utf8", timeout: 30_000 });
    expect(run.status).toBe(1);
    const line = JSON.parse((run.stdout + run.stderr).trim().split("\n").pop()!);
    expect(line).toMatchObject({ level: "error", event: "studio-secret-too-short" });
    expect(line.msg).toMatch(/^STUDIO_SECRET is 8 characters long; it must be at least 16/);
    expect(run.stdout + run.stderr).not.toContain("tooshort");
  });
});
