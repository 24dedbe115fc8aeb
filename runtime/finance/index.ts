/** The finance engine's public API: pure TypeScript, no React or Next. */
export * from "./settings";
export * from "./defaults";
export * from "./fees";
export * from "./repayment";
export * from "./comparison-rate";
export * from "./input-rules";
export * from "./eligibility";
export * from "./estimate";
export * from "./calculator";
export * from "./quote";
export * from "./format";
