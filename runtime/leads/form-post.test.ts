import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../db/types";
import { dbVariants, resetLeadTables } from "../db/testing";
import { createLimiters } from "../http/rate-limit";
import {
  LEAD_FORM_COOKIE,
  PLAIN_FIELDS,
  STATE_PARAMS,
  backPath,
  encodeState,
  installFormStateKey,
  plainLead,
  postedLeadForm,
  refusedRedirect,
} from "./form-post";
import { MESSAGES, fieldMessage } from "./messages";
import { postLead, sampleTenant, WEBHOOK_FORMS } from "./test-fixtures";

const harbour = sampleTenant("harbour-motor-group", WEBHOOK_FORMS); // 4 locations of 3 dealerships
const ORIGIN = "http://dealer.localhost";
const PAGE = `${ORIGIN}/contact?utm_source=news&car_id=9`;

/** The fields a plain enquiry form posts: what the shopper typed plus the form's hidden fields. */
function enquiryFields(extra: Record<string, string> = {}): Record<string, string> {
  return {
    [PLAIN_FIELDS.fixed]: JSON.stringify({ form: "contact", category: "General Enquiry", source: "website" }),
    [PLAIN_FIELDS.form]: "contact#enquiry-form-heading",
    [PLAIN_FIELDS.back]: "/contact",
    name: "Jane",
    last_name: "Citizen",
    email: "jane@example.com.au",
    phone: "0412 345 678",
    postcode: "4127",
    location_id: "2021",
    PreferredContactMethod: "Phone",
    message: "Is the car still available?",
    company_url: "",
    ...extra,
  };
}

function formRequest(body: string | FormData, headers: Record<string, string> = {}): Request {
  const h: Record<string, string> = {
    host: "dealer.localhost",
    "x-forwarded-for": "203.0.113.9",
    "sec-fetch-site": "same-origin",
    referer: PAGE,
    "user-agent": "Test/1.0",
    ...headers,
  };
  if (typeof body === "string") h["content-type"] ??= "application/x-www-form-urlencoded";
  return new Request(`${ORIGIN}/api/leads`, { method: "POST", headers: h, body });
}

const encoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The state cookie's value from a 303's Set-Cookie. */
function stateCookie(res: Response): string | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${LEAD_FORM_COOKIE}=`));
  return line ? decodeURIComponent(line.split(";")[0].slice(LEAD_FORM_COOKIE.length + 1)) : undefined;
}

function paramsOf(location: string): Record<string, string> {
  return Object.fromEntries(new URL(location, ORIGIN).searchParams);
}

describe("plain lead posts: parsing (pure)", () => {
  const ctx = { manifest: harbour.manifest, origin: ORIGIN, referer: PAGE, userAgent: "Test/1.0" };

  it("builds the script's lead: page fields, the fixed fields, then the typed ones typed by the lead schema", () => {
    const out = plainLead({ ...enquiryFields({ opt_in: "on", kms: "120000" }), "additional_services[]": ["finance"] } as never, ctx);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.lead).toMatchObject({
      form: "contact",
      category: "General Enquiry",
      source: "website",
      name: "Jane",
      opt_in: true,
      kms: 120000,
      url: PAGE,
      user_agent: "Test/1.0",
      lead_attributes: { linked_query_params: { utm_source: "news" } },
      // The picker's location brings its dealership and name, as the script sends them.
      location_id: 2021,
      dealership_id: 202,
      location: "Harbour Mazda Artarmon",
    });
    // Control fields are not lead fields; an empty field is "not given".
    expect(Object.keys(out.lead).some((k) => k.startsWith("_"))).toBe(false);
    expect(out.lead).not.toHaveProperty("company_url");
    expect(out.values.email).toBe("jane@example.com.au");
    expect(out.form).toBe("contact#enquiry-form-heading");
  });

  it("refuses fixed fields that are not a JSON object", () => {
    for (const bad of ["{not json", "[1]", "null", '"x"'])
      expect(plainLead(enquiryFields({ [PLAIN_FIELDS.fixed]: bad }), ctx)).toMatchObject({ ok: false, back: "/contact?utm_source=news&car_id=9" });
  });

  it("sends the shopper back only to a path of this site", () => {
    expect(backPath({}, { origin: ORIGIN, referer: `${ORIGIN}/finance?car_id=1` })).toBe("/finance?car_id=1");
    // Another site's Referer is ignored; the form's own path is checked as a same-site path.
    expect(backPath({ _back: "/contact" }, { origin: ORIGIN, referer: "https://evil.example/x" })).toBe("/contact");
    for (const back of ["//evil.example/", "/\\evil.example", "https://evil.example/", "/..//evil.example", "javascript:alert(1)"])
      expect(backPath({ _back: back }, { origin: ORIGIN, referer: null })).toBe("/");
    const to = refusedRedirect({ back: "//evil.example/x", form: "contact#x", errors: [], https: false });
    expect(to.location.startsWith("/?")).toBe(true);
  });

  it("signs with the key installed at start, so a cookie signed by one process of a fleet reads on another, and not under another key", () => {
    const before = process.env.FORM_STATE_SECRET;
    delete process.env.FORM_STATE_SECRET;
    try {
      const shared = Buffer.alloc(32, 7);
      installFormStateKey(shared);
      const to = refusedRedirect({
        back: "/contact",
        form: "contact",
        errors: [{ field: "name", message: fieldMessage("name") }],
        values: { name: "J" },
        https: false,
      });
      const cookie = decodeURIComponent(to.cookies[0].split(";")[0].slice(LEAD_FORM_COOKIE.length + 1));
      const params = Object.fromEntries(new URL(to.location, ORIGIN).searchParams);
      // Another process that read the same key from the database.
      installFormStateKey(Buffer.from(shared));
      expect(postedLeadForm(params, cookie)?.values).toEqual({ name: "J" });
      installFormStateKey(Buffer.alloc(32, 8));
      expect(postedLeadForm(params, cookie)?.values).toEqual({});
    } finally {
      if (before !== undefined) process.env.FORM_STATE_SECRET = before;
    }
  });

  it("carries the fields at fault in the URL (no personal data) and the values in a signed cookie read with the URL's nonce", () => {
    const errors = [
      { field: "email", message: fieldMessage("email") },
      { field: "message", message: "Please enter at most 5000 characters" },
    ];
    const to = refusedRedirect({
      back: "/contact?lf=old&x=1",
      form: "contact#enquiry-form-heading",
      errors,
      values: { email: "jane@", name: "Jane" },
      https: true,
    });
    const url = new URL(to.location, ORIGIN);
    expect(url.pathname).toBe("/contact");
    expect(url.hash).toBe("#enquiry-form-heading");
    expect(url.searchParams.get("x")).toBe("1");
    expect(url.searchParams.get(STATE_PARAMS.fields)).toBe("email,message");
    expect(to.location).not.toContain("jane");
    expect(to.cookies[0]).toMatch(/HttpOnly/i);
    expect(to.cookies[0]).toMatch(/SameSite=Lax/i);
    expect(to.cookies[0]).toMatch(/Secure/i);
    expect(to.cookies[0]).toMatch(/Max-Age=600/);
    const cookie = decodeURIComponent(to.cookies[0].split(";")[0].slice(LEAD_FORM_COOKIE.length + 1));
    const params = Object.fromEntries(url.searchParams);
    expect(postedLeadForm(params, cookie)).toEqual({ form: "contact#enquiry-form-heading", values: { email: "jane@", name: "Jane" }, errors });
    // Another nonce, a forged or tampered cookie: the URL's field names with their messages, no values.
    const fallback = {
      form: "",
      values: {},
      errors: [
        { field: "email", message: fieldMessage("email") },
        { field: "message", message: fieldMessage("message") },
      ],
    };
    expect(postedLeadForm({ ...params, lf: "other" }, cookie)).toEqual(fallback);
    const [payload, sig] = cookie.split(".");
    const forged = Buffer.from(JSON.stringify({ n: params.lf, f: "", v: { name: "x" }, e: [{ field: "name", message: "Call 1900 …" }] })).toString("base64url");
    expect(postedLeadForm(params, `${forged}.${sig}`)).toEqual(fallback);
    expect(postedLeadForm(params, `${payload}.${sig.slice(1)}x`)).toEqual(fallback);
    expect(postedLeadForm({}, cookie)).toBeNull();
  });

  it("keeps the state cookie under the browsers' limit, dropping the longest values first", () => {
    const to = refusedRedirect({ back: "/contact", form: "contact", errors: [], values: { name: "Jane", message: "x".repeat(5000) }, https: false });
    expect(to.cookies[0].length).toBeLessThan(4000);
    const cookie = decodeURIComponent(to.cookies[0].split(";")[0].slice(LEAD_FORM_COOKIE.length + 1));
    expect(postedLeadForm(paramsOf(to.location), cookie)?.values).toEqual({ name: "Jane" });
    expect(encodeState({ n: "a", f: "", v: {}, e: [] })).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });
});

for (const variant of dbVariants()) {
  describe.skipIf(variant.skip)(`POST /api/leads as a plain form post (${variant.name})`, () => {
    let db: Db;
    const count = async () => Number((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM leads"))[0].n);
    const post = (req: Request, limiters = createLimiters({ env: { LEADS_RATE_LIMIT: "100000" } })) => postLead(req, harbour, { db, limiters });

    beforeAll(async () => {
      db = await variant.open();
    }, 60_000);
    afterAll(() => variant.close(db));
    beforeEach(() => resetLeadTables(db));

    it("stores the lead through the one pipeline and answers 303 to the success page naming the category", async () => {
      const res = await post(formRequest(encoded(enquiryFields({ opt_in: "on" }))));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/success?sent=General+Enquiry");
      const [row] = await db.query<{ dealership_id: number; location_id: number; category: string; status: string; payload: Record<string, unknown> }>(
        "SELECT * FROM leads",
      );
      expect(row).toMatchObject({ dealership_id: 202, location_id: 2021, category: "General Enquiry", status: "Complete" });
      expect(row.payload).toMatchObject({
        form: "contact",
        email: "jane@example.com.au",
        opt_in: true,
        source: "website",
        url: PAGE,
        location: "Harbour Mazda Artarmon",
      });
      expect(await db.query("SELECT 1 FROM lead_deliveries")).toHaveLength(1);
    });

    it("reads a multipart form too", async () => {
      const data = new FormData();
      for (const [k, v] of Object.entries(enquiryFields())) data.append(k, v);
      const res = await post(formRequest(data));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/^\/success/);
      expect(await count()).toBe(1);
    });

    it("a double-clicked submit (same page key, same fields) makes one lead; changed fields make another", async () => {
      const fields = enquiryFields({ [PLAIN_FIELDS.key]: "5b0c7a4e-1f7e-4d1c-9a55-0a3c9d1e2f00" });
      for (let i = 0; i < 2; i++) expect((await post(formRequest(encoded(fields)))).headers.get("location")).toMatch(/^\/success/);
      expect(await count()).toBe(1);
      expect((await post(formRequest(encoded({ ...fields, message: "And a second question" })))).headers.get("location")).toMatch(/^\/success/);
      expect(await count()).toBe(2);
    });

    it("invalid fields: 303 back to the form's page with the errors at the fields and what was typed, nothing stored", async () => {
      const res = await post(formRequest(encoded(enquiryFields({ email: "jane@", postcode: "41", location_id: "", opt_in: "maybe" }))));
      expect(res.status).toBe(303);
      const location = res.headers.get("location")!;
      expect(location.startsWith("/contact?")).toBe(true);
      expect(location.endsWith("#enquiry-form-heading")).toBe(true);
      expect(location).not.toContain("jane");
      const posted = postedLeadForm(paramsOf(location), stateCookie(res));
      expect(posted?.form).toBe("contact#enquiry-form-heading");
      expect(posted?.values).toMatchObject({ email: "jane@", postcode: "41", name: "Jane", message: "Is the car still available?" });
      // The same validator's messages as the JSON path's.
      expect(posted?.errors).toEqual(
        expect.arrayContaining([
          { field: "email", message: fieldMessage("email") },
          { field: "postcode", message: MESSAGES.invalidPostcode },
          { field: "opt_in", message: fieldMessage("opt_in") },
          // The dealership's error comes with the fields' at once, as the script's form shows it.
          { field: "location_id", message: MESSAGES.selectDealership },
        ]),
      );
      expect(await count()).toBe(0);
    });

    it("a location the form did not offer or missing fields are errors, never a 5xx", async () => {
      const res = await post(formRequest(encoded({ [PLAIN_FIELDS.fixed]: "{}", location_id: "999999", "x-unknown": "1" })));
      expect(res.status).toBe(303);
      const posted = postedLeadForm(paramsOf(res.headers.get("location")!), stateCookie(res));
      const fields = posted!.errors.map((e) => e.field);
      expect(fields).toEqual(expect.arrayContaining(["category", "name", "email", "phone", "postcode", "x-unknown"]));
      expect(await count()).toBe(0);
    });

    it("bad encodings go back to the form saying the form could not be read (never a 5xx)", async () => {
      const cases: Request[] = [
        formRequest(encoded(enquiryFields({ [PLAIN_FIELDS.fixed]: "{broken" }))),
        formRequest("--x\r\nbroken", { "content-type": "multipart/form-data; boundary=y" }),
        formRequest("name=Jane", { "content-type": "text/plain" }),
        formRequest("%E0%A4%A=%ZZ&name=%", {}),
      ];
      for (const req of cases) {
        const res = await post(req);
        expect(res.status).toBeLessThan(500);
        expect([303, 400]).toContain(res.status);
        if (res.status === 303) expect(res.headers.get("location")).toMatch(/^\/contact\?/);
      }
      const unreadable = await post(formRequest(encoded(enquiryFields({ [PLAIN_FIELDS.fixed]: "{broken" }))));
      expect(postedLeadForm(paramsOf(unreadable.headers.get("location")!), stateCookie(unreadable))?.problem).toBe(MESSAGES.unreadable);
      expect(await count()).toBe(0);
    });

    it("a JSON body is still answered in JSON", async () => {
      const res = await post(
        new Request(`${ORIGIN}/api/leads`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
          body: JSON.stringify({ form: "enquiry", name: "Jo", email: "x" }),
        }),
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.errorSummary);
    });

    it("a cross-site form post is refused as the JSON path's is (403), nothing stored", async () => {
      const crossSite: Record<string, string>[] = [{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "", origin: "https://evil.example" }];
      for (const headers of crossSite) {
        const res = await post(formRequest(encoded(enquiryFields()), headers));
        expect(res.status).toBe(403);
      }
      expect(await count()).toBe(0);
    });

    it("past the rate limit, a form post goes back to its form with the message and is not stored", async () => {
      const limiters = createLimiters({ env: { LEADS_RATE_LIMIT: "1" } });
      expect((await post(formRequest(encoded(enquiryFields())), limiters)).headers.get("location")).toMatch(/^\/success/);
      const res = await post(formRequest(encoded(enquiryFields({ message: "again" }))), limiters);
      expect(res.status).toBe(303);
      const location = res.headers.get("location")!;
      expect(paramsOf(location)[STATE_PARAMS.problem]).toBe("rate");
      expect(postedLeadForm(paramsOf(location), stateCookie(res))?.problem).toBe(MESSAGES.rateLimited);
      expect(await count()).toBe(1);
      // A JSON client past the limit still gets its 429.
      const json = await post(
        new Request(`${ORIGIN}/api/leads`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" }, body: "{}" }),
        limiters,
      );
      expect(json.status).toBe(429);
    });

    it("the honeypot: answered as a real lead (303 to success), nothing stored", async () => {
      const res = await post(formRequest(encoded(enquiryFields({ company_url: "http://spam.example" }))));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/^\/success/);
      expect(await count()).toBe(0);
    });
  });
}
