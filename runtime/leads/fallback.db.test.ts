import { describe, expect, it } from "vitest";
import { describeEachDb, LEAD_TABLES } from "../db/testing";
import { listInboxMessages } from "../accounts/local-inbox";
import { FALLBACK_RECIPIENT, leadFallbacks } from "./fallback";
import { deliverDueOnce } from "./outbox";
import { destinationsFor, fallbackDestination, inboxFallbackOn } from "./settings";
import { postLead, postRequest, sampleTenant, validEnquiry } from "./test-fixtures";

const OWN = { destinations: [{ id: "crm", url: "${LEADS_TEST_URL}", secretEnv: "LEADS_TEST_SECRET" }] };

describe("the platform's fallback destination", () => {
  it("is the webhook when LEADS_FALLBACK_WEBHOOK_URL is set, else the local inbox when it is on (npm start), else none", () => {
    expect(fallbackDestination({ LEADS_FALLBACK_WEBHOOK_URL: "https://x.example", AUTH_LOCAL_OUTBOX: "on" })).toMatchObject({
      id: "platform",
      type: "webhook",
    });
    expect(fallbackDestination({ AUTH_LOCAL_OUTBOX: "on" })).toEqual({ id: "platform-inbox", type: "local-inbox" });
    expect(fallbackDestination({ LEADS_FALLBACK_INBOX: "on" })).toEqual({ id: "platform-inbox", type: "local-inbox" });
    expect(fallbackDestination({ AUTH_LOCAL_OUTBOX: "on", LEADS_FALLBACK_INBOX: "off" })).toBeNull();
    expect(fallbackDestination({})).toBeNull();
    expect(inboxFallbackOn({ NODE_ENV: "development" })).toBe(false);
  });

  it("takes every category of a dealer with no destination, and none of a dealer with its own", () => {
    const env = { AUTH_LOCAL_OUTBOX: "on" };
    expect(destinationsFor(sampleTenant("outback-caravans", {}).manifest, "Parts", env).map((d) => d.id)).toEqual(["platform-inbox"]);
    expect(destinationsFor(sampleTenant("outback-caravans", OWN).manifest, "Parts", env).map((d) => d.id)).toEqual(["crm"]);
  });
});

describeEachDb("leads with no destination of their own", { empty: [...LEAD_TABLES, "local_inbox"] }, (db) => {
  const submit = async (forms: Record<string, unknown>, env: Record<string, string>) => {
    const tenant = sampleTenant("outback-caravans", forms);
    const res = await postLead(postRequest(validEnquiry({ message: "Is the Jayco still there?" })), tenant, { db, env });
    expect(res.status).toBe(201);
    return { tenant, leadId: ((await res.json()) as { lead_id: string }).lead_id };
  };

  it("are delivered to the local inbox under npm start, stored as leads, and listed for staff", async () => {
    const env = { AUTH_LOCAL_OUTBOX: "on" };
    const { tenant, leadId } = await submit({}, env);
    const result = await deliverDueOnce(db, { env, lookupManifest: () => tenant.manifest });
    expect(result).toMatchObject({ attempted: 1, delivered: 1 });
    const [row] = await db.query<{ destination: string; status: string }>("SELECT destination, status FROM lead_deliveries WHERE lead_id = $1", [leadId]);
    expect(row).toEqual({ destination: "platform-inbox", status: "delivered" });
    const [message] = await listInboxMessages(db, { to: FALLBACK_RECIPIENT });
    expect(message.subject).toBe(`Lead for ${tenant.manifest.name} with no lead destination: ${"General Enquiry"}`);
    expect(message.text).toContain(`lead: ${leadId}`);
    expect(message.text).toContain("message: Is the Jayco still there?");
    expect(await leadFallbacks(db)).toEqual([{ dealer: "outback-caravans", fellBack: 1, nowhere: 0, last: expect.any(Date) }]);
  });

  it("with no fallback at all are still stored, and listed as gone nowhere", async () => {
    await submit({}, {});
    expect(await leadFallbacks(db)).toEqual([expect.objectContaining({ dealer: "outback-caravans", fellBack: 0, nowhere: 1 })]);
  });

  it("a dealer whose leads go to its own destination is not listed", async () => {
    await submit(OWN, { AUTH_LOCAL_OUTBOX: "on", LEADS_TEST_URL: "http://127.0.0.1:9/x", LEADS_TEST_SECRET: "s" });
    expect(await leadFallbacks(db)).toEqual([]);
  });
});
