import { beforeAll, describe, expect, it } from "vitest";
import { resetLeadTables, suiteDb } from "../db/testing";
import { leadGetSpec } from "./admin";
import { apiRoute } from "../http/api-route";
import { createLimiters } from "../http/rate-limit";
import { postRequest, sampleTenant, validEnquiry, WEBHOOK_FORMS, postLead } from "./test-fixtures";

const harbour = sampleTenant("harbour-motor-group", WEBHOOK_FORMS);
const sunshine = sampleTenant("sunshine-chery", WEBHOOK_FORMS);

describe("GET /api/leads/{id} (support read)", () => {
  const db = suiteDb();
  let id: string;
  beforeAll(async () => {
    await resetLeadTables(db);
    const res = await postLead(postRequest(validEnquiry({ location_id: 2021 })), harbour, { db });
    id = ((await res.json()) as { lead_id: string }).lead_id;
  }, 60_000);
  const get = (tenant: typeof harbour, leadId: string, auth: string | null, env: Record<string, string | undefined> = { LEADS_ADMIN_SECRET: "s3cret" }) =>
    apiRoute({ ...leadGetSpec({ db, env }), resolve: () => tenant, limiters: () => createLimiters({ env: {} }) })(
      new Request(`http://x/api/leads/${leadId}`, { headers: auth ? { authorization: auth } : {} }),
      { params: Promise.resolve({ id: leadId }) },
    );

  it("is off without LEADS_ADMIN_SECRET and needs the bearer secret", async () => {
    expect((await get(harbour, id, "Bearer s3cret", {})).status).toBe(404);
    expect((await get(harbour, id, null)).status).toBe(401);
    expect((await get(harbour, id, "Bearer wrong")).status).toBe(401);
  });

  it("answers the dealer's own lead with its deliveries; another dealer's or a bad id is 404", async () => {
    const res = await get(harbour, id, "Bearer s3cret");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      lead: { lead_id: string; lead_status: string; location: { id: number } };
      deliveries: Array<{ destination: string; status: string }>;
    };
    expect(body.lead).toMatchObject({ lead_id: id, lead_status: "Complete", location: { id: 2021 } });
    expect(body.deliveries[0]).toMatchObject({ destination: "crm", status: "pending" });
    expect((await get(sunshine, id, "Bearer s3cret")).status).toBe(404);
    expect((await get(harbour, "not-a-uuid", "Bearer s3cret")).status).toBe(404);
  });
});
