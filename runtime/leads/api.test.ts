import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/types";
import { dbVariants, resetLeadTables } from "../db/testing";
import { createLimiters } from "../http/rate-limit";
import { API_MESSAGES } from "../http/api-route";
import { MESSAGES } from "./messages";
import { RateLimiter, clientIp } from "./rate-limit";
import { postLead, postRequest, sampleTenant, validEnquiry, WEBHOOK_FORMS } from "./test-fixtures";

const harbour = sampleTenant("harbour-motor-group", WEBHOOK_FORMS); // 3 dealerships, 4 locations
const sunshine = sampleTenant("sunshine-chery", WEBHOOK_FORMS); // 1 dealership, 1 location
const twg = sampleTenant("twg-group", WEBHOOK_FORMS);

for (const variant of dbVariants()) {
  describe.skipIf(variant.skip)(`POST /api/leads (${variant.name})`, () => {
    let db: Db;
    const deps = (): Parameters<typeof postLead>[2] => ({ db });
    const post = async (tenant: typeof harbour, body: unknown, headers: Record<string, string> = {}, d = deps()) => {
      const res = await postLead(postRequest(body, headers), tenant, d);
      return { status: res.status, body: (await res.json()) as any, headers: res.headers };
    };
    const count = async (table: string) => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

    beforeAll(async () => {
      db = await variant.open();
    }, 60_000);
    afterAll(() => variant.close(db));
    beforeEach(() => resetLeadTables(db));

    it("stores a lead bound to the dealer and enqueues one delivery per destination (201)", async () => {
      const r = await post(harbour, validEnquiry({ location_id: 2021 }));
      expect(r.status).toBe(201);
      expect(r.body).toEqual({ lead_id: expect.stringMatching(/^[0-9a-f-]{36}$/), lead_status: "Complete", form_completed: true });
      expect(r.headers.get("x-lead-id")).toBe(r.body.lead_id);
      const [row] = await db.query<any>("SELECT * FROM leads");
      expect(row).toMatchObject({
        id: r.body.lead_id,
        dealer_slug: "harbour-motor-group",
        dealership_id: 202,
        location_id: 2021,
        category: "General Enquiry",
        status: "Complete",
        form_completed: true,
      });
      expect(row.payload).toMatchObject({
        name: "Jane",
        email: "jane@example.com.au",
        lead_status: "Complete",
        form_completed: true,
        dealership_slug: "harbour-mazda",
        PreferredContactMethod: "Phone",
      });
      const deliveries = await db.query<any>("SELECT * FROM lead_deliveries");
      expect(deliveries).toEqual([expect.objectContaining({ lead_id: r.body.lead_id, destination: "crm", status: "pending", attempts: 0 })]);
    });

    it("400 lists every field at fault with the spec's messages", async () => {
      const r = await post(harbour, { form: "enquiry", postcode: "41", email: "x" });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("Please fix the following errors:");
      expect(r.body.errors).toEqual([
        { field: "category", message: "Please select an enquiry type" },
        { field: "name", message: "Please enter your first name" },
        { field: "email", message: "Please enter a valid email address" },
        { field: "phone", message: "Please enter a valid phone number" },
        { field: "postcode", message: "Invalid postcode. Please enter a 4-digit number." },
        { field: "message", message: "Please enter your comments" },
      ]);
      expect(await count("leads")).toBe(0);
    });

    it("400 (never 5xx) for invalid JSON, a non-object body or a bad Idempotency-Key; 413 for a huge body", async () => {
      for (const body of ["{not json", "[1,2]", "null", '"text"']) {
        const r = await post(harbour, body);
        expect(r.status).toBe(400);
        expect(r.body.errors).toEqual([{ field: "", message: API_MESSAGES.notJson }]);
      }
      const bad = await post(harbour, validEnquiry({ location_id: 2011 }), { "idempotency-key": "has space" });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe("Idempotency-Key");
      const huge = await post(harbour, validEnquiry({ message: "x".repeat(70_000) }));
      expect(huge.status).toBe(413);
    });

    it("refuses a host that is not a dealer site (404)", async () => {
      for (const tenant of [{ kind: "directory" } as const, { kind: "unknown", host: "evil.example" } as const, { kind: "unavailable", slug: "x" } as const]) {
        const res = await postLead(postRequest(validEnquiry()), tenant, deps());
        expect(res.status).toBe(404);
      }
    });

    it("the dealership picker is required where the dealer has several ('*Please select a dealership location')", async () => {
      const r = await post(harbour, validEnquiry());
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: "location_id", message: "*Please select a dealership location" }]);
    });

    it("a dealer with one location gets it without asking", async () => {
      const r = await post(sunshine, validEnquiry());
      expect(r.status).toBe(201);
      const [row] = await db.query<any>("SELECT dealership_id, location_id FROM leads");
      expect(row).toEqual({ dealership_id: 101, location_id: 1011 });
    });

    it("rejects another dealer's dealership or location (400 naming the field)", async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ location_id: 1011 }, "location_id"], // sunshine-chery's location sent to harbour
        [{ dealership_id: 301 }, "dealership_id"], // a TWG dealership
        [{ dealership_slug: "twg-trucks" }, "dealership_slug"],
        [{ dealership_id: 201, location_id: 2021 }, "location_id"], // harbour's own, but not of that dealership
        [{ dealership_id: 201, dealership_slug: "harbour-mazda" }, "dealership_slug"],
      ];
      for (const [fields, field] of cases) {
        const r = await post(harbour, validEnquiry(fields));
        expect(r.status, JSON.stringify(fields)).toBe(400);
        expect(r.body.errors).toEqual([{ field, message: "*Please select a dealership location" }]);
      }
      expect(await count("leads")).toBe(0);
      expect((await post(harbour, validEnquiry({ dealership_slug: "harbour-toyota" }))).status).toBe(201);
      expect((await post(twg, validEnquiry({ location_id: "3021" }))).status).toBe(201);
    });

    it("Idempotency-Key: a retried submission returns the same lead (200), one lead and one delivery stored", async () => {
      const body = validEnquiry({ location_id: 2011 });
      const a = await post(harbour, body, { "idempotency-key": "k-1" });
      const b = await post(harbour, body, { "idempotency-key": "k-1" });
      expect([a.status, b.status]).toEqual([201, 200]);
      expect(b.body.lead_id).toBe(a.body.lead_id);
      expect(await count("leads")).toBe(1);
      expect(await count("lead_deliveries")).toBe(1);
      // The same key at another dealer is another lead; the same key with another body is refused.
      expect((await post(sunshine, validEnquiry(), { "idempotency-key": "k-1" })).status).toBe(201);
      const other = await post(harbour, { ...body, message: "changed" }, { "idempotency-key": "k-1" });
      expect(other.status).toBe(409);
    });

    it("Idempotency-Key: concurrent replays store one lead", async () => {
      const body = validEnquiry({ location_id: 2031 });
      const results = await Promise.all(Array.from({ length: 8 }, () => post(harbour, body, { "idempotency-key": "same-key" })));
      const ids = new Set(results.map((r) => r.body.lead_id));
      expect(ids.size).toBe(1);
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(await count("leads")).toBe(1);
      expect(await count("lead_deliveries")).toBe(1);
    });

    it("rate limit: past the per-client limit the answer is 429 with Retry-After", async () => {
      // The limiter production uses: counters in the database's rate_limits table.
      await db.exec("DELETE FROM rate_limits");
      const limiters = createLimiters({ db, env: { LEADS_RATE_LIMIT: "3" } });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await post(sunshine, validEnquiry(), {}, { db, limiters })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const limited = await post(sunshine, validEnquiry(), {}, { db, limiters });
      expect(limited.body.message).toMatch(/Too many requests/);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another client, or the same client at another dealer, has its own bucket.
      expect((await post(sunshine, validEnquiry(), { "x-forwarded-for": "198.51.100.1" }, { db, limiters })).status).toBe(201);
      expect((await post(harbour, validEnquiry({ location_id: 2011 }), {}, { db, limiters })).status).toBe(201);
    });

    it("honeypot: a filled field looks like success but nothing is stored or delivered", async () => {
      const r = await post(harbour, validEnquiry({ location_id: 2011, company_url: "http://spam.example" }));
      expect(r.status).toBe(201);
      expect(r.body.lead_id).toMatch(/^[0-9a-f-]{36}$/);
      // The id travels in a header too, as on a real reply.
      expect(r.headers.get("x-lead-id")).toBe(r.body.lead_id);
      expect(await count("leads")).toBe(0);
      expect(await count("lead_deliveries")).toBe(0);
    });

    it("honeypot: never copies the client's lead_id into a header (newline, NUL, non-Latin-1), and answers an id as a real later step would", async () => {
      for (const leadId of ["a\r\nx-forged: 1", "a\u0000b", "été", "x".repeat(5000)]) {
        const trap = await post(harbour, validEnquiry({ location_id: 2011, company_url: "spam", lead_id: leadId }));
        const real = await post(harbour, validEnquiry({ location_id: 2011, lead_id: leadId }));
        expect(trap.status).toBe(real.status);
        expect(trap.body).toEqual(real.body);
        expect(trap.headers.get("x-lead-id")).toBeNull();
      }
      // An id nobody was given: refused, as a real later step is.
      const unknown = "0d6f1f0e-1111-4222-8333-444455556666";
      const trap = await post(harbour, validEnquiry({ location_id: 2011, company_url: "spam", lead_id: unknown }));
      expect(trap.status).toBe(400);
      expect(trap.body).toEqual((await post(harbour, validEnquiry({ location_id: 2011, lead_id: unknown }))).body);
      // The id the honeypot handed out: a later step of it is answered 200 with that id, as a real one.
      const first = await post(harbour, validEnquiry({ location_id: 2011, company_url: "spam", isLastStep: false }));
      const later = await post(harbour, validEnquiry({ location_id: 2011, company_url: "spam", lead_id: first.body.lead_id }));
      expect(later.status).toBe(200);
      expect(later.headers.get("x-lead-id")).toBe(first.body.lead_id);
      expect(await count("leads")).toBe(0);
    });

    it("honeypot: every answer a real submission would get (refused fields, another dealer's place or car, a resent key), nothing stored", async () => {
      const pairs: Array<[Record<string, unknown>, Record<string, string>?]> = [
        [{ form: "enquiry", postcode: "41", email: "x" }],
        [validEnquiry({ location_id: 9999 })],
        [validEnquiry({ location_id: 2011, car_id: 5151 }), undefined],
      ];
      // Car 5151 is held by another dealer's dealership.
      const d = { db, dealershipOfCar: async (_m: unknown, id: number) => (id === 5151 ? 777 : null) };
      for (const [body, headers] of pairs) {
        const real = await post(harbour, body, headers ?? {}, d);
        const trap = await post(harbour, { ...body, company_url: "http://spam.example" }, headers ?? {}, d);
        expect(trap.status).toBe(real.status);
        expect(trap.body).toEqual(real.body);
      }
      // A resent Idempotency-Key: 201 then 200 with the same id, exactly as a real lead.
      // The trap's answers are remembered per process, across the database variants: a key of each.
      const key = { "idempotency-key": `trap-key-${variant.name}` };
      const a = await post(harbour, validEnquiry({ location_id: 2011, company_url: "x" }), key);
      const b = await post(harbour, validEnquiry({ location_id: 2011, company_url: "x" }), key);
      expect([a.status, b.status]).toEqual([201, 200]);
      expect(b.body).toEqual(a.body);
      const realKey = { "idempotency-key": `real-key-${variant.name}` };
      const ra = await post(harbour, validEnquiry({ location_id: 2011 }), realKey);
      const rb = await post(harbour, validEnquiry({ location_id: 2011 }), realKey);
      expect([ra.status, rb.status]).toEqual([201, 200]);
      expect(Object.keys(b.body).sort()).toEqual(Object.keys(rb.body).sort());
      expect(await count("leads")).toBe(1);
      expect(await count("lead_deliveries")).toBe(1);
    });

    it("a lead naming another dealer's car is refused with 400 naming car_id; the dealer's own car, or one the stock no longer knows, is taken", async () => {
      // Car 4242 is held by Harbour's dealership 202, car 5151 by a dealership of another dealer; 6161 is gone from the stock.
      const holders: Record<number, number> = { 4242: 202, 5151: 777 };
      const d = { db, dealershipOfCar: async (_m: unknown, id: number) => holders[id] ?? null };
      const foreign = await post(harbour, validEnquiry({ location_id: 2011, car_id: 5151 }), {}, d);
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors).toEqual([
        { field: "car_id", message: "This car is another dealer's. Please enquire from the car's page on that dealer's site." },
      ]);
      expect((await post(harbour, validEnquiry({ location_id: 2011, car_id: "5151" }), {}, d)).status).toBe(400);
      expect(await count("leads")).toBe(0);
      expect((await post(harbour, validEnquiry({ location_id: 2011, car_id: "4242" }), {}, d)).status).toBe(201);
      expect((await post(harbour, validEnquiry({ location_id: 2011, car_id: 6161 }), {}, d)).status).toBe(201);
      expect(await count("leads")).toBe(2);
    });

    it("the real stock: Sunshine Chery's car named in a lead on Harbour's site is refused", async () => {
      const { siteStockSearch } = await import("../inventory/site-search");
      const { search, ctx, indexName } = siteStockSearch(sunshine.manifest);
      const [car] = (await search.search(indexName, { hitsPerPage: 1 }, ctx)).hits as unknown as Array<{ id: number }>;
      expect(car, "demo stock (npx tsx scripts/stock-setup.ts)").toBeDefined();
      const r = await post(harbour, validEnquiry({ location_id: 2011, car_id: car.id }));
      expect(r.status).toBe(400);
      expect(r.body.errors[0].field).toBe("car_id");
      expect((await post(sunshine, validEnquiry({ car_id: car.id }))).status).toBe(201);
    });

    it("control characters in any field answer 400 naming the field, never 5xx; line breaks only in the comments", async () => {
      for (const [field, value] of [
        ["name", "Jane\u0000"],
        ["email", "jane@example.com\r\n"],
        ["message", "hello\u0007"],
        ["lead_id", "\u0000"],
      ] as const) {
        const r = await post(harbour, validEnquiry({ location_id: 2011, [field]: value }));
        expect(r.status, field).toBe(400);
        expect(r.body.errors).toEqual([{ field, message: "This field contains characters that cannot be accepted (control characters or line breaks)." }]);
      }
      expect((await post(harbour, validEnquiry({ location_id: 2011, message: "line one\r\nline two\ttabbed" }))).status).toBe(201);
    });

    it("multi-step: the first step creates, later steps update, the last completes and enqueues delivery once", async () => {
      const step1 = await post(harbour, {
        form: "parts",
        category: "Parts",
        isLastStep: false,
        name: "Jane",
        email: "jane@example.com.au",
        phone: "0412345678",
        postcode: "2150",
        location_id: 2011,
      });
      expect(step1.status).toBe(201);
      expect(step1.body).toMatchObject({ lead_status: "Incomplete", form_completed: false });
      const id = step1.body.lead_id;
      expect(await count("lead_deliveries")).toBe(0);

      // Another dealer cannot touch it.
      const foreign = await post(twg, { lead_id: id, isLastStep: false, "Vehicle Make": "X" });
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors).toEqual([{ field: "lead_id", message: MESSAGES.leadNotFound }]);

      const step2 = await post(harbour, { lead_id: id, isLastStep: false, "Vehicle Make": "Toyota", "Vehicle Model": "Hilux", "Vehicle Year": "2019" });
      expect(step2.status).toBe(200);
      expect(step2.body).toEqual({ lead_id: id, lead_status: "Incomplete", form_completed: false });

      const missing = await post(harbour, { lead_id: id, lead_status: "Complete" });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual([{ field: "Order Detail", message: "Please enter your order details" }]);

      const last = await post(harbour, { lead_id: id, isLastStep: true, lead_status: "Complete", "Order Detail": "Front brake pads", "Part#": "04465-0K240" });
      expect(last.status).toBe(200);
      expect(last.body).toEqual({ lead_id: id, lead_status: "Complete", form_completed: true });
      const [row] = await db.query<any>("SELECT * FROM leads");
      expect(row).toMatchObject({ status: "Complete", form_completed: true, steps: 3, category: "Parts", location_id: 2011, dealership_id: 201 });
      expect(row.payload).toMatchObject({
        name: "Jane",
        "Vehicle Make": "Toyota",
        "Order Detail": "Front brake pads",
        lead_status: "Complete",
        form_completed: true,
      });
      expect(await count("lead_deliveries")).toBe(1);

      // A repeated last step changes nothing and delivers nothing more.
      const again = await post(harbour, { lead_id: id, isLastStep: true, "Order Detail": "Front brake pads" });
      expect(again.status).toBe(200);
      expect(await count("lead_deliveries")).toBe(1);
      expect(await count("leads")).toBe(1);
    });

    it("logs lead ids and dealer slugs only, never personal data", async () => {
      const lines: string[] = [];
      const spies = (["log", "warn", "error"] as const).map((m) => vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void lines.push(a.join(" "))));
      const before = process.env.LEADS_LOG;
      process.env.LEADS_LOG = "on";
      try {
        const personal = validEnquiry({
          name: "Zebedee",
          last_name: "Quixotic",
          email: "zq@private.example",
          phone: "0499 111 222",
          postcode: "2150",
          message: "secret words",
          location_id: 2011,
        });
        await post(harbour, personal);
        await post(harbour, { ...personal, company_url: "x" });
        await post(harbour, { ...personal, postcode: "1" });
        await post(harbour, personal, {}, { db, limiters: { take: async () => ({ ok: false, retryAfterS: 1 }) } });
      } finally {
        process.env.LEADS_LOG = before;
        spies.forEach((s) => s.mockRestore());
      }
      expect(lines.length).toBeGreaterThan(0);
      const all = lines.join("\n");
      for (const secret of ["Zebedee", "Quixotic", "zq@private", "0499", "111 222", "secret words", "203.0.113.7"]) expect(all).not.toContain(secret);
      expect(all).toMatch(/created lead=[0-9a-f-]{36} dealer=harbour-motor-group/);
    });

    it("an unknown lead_id is a 400 on lead_id", async () => {
      const r = await post(harbour, { lead_id: "00000000-0000-4000-8000-000000000000", isLastStep: true });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: "lead_id", message: MESSAGES.leadNotFound }]);
    });

    it("Careers Enquiry is stored as General Enquiry / Career Enquiry", async () => {
      await post(sunshine, validEnquiry({ category: "Careers Enquiry" }));
      const [row] = await db.query<any>("SELECT category, subcategory FROM leads");
      expect(row).toEqual({ category: "General Enquiry", subcategory: "Career Enquiry" });
    });

    it("a dealer without destinations stores the lead (platform fallback when configured)", async () => {
      const bare = sampleTenant("outback-caravans", {});
      expect((await post(bare, validEnquiry(), {}, { ...deps(), env: {} } as never)).status).toBe(201);
      expect(await count("lead_deliveries")).toBe(0);
      const withFallback = { ...deps(), env: { LEADS_FALLBACK_WEBHOOK_URL: "http://127.0.0.1:9/x" } };
      expect((await post(bare, validEnquiry(), {}, withFallback)).status).toBe(201);
      expect((await db.query<any>("SELECT destination FROM lead_deliveries")).map((r) => r.destination)).toEqual(["platform"]);
    });
  });
}

describe("clientIp", () => {
  it("takes the last X-Forwarded-For entry (added by our proxy), else X-Real-IP", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientIp(new Headers({ "x-real-ip": "203.0.113.5" }))).toBe("203.0.113.5");
    expect(clientIp(new Headers())).toBe("unknown");
  });

  it("token bucket refills over the window", () => {
    let now = 0;
    const l = new RateLimiter({ capacity: 2, windowMs: 1000, now: () => now });
    expect([l.take("a"), l.take("a")]).toEqual([0, 0]);
    expect(l.take("a")).toBe(500);
    now = 500;
    expect(l.take("a")).toBe(0);
  });
});
