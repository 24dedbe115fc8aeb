import { siteTimeZone } from "../../time";
import { blocksOf } from "./block-tree";
import { windowProblems } from "./tile-dates";
import type { ManifestRule, RuleProblem } from "./types";

interface WheelProps {
  campaign?: { start?: string; expiry?: string; repeat?: string };
  prizes?: Array<{ id?: string; chance?: number }>;
}

/**
 * What is wrong with a prize wheel beyond its schema, pointers relative to the block's props: the
 * chances add up to 100% at most (the rest is "no prize"), each prize id is once on the wheel, and
 * a dated campaign opens before it closes. The page's draw refuses the same wheels.
 */
export function wheelProblems(props: WheelProps, timeZone: string): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const prizes = props.prizes ?? [];
  const total = prizes.reduce((sum, p) => sum + (p.chance ?? 0), 0);
  if (total > 100)
    problems.push({
      pointer: "/prizes",
      message: `the prizes' chances add up to ${total}%, more than 100%`,
      hint: "lower the chances so they total 100 or less",
    });
  const seen = new Set<string>();
  prizes.forEach((p, i) => {
    if (p.id && seen.has(p.id))
      problems.push({ pointer: `/prizes/${i}/id`, message: `prize id '${p.id}' is on the wheel twice`, hint: "give each prize its own id" });
    if (p.id) seen.add(p.id);
  });
  for (const p of windowProblems(props.campaign ?? {}, timeZone, "the campaign"))
    problems.push({
      ...p,
      pointer: `/campaign${p.pointer}`,
      // The wheel's own words for a campaign that would never open.
      message: p.message.replace(/^the campaign expires \((.*)\) before or when it starts \((.*)\)$/, "the campaign closes ($1) before or when it opens ($2)"),
    });
  return problems;
}

/** Every spin-to-win block's wheel is one that can be drawn from. */
export const spinToWin: ManifestRule = {
  id: "spin-to-win",
  description: "A spin-to-win wheel's chances total 100% at most, its prize ids are unique and its campaign opens before it closes.",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    for (const { node, pointer } of blocksOf(manifest)) {
      if (node.type !== "spin-to-win") continue;
      for (const p of wheelProblems((node.props ?? {}) as WheelProps, siteTimeZone(manifest))) problems.push({ ...p, pointer: `${pointer}/props${p.pointer}` });
    }
    return problems;
  },
};
