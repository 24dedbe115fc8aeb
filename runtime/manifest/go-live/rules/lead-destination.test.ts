import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { leadDestination } from "./lead-destination";

const destination = { id: "crm", url: "https://crm.example.com.au/leads", secretEnv: "LEADS_CRM_SECRET" };

describe("go-live rule lead-destination", () => {
  it("blocks a dealer with no lead destination, at forms › destinations", () => {
    const problems = leadDestination.check(goLiveContext());
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ pointer: "/forms/destinations", severity: "blocking" });
    expect(problems[0].message).toMatch(/no lead destination/);
    // The hint names the studio's section and offers the email option before the webhook.
    expect(problems[0].hint).toMatch(/Lead destinations and forms/);
    expect(problems[0].hint!.indexOf("Email")).toBeGreaterThanOrEqual(0);
    expect(problems[0].hint!.indexOf("Email")).toBeLessThan(problems[0].hint!.indexOf("Webhook"));
  });

  it("blocks an empty list the same way", () => {
    expect(leadDestination.check(goLiveContext((m) => (m.forms = { destinations: [] })))).toHaveLength(1);
  });

  it("accepts an email destination as the dealer's destination", () => {
    expect(leadDestination.check(goLiveContext((m) => (m.forms = { destinations: [{ id: "sales-email", email: "sales@dealer.example.com.au" }] })))).toEqual(
      [],
    );
  });

  it("says nothing once one destination is set", () => {
    expect(leadDestination.check(goLiveContext((m) => (m.forms = { destinations: [destination] })))).toEqual([]);
  });
});
