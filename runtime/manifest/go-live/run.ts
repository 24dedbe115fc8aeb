import { goLiveRules } from "./rules";
import type { GoLiveContext, GoLiveFinding, GoLiveRule } from "./types";

/** Runs the go-live rules in their order; blocking problems first, each kept in its rule's order. */
export function runGoLiveCheck(ctx: GoLiveContext, rules: readonly GoLiveRule[] = goLiveRules): GoLiveFinding[] {
  const found = rules.flatMap((rule) => rule.check(ctx).map((p) => ({ ...p, rule: rule.id })));
  return [...found.filter((p) => p.severity === "blocking"), ...found.filter((p) => p.severity !== "blocking")];
}
