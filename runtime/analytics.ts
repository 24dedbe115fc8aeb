/**
 * Analytics events of the stock pages, each with its fixed name and id, pushed to the sink the
 * manifest names (a global array such as window.dataLayer, the default). One call per event; a
 * failure is a console warning, never an error the shopper sees. Safe to import from client
 * components.
 */
export const ANALYTICS_EVENTS = {
  calculator: { event: "calculator_use", event_id: 26 },
  offerAccepted: { event: "offer_accepted", event_id: 18 },
  historyReport: { event: "history_report", event_id: 60 },
  print: { event: "print", event_id: 61 },
  favourite: { event: "favourite", event_id: 39 },
  usedCarView: { event: "used_car_view", event_id: 4 },
  searchPageView: { event: "search_page_view", event_id: 49 },
  save: { event: "save_car" },
  phoneClick: { event: "phone_click" },
} as const;

export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;

export const DEFAULT_ANALYTICS_SINK = "dataLayer";
const SINK_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;

type Host = Record<string, unknown>;

/**
 * Pushes `{ event, event_id?, ...detail }` to `host[sink]`. The default dataLayer is created when
 * missing (as a tag manager expects); another sink must already exist. Returns whether it was pushed.
 */
export function trackEvent(
  name: AnalyticsEventName,
  detail: Record<string, string | number | boolean | null | undefined> = {},
  sink: string | undefined = DEFAULT_ANALYTICS_SINK,
  host: Host | undefined = typeof window === "undefined" ? undefined : (window as unknown as Host),
): boolean {
  try {
    if (!host) return false;
    const sinkName = sink && SINK_NAME.test(sink) ? sink : DEFAULT_ANALYTICS_SINK;
    if (sinkName === DEFAULT_ANALYTICS_SINK && host[sinkName] === undefined) host[sinkName] = [];
    const target = host[sinkName] as { push?: (entry: unknown) => unknown } | undefined;
    if (!target || typeof target.push !== "function") throw new Error(`no analytics sink named ${sinkName}`);
    target.push({ ...detail, ...ANALYTICS_EVENTS[name] });
    return true;
  } catch (e) {
    console.warn(`[analytics] event ${name} not sent: ${e instanceof Error ? e.message : String(e)}`);
    return false;
  }
}
