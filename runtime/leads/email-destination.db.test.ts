import { afterEach, expect, it, vi } from "vitest";
import { describeEachDb, LEAD_TABLES } from "../db/testing";
import { listInboxMessages } from "../accounts/local-inbox";
import type { ShopperMessage } from "../accounts/delivery";
import { deliverDueOnce } from "./outbox";
import { postLead, postRequest, sampleTenant, validEnquiry } from "./test-fixtures";

const sendMail = vi.hoisted(() => vi.fn(async (_m: Record<string, unknown>) => ({ messageId: "<m@smtp>" })));
vi.mock("nodemailer", () => ({ default: { createTransport: () => ({ sendMail }) }, createTransport: () => ({ sendMail }) }));

const SALES = "sales@sunshine-chery.example.com.au";
const EMAIL_FORMS = { destinations: [{ id: "sales-email", email: SALES }] };
// No backoff: a failed send is due again at once, so a test runs the next pass itself.
const fast = { baseMs: 0, capMs: 0, failedRetryMs: 0 };
const LOCAL = { AUTH_LOCAL_OUTBOX: "on" };
const CAR = {
  "Vehicle Year": "2024",
  "Vehicle Make": "Chery",
  "Vehicle Model": "Omoda 5",
  stock_number: "SC1234",
  url: "https://sunshine-chery.example/cars/sc1234",
};

