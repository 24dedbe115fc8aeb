/**
 * Enquiry analytics events: 14 new, 15 used, 17 test-drive-only or new test drive,
 * 48 used test drive, 18 trade-in offer accepted. Pushed to window.dataLayer; a failure is a
 * console warning, never an error the visitor sees.
 */
export const LEAD_EVENT_IDS = { enquiryNew: 14, enquiryUsed: 15, testDriveNew: 17, testDriveUsed: 48, offerAccepted: 18 } as const;

/** The event id of a submitted lead: used cars 15 (48 for a test drive); otherwise 14 (17 for a test drive). */
export function leadEventId(form: string | undefined, carType: string | undefined): number {
  const used = carType === "used";
  if (form === "test-drive") return used ? LEAD_EVENT_IDS.testDriveUsed : LEAD_EVENT_IDS.testDriveNew;
  return used ? LEAD_EVENT_IDS.enquiryUsed : LEAD_EVENT_IDS.enquiryNew;
}

export function pushLeadEvent(eventId: number, detail: Record<string, string | number | boolean | undefined> = {}): boolean {
  try {
    const w = window as unknown as { dataLayer?: { push?: (e: unknown) => unknown } };
    w.dataLayer ??= [] as unknown as { push: (e: unknown) => unknown };
    if (typeof w.dataLayer.push !== "function") throw new Error("window.dataLayer has no push");
    w.dataLayer.push({ event: eventId === LEAD_EVENT_IDS.offerAccepted ? "offer_accepted" : "lead_submitted", event_id: eventId, ...detail });
    return true;
  } catch (e) {
    console.warn(`[forms] analytics event ${eventId} not sent: ${e instanceof Error ? e.message : String(e)}`);
    return false;
  }
}
