import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { GoLiveList } from "./GoLiveList";

const problem = (over: Record<string, unknown>) => ({ pointer: "/theme/favicon", message: "No favicon", line: 3, column: 1, ...over });

describe("the studio's go-live list", () => {
  it("lists only the go-live problems among the warnings, open when one blocks, blocking ones named so", () => {
    const out = renderToStaticMarkup(
      <GoLiveList
        problems={[
          problem({ message: "a picture warning" }),
          problem({ goLive: "warning", hint: "upload one" }),
          problem({ goLive: "blocking", pointer: "/forms/destinations", message: "Enquiries reach no one", line: 9 }),
        ]}
      />,
    );
    expect(out).toContain('<details class="studio-go-live" data-go-live="blocking" open="">');
    expect(out).toContain("Go-live check: 1 blocking, 1 warning");
    expect(out).toContain("<strong>Blocks going live:</strong> Enquiries reach no one");
    expect(out).toContain("No favicon. To fix: upload one.");
    expect(out).not.toContain("a picture warning");
  });

  it("is closed with warnings only, and absent without any", () => {
    expect(renderToStaticMarkup(<GoLiveList problems={[problem({ goLive: "warning" })]} />)).toMatch(
      /^<section aria-label="Go-live check"><details class="studio-go-live" data-go-live="warnings">/,
    );
    expect(renderToStaticMarkup(<GoLiveList problems={[problem({})]} />)).toBe("");
  });
});
