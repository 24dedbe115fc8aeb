import { describe, expect, it } from "vitest";
import { describeEachDb } from "../db/testing";
import type { Db } from "../db";
import { issuePreviewGrant, PREVIEW_COOKIE, PREVIEW_GRANT_PARAM, PREVIEW_GRANT_TTL_MS, previewGuard, previewRedirect, previewTargetOf } from "./preview-access";
import type { StudioMode } from "./access";

const LINK: StudioMode = { kind: "link" };
const HOST = "studio-sunshine-chery.preview.localhost:3460";
const url = (path: string) => new URL(`http://${HOST}${path}`);
const withCookie = (cookie?: string) => new Headers(cookie ? { cookie } : {});
/** The cookie's `name=value` from a Set-Cookie header. */
const cookieOf = (setCookie: string) => setCookie.split(";")[0];

describe("what a preview host shows, for mayEdit", () => {
  it("names the dealer, draft or template behind each kind of preview name", () => {
    expect(previewTargetOf("studio-sunshine-chery")).toEqual({ kind: "dealer", name: "sunshine-chery" });
    expect(previewTargetOf("studio--draft-coast-chery")).toEqual({ kind: "draft", name: "coast-chery" });
    expect(previewTargetOf("studio--template-dealer-base")).toEqual({ kind: "template", name: "dealer-base" });
    expect(previewTargetOf("coast-chery")).toEqual({ kind: "draft", name: "coast-chery" });
    expect(previewTargetOf("studio--other-x")).toBeNull();
    expect(previewTargetOf("../x")).toBeNull();
  });
});

describeEachDb("preview hosts answer only a studio editor", { empty: ["studio_sessions"] }, (db: Db) => {
  const deps = (now = new Date(), mode: StudioMode = LINK) => ({ mode, db: async () => db, now: () => now });

  it("refuses a request without a grant or cookie with a page that shows nothing of the draft (401)", async () => {
    const answer = await previewGuard(HOST, url("/about-us"), withCookie(), deps());
    expect(answer).toMatchObject({ kind: "answer", status: 401 });
    expect(answer?.body).toContain("This preview is for studio staff");
    expect(await previewGuard(HOST, url("/"), withCookie(`${PREVIEW_COOKIE}=${"A".repeat(43)}`), deps())).toMatchObject({ status: 401 });
  });

  it("leaves other hosts alone, opens previews where the studio is open and closes them where it is closed", async () => {
    expect(await previewGuard("sunshine-chery.localhost:3460", url("/"), withCookie(), deps())).toBeNull();
    expect(await previewGuard("localhost:3460", url("/"), withCookie(), deps())).toBeNull();
    expect(await previewGuard(HOST, url("/"), withCookie(), deps(new Date(), { kind: "open" }))).toBeNull();
    expect(await previewGuard(HOST, url("/"), withCookie(), deps(new Date(), { kind: "closed", reason: "x" }))).toMatchObject({ status: 401 });
  });

  it("takes a grant once: a redirect without it, setting a partitioned host-only cookie that then lets this preview host in", async () => {
    const grant = await issuePreviewGrant(db, "studio-sunshine-chery");
    const opened = await previewGuard(HOST, url(`/cars?colour=White&${PREVIEW_GRANT_PARAM}=${grant}`), withCookie(), deps());
    expect(opened).toMatchObject({ kind: "answer", status: 303, headers: { location: `http://${HOST}/cars?colour=White` } });
    const setCookie = opened!.headers["set-cookie"];
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=None/);
    expect(setCookie).toMatch(/Partitioned/);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(await previewGuard(HOST, url("/cars?colour=White"), withCookie(cookieOf(setCookie)), deps())).toBeNull();
    // The grant is spent; the cookie is for this preview host only.
    expect(await previewGuard(HOST, url(`/?${PREVIEW_GRANT_PARAM}=${grant}`), withCookie(), deps())).toMatchObject({ status: 401 });
    expect(await previewGuard("coast-chery.preview.localhost:3460", url("/"), withCookie(cookieOf(setCookie)), deps())).toMatchObject({ status: 401 });
  });

  it("refuses a grant for another preview host or one past its two minutes", async () => {
    const other = await issuePreviewGrant(db, "coast-chery");
    expect(await previewGuard(HOST, url(`/?${PREVIEW_GRANT_PARAM}=${other}`), withCookie(), deps())).toMatchObject({ status: 401 });
    const old = new Date("2026-01-01T00:00:00Z");
    const late = await issuePreviewGrant(db, "studio-sunshine-chery", old);
    const after = new Date(old.getTime() + PREVIEW_GRANT_TTL_MS + 1);
    expect(await previewGuard(HOST, url(`/?${PREVIEW_GRANT_PARAM}=${late}`), withCookie(), deps(after))).toMatchObject({ status: 401 });
  });

  it("the studio's preview path answers a 303 to the preview host on the request's port with a fresh grant", async () => {
    const request = new Request("http://localhost:3460/_studio/preview/studio-sunshine-chery/about-us?x=1", { headers: { host: "localhost:3460" } });
    const answer = await previewRedirect(db, "studio-sunshine-chery", ["about-us"], request);
    expect(answer.status).toBe(303);
    const to = new URL(answer.headers.get("location")!);
    expect(to.origin).toBe("http://studio-sunshine-chery.preview.localhost:3460");
    expect(to.pathname).toBe("/about-us");
    expect(to.searchParams.get("x")).toBe("1");
    const grant = to.searchParams.get(PREVIEW_GRANT_PARAM)!;
    expect(await previewGuard(HOST, to, withCookie(), deps())).toMatchObject({ status: 303 });
    expect(grant).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await previewRedirect(db, "studio--other-x", [], request)).status).toBe(404);
  });
});
