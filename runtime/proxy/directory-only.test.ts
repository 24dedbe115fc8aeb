import { afterEach, describe, expect, it, vi } from "vitest";
import { plainPage } from "@/runtime/render/plain-page";
import { directoryOnly } from "./directory-only";
import { contextFor, DIRECTORY, siteTenant } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

describe("gate: the directory host's own paths", () => {
  it("answers 404 pointing at the list for any other path on the directory host", () => {
    for (const p of ["/about", "/cars/x", "/blocks/hero/x", "/blocks/Hero", "/api/leads", "/studio/a/b/c"])
      expect(directoryOnly(contextFor(DIRECTORY, p)), p).toEqual({
        kind: "answer",
        status: 404,
        body: plainPage("Site not found", "Open a dealer site from the list at /."),
        headers: { "content-type": "text/html; charset=utf-8" },
      });
  });

  it("passes on the list, the block catalogue and /api/revalidate, and every path on a dealer's host", () => {
    for (const p of ["/", "/blocks", "/blocks/hero", "/api/revalidate", "/api/media/dealers/x/logo-1.png"])
      expect(directoryOnly(contextFor(DIRECTORY, p)), p).toBeNull();
    expect(directoryOnly(contextFor(site, "/about"))).toBeNull();
  });

  describe("the local inbox", () => {
    afterEach(() => vi.unstubAllEnvs());
    const notFound = {
      kind: "answer",
      status: 404,
      body: plainPage("Site not found", "Open a dealer site from the list at /."),
      headers: { "content-type": "text/html; charset=utf-8" },
    };

    it("passes /inbox on the directory host while the local stand-ins keep messages", () => {
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("AUTH_LOCAL_OUTBOX", "on");
      expect(directoryOnly(contextFor(DIRECTORY, "/inbox"))).toBeNull();
    });

    it("answers 404 for /inbox in production without the switch, or with a real provider", () => {
      vi.stubEnv("NODE_ENV", "production");
      vi.stubEnv("AUTH_LOCAL_OUTBOX", "");
      expect(directoryOnly(contextFor(DIRECTORY, "/inbox"))).toEqual(notFound);
      vi.stubEnv("AUTH_LOCAL_OUTBOX", "on");
      vi.stubEnv("SMTP_URL", "smtp://mail.example");
      expect(directoryOnly(contextFor(DIRECTORY, "/inbox"))).toEqual(notFound);
    });
  });
});
