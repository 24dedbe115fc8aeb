import { describe, expect, it } from "vitest";
import { isStudioInternalPath, secretMatches, studioAllowed, studioTarget } from "./access";

describe("studio access", () => {
  it("is open without a secret in development, closed without one in production, and needs the cookie or header with one", () => {
    expect(studioAllowed(new Headers(), undefined, false)).toBe(true);
    expect(studioAllowed(new Headers(), undefined, true)).toBe(false);
    expect(studioAllowed(new Headers({ "x-studio-secret": "" }), "", true)).toBe(false);
    expect(studioAllowed(new Headers(), "s3cret")).toBe(false);
    expect(studioAllowed(new Headers({ cookie: "a=1; studio-secret=s3cret" }), "s3cret")).toBe(true);
    expect(studioAllowed(new Headers({ "x-studio-secret": "s3cret" }), "s3cret")).toBe(true);
    expect(studioAllowed(new Headers({ "x-studio-secret": "s3cre" }), "s3cret")).toBe(false);
    expect(secretMatches("", "x")).toBe(false);
  });

  it("maps the public paths to the internal route and refuses the internal one from outside", () => {
    expect(studioTarget("/studio")).toBe("/_studio");
    expect(studioTarget("/studio/sunshine-chery")).toBe("/_studio/site/sunshine-chery");
    expect(studioTarget("/studio/sunshine-chery/save")).toBe("/_studio/save/sunshine-chery");
    expect(studioTarget("/studio/sign-in")).toBe("/_studio/sign-in");
    expect(studioTarget("/studio/drafts/coast-chery")).toBe("/_studio/drafts/coast-chery");
    expect(studioTarget("/studio/drafts/coast-chery/check")).toBe("/_studio/drafts/coast-chery/check");
    expect(studioTarget("/studio/templates/dealer-base/save")).toBe("/_studio/templates/dealer-base/save");
    expect(studioTarget("/studio/templates/../manifests")).toBeNull();
    expect(studioTarget("/studio/drafts/a.json")).toBeNull();
    expect(studioTarget("/studio/../x")).toBeNull();
    expect(studioTarget("/studios")).toBeNull();
    expect(isStudioInternalPath("/_studio/site/x")).toBe(true);
    expect(isStudioInternalPath("/%5Fstudio")).toBe(true);
    expect(isStudioInternalPath("/%255FSTUDIO")).toBe(true);
    expect(isStudioInternalPath("/studio")).toBe(false);
  });
});
