/** The trade-in form's questions (a browser-safe copy of runtime/leads/valuation.ts ADJUSTMENT_QUESTIONS, tested to match). */

export const ADJUSTMENT_QUESTIONS_CLIENT: readonly { id: string; question: string; options: readonly string[] }[] = [
  { id: "accident", question: "Has the car been in an accident?", options: ["No", "Yes"] },
  { id: "serviceHistory", question: "Does the car have a full service history?", options: ["Yes", "No"] },
  { id: "mechanical", question: "Are there any mechanical issues or warning lights?", options: ["No", "Yes"] },
  { id: "bodyDamage", question: "Is there any body damage, rust or hail damage?", options: ["No", "Yes"] },
  { id: "interior", question: "Is the interior in good condition?", options: ["Yes", "No"] },
  { id: "finance", question: "Is your car currently under finance?", options: ["No", "Yes"] },
];

export const REGO_STATE_OPTIONS = ["QLD", "NSW", "VIC", "TAS", "SA", "WA", "NT", "ACT"].map((s) => ({ value: s, label: s }));
