import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ResolvedSpinToWinProps } from "@/runtime/generated/types";
import { blockSite } from "@/tests/helpers/block-site";
import { SpinToWin } from "./SpinToWin";
import type { SpinToWinData } from "./load";

const props: ResolvedSpinToWinProps = {
  heading: "Spin to win",
  campaign: { id: "harbour-service-spin", name: "Harbour service spin", period: "month" },
  prizes: [
    { id: "car-wash", label: "A free hand car wash", chance: 25 },
    { id: "service-50", label: "$50 off your next service", chance: 10 },
  ],
  howToClaim: "Quote your spin number at the service desk.",
  terms: "One spin per account each month.",
};
const base: SpinToWinData = { signedIn: true, open: true, spin: null, notice: null };
const html = (data: SpinToWinData) =>
  renderToStaticMarkup(<SpinToWin props={props} data={data} dataFailed={false} site={blockSite({}, { pathname: "/spin-to-win" })} slots={{}} />);

describe("spin to win page", () => {
  it("signed in, not yet spun: a plain form post naming the campaign, and the prizes with their chances", () => {
    const out = html(base);
    expect(out).toMatch(/<form[^>]*action="\/api\/spin-to-win" method="post"/);
    expect(out).toContain('name="campaign" value="harbour-service-spin"');
    expect(out).toContain(">Spin the wheel</button>");
    expect(out).toContain("A free hand car wash <span");
    expect(out).toContain("(25% chance)");
    expect(out).toContain("No prize this time <span");
    expect(out).toContain("(65% chance)");
    expect(out).toContain("Terms and conditions");
    // The wheel is a picture: hidden from assistive technology, standing still before the spin.
    expect(out).toMatch(/<div class="[^"]*wheelFrame[^"]*" aria-hidden="true">/);
    expect(out).toContain('data-turn="0"');
  });

  it("signed out: a link to sign in, no form", () => {
    const out = html({ ...base, signedIn: false });
    expect(out).toContain('href="/sign-in?type=spin-to-win&amp;redirect=%2Fspin-to-win&amp;back=%2Fspin-to-win"');
    expect(out).not.toContain("<form");
  });

  it("just won: the prize, how to claim it, the spin number, and the wheel turning to the prize", () => {
    const out = html({ ...base, notice: "spun", spin: { id: "s-1", prizeId: "service-50", prizeLabel: "$50 off your next service" } });
    expect(out).toContain("You won: <strong>$50 off your next service</strong>");
    expect(out).toContain("Quote your spin number at the service desk.");
    expect(out).toContain("Spin number: s-1");
    expect(out).toContain("You can spin again next month.");
    expect(out).not.toContain("<form");
    // The service segment runs from 90° to 126°: its middle (108°) is turned to the top after four turns.
    expect(out).toContain(`data-turn="${4 * 360 + 252}"`);
    expect(out).toMatch(/class="[^"]*wheel[^"]* [^"]*spinning/);
  });

  it("a second spin: told politely it was spun already, with the first result and no animation", () => {
    const out = html({ ...base, notice: "already", spin: { id: "s-1", prizeId: null, prizeLabel: null } });
    expect(out).toContain("You have already spun this month, so the wheel cannot be spun again. Here is your result.");
    expect(out).toContain("No prize this time. Thanks for playing.");
    expect(out).not.toMatch(/spinning/);
    expect(out).not.toContain("<form");
  });

  it("outside the campaign's dates: no form", () => {
    const out = html({ ...base, open: false });
    expect(out).toContain("This promotion is not running at the moment.");
    expect(out).not.toContain("<form");
  });
});