describeEachDb("email lead destinations", { empty: [...LEAD_TABLES, "local_inbox"] }, (db) => {
  afterEach(() => {
    sendMail.mockClear();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  const submit = async (forms: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const tenant = sampleTenant("sunshine-chery", forms);
    const res = await postLead(postRequest(validEnquiry({ ...CAR, ...extra })), tenant, { db, env: LOCAL });
    expect(res.status).toBe(201);
    return { tenant, leadId: ((await res.json()) as { lead_id: string }).lead_id };
  };
  const rows = () =>
    db.query<{ destination: string; status: string; attempts: number; last_error: string | null }>(
      "SELECT destination, status, attempts, last_error FROM lead_deliveries ORDER BY destination",
    );

  it("sends the lead once as a readable email to the local inbox, marked as not sent, when no SMTP is set up", async () => {
    const { tenant, leadId } = await submit(EMAIL_FORMS, { message: "Is it still <b>available</b>?\nCall after 5." });
    const first = await deliverDueOnce(db, { ...fast, env: LOCAL, lookupManifest: () => tenant.manifest });
    expect(first).toMatchObject({ attempted: 1, delivered: 1 });
    // Delivered: a later pass sends nothing more.
    expect((await deliverDueOnce(db, { ...fast, env: LOCAL, lookupManifest: () => tenant.manifest })).attempted).toBe(0);
    expect(await rows()).toEqual([{ destination: "sales-email", status: "delivered", attempts: 1, last_error: null }]);

    const inbox = await listInboxMessages(db);
    expect(inbox).toHaveLength(1);
    const [mail] = inbox;
    expect(mail).toMatchObject({ dealer: "sunshine-chery", channel: "email", to: SALES });
    expect(mail.subject).toBe("Website enquiry: 2024 Chery Omoda 5 (stock SC1234), Jane Citizen");
    expect(mail.text).toContain("Name: Jane Citizen");
    expect(mail.text).toContain("Email: jane@example.com.au");
    expect(mail.text).toContain("Phone: 0412 345 678");
    // The shopper's text as they wrote it: plain text, never markup, line breaks kept.
    expect(mail.text).toContain("Is it still <b>available</b>?\nCall after 5.");
    expect(mail.text).toContain("Stock number: SC1234");
    expect(mail.text).toContain("Link: https://sunshine-chery.example/cars/sc1234");
    expect(mail.text).toMatch(/Dealership: \S/);
    expect(mail.text).toContain(`Lead id: ${leadId}`);
    expect(sendMail).not.toHaveBeenCalled();
  });

  it("a send that fails is retried with backoff and the lead arrives exactly once; no address or shopper detail is logged", async () => {
    const { tenant } = await submit(EMAIL_FORMS);
    const sent: ShopperMessage[] = [];
    let calls = 0;
    const sendEmail = async (m: ShopperMessage) => {
      if (calls++ < 2) throw new Error(`450 mailbox busy for <${SALES}>`);
      sent.push(m);
    };
    vi.stubEnv("LEADS_LOG", "on");
    const logged: string[] = [];
    for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation((...a: unknown[]) => void logged.push(a.join(" ")));

    await deliverDueOnce(db, { ...fast, sendEmail, lookupManifest: () => tenant.manifest });
    const [afterFirst] = await rows();
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterFirst.last_error).toBe("email: 450 mailbox busy for <[address]>");
    for (let i = 0; i < 5; i++) await deliverDueOnce(db, { ...fast, sendEmail, lookupManifest: () => tenant.manifest });

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: SALES, replyTo: "jane@example.com.au" });
    expect(await rows()).toEqual([{ destination: "sales-email", status: "delivered", attempts: 3, last_error: null }]);
    expect(logged.some((l) => l.includes("delivery-retry"))).toBe(true);
    for (const l of logged) for (const secret of [SALES, "jane@example.com.au", "Jane", "0412"]) expect(l).not.toContain(secret);
  });

  it("an email and a webhook destination each receive the lead once", async () => {
    const forms = { destinations: [...EMAIL_FORMS.destinations, { id: "crm", url: "${LEADS_TEST_URL}", secretEnv: "LEADS_TEST_SECRET" }] };
    const { tenant, leadId } = await submit(forms);
    const posted: string[] = [];
    const fetchStub = (async (_url: string, init: RequestInit) => {
      posted.push(String((init.headers as Record<string, string>)["idempotency-key"]));
      return new Response(null, { status: 200 });
    }) as unknown as typeof fetch;
    const env = { ...LOCAL, LEADS_TEST_URL: "http://127.0.0.1:9/leads", LEADS_TEST_SECRET: "s" };
    for (let i = 0; i < 3; i++) await deliverDueOnce(db, { ...fast, env, fetch: fetchStub, lookupManifest: () => tenant.manifest });
    expect(posted).toEqual([`${leadId}:crm`]);
    expect((await listInboxMessages(db)).map((m) => m.to)).toEqual([SALES]);
    expect((await rows()).map((r) => [r.destination, r.status])).toEqual([
      ["crm", "delivered"],
      ["sales-email", "delivered"],
    ]);
  });

  it("sends by SMTP when SMTP_URL is set: the shopper as reply-to, the ADF XML attached when the format is adf", async () => {
    const { tenant } = await submit({ destinations: [{ id: "sales-email", email: SALES, format: "adf" }] });
    const env = { SMTP_URL: "smtp://mail.example", SMTP_FROM: "leads@platform.example" };
    expect(await deliverDueOnce(db, { ...fast, env, lookupManifest: () => tenant.manifest })).toMatchObject({ delivered: 1 });
    expect(sendMail).toHaveBeenCalledTimes(1);
    const m = sendMail.mock.calls[0][0] as { to: string; from: string; replyTo: string; subject: string; attachments: { filename: string; content: string }[] };
    expect(m).toMatchObject({ to: SALES, from: "leads@platform.example", replyTo: "jane@example.com.au" });
    expect(m.subject).toContain("Chery Omoda 5");
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0].content).toContain("<stock>SC1234</stock>");
    expect(await listInboxMessages(db)).toEqual([]);
  });

  it("a dealer whose manifest cannot be read still gets the email, from the destination stored with the delivery", async () => {
    await submit(EMAIL_FORMS);
    expect(await deliverDueOnce(db, { ...fast, env: LOCAL, lookupManifest: () => null })).toMatchObject({ delivered: 1 });
    expect((await listInboxMessages(db)).map((m) => [m.to, m.subject])).toEqual([[SALES, "Website enquiry: 2024 Chery Omoda 5 (stock SC1234), Jane Citizen"]]);
  });

  it("with no email set up at all (production without SMTP_URL) the delivery is held as failed, then sent once email works", async () => {
    const { tenant } = await submit(EMAIL_FORMS);
    await deliverDueOnce(db, { ...fast, failedRetryMs: 3_600_000, env: { NODE_ENV: "production" }, lookupManifest: () => tenant.manifest });
    expect(await rows()).toEqual([{ destination: "sales-email", status: "failed", attempts: 1, last_error: "email: messages by email are not configured" }]);
    await db.query("UPDATE lead_deliveries SET next_attempt_at = now()");
    await deliverDueOnce(db, { ...fast, env: { NODE_ENV: "production", AUTH_LOCAL_OUTBOX: "on" }, lookupManifest: () => tenant.manifest });
    expect((await listInboxMessages(db)).map((m) => m.to)).toEqual([SALES]);
  });
});
