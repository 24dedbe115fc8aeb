// The journey's step machine lives with its server side in runtime/payments/journey/steps.ts; the
// page's components still import it from here until they are moved to that path.
export * from "@/runtime/payments/journey/steps";
