/** Analytics for the finance calculator: event 26 on the first interaction. */

export const FINANCE_CALCULATOR_EVENT = { event: "finance_calculator", event_id: 26 } as const;

interface DataLayerHost {
  dataLayer?: unknown;
}

/**
 * Pushes the calculator event to window.dataLayer when the page has one (a tag manager put it
 * there). No dataLayer: nothing happens. A failing push is a console warning, never an error
 * the visitor sees. Returns whether the event was pushed.
 */
export function pushCalculatorEvent(host: DataLayerHost | undefined = typeof window === "undefined" ? undefined : (window as DataLayerHost)): boolean {
  try {
    const layer = host?.dataLayer as { push?: (entry: unknown) => unknown } | undefined;
    if (!layer || typeof layer.push !== "function") return false;
    layer.push({ ...FINANCE_CALCULATOR_EVENT });
    return true;
  } catch (e) {
    console.warn(`[finance-calculator] analytics event ${FINANCE_CALCULATOR_EVENT.event_id} failed: ${e instanceof Error ? e.message : String(e)}`);
    return false;
  }
}
