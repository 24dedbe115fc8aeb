import { describe, expect, it } from "vitest";
import { schemaValidManifest, ruleContext } from "../../../tests/helpers/manifest-fixture";
import { spinToWin } from "./spin-to-win";

const wheel = (props: Record<string, unknown>) =>
  spinToWin.check(
    ruleContext(
      schemaValidManifest((m) => {
        (m.routes as Record<string, unknown>)["/spin-to-win"] = { title: "Spin", blocks: [{ type: "spin-to-win", props }] };
      }),
    ),
  );
const campaign = { id: "spin", name: "Spin" };

describe("rule spin-to-win", () => {
  it("accepts a wheel whose chances total 100% or less", () => {
    expect(wheel({ campaign, prizes: [{ id: "a", label: "A", chance: 100 }] })).toEqual([]);
    expect(wheel({ campaign, prizes: [{ id: "a", label: "A", chance: 5 }] })).toEqual([]);
  });

  it("refuses chances over 100%, a prize id twice and a campaign that closes before it opens", () => {
    const problems = wheel({
      campaign: { ...campaign, start: "2027-01-01", expiry: "2026-12-01" },
      prizes: [
        { id: "a", label: "A", chance: 60 },
        { id: "a", label: "B", chance: 50 },
      ],
    });
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      ["/routes/~1spin-to-win/blocks/0/props/prizes", "the prizes' chances add up to 110%, more than 100%"],
      ["/routes/~1spin-to-win/blocks/0/props/prizes/1/id", "prize id 'a' is on the wheel twice"],
      ["/routes/~1spin-to-win/blocks/0/props/campaign/expiry", "the campaign closes (2026-12-01) before or when it opens (2027-01-01)"],
    ]);
  });

  it("accepts a campaign that opens every year, and refuses a yearly one without its expiry", () => {
    const prizes = [{ id: "a", label: "A", chance: 50 }];
    expect(wheel({ campaign: { ...campaign, start: "2026-12-01", expiry: "2027-03-01", repeat: "yearly" }, prizes })).toEqual([]);
    expect(wheel({ campaign: { ...campaign, start: "2026-12-01", repeat: "yearly" }, prizes }).map((p) => [p.pointer, p.message])).toEqual([
      ["/routes/~1spin-to-win/blocks/0/props/campaign/expiry", "the campaign repeats yearly but has no expiry"],
    ]);
  });
});
