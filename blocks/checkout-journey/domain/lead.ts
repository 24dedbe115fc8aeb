// The journey's lead lives with its server side in runtime/payments/journey/lead.ts; the page's
// components still import it from here until they are moved to that path.
export * from "@/runtime/payments/journey/lead";
