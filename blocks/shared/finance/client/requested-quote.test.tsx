import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RequestedQuote } from "./RequestedQuote";

const request = { purchasePrice: 21990, loanTerm: 5, year: 2022 } as never;
const classes = { weekly: "w", per: "p", rate: "r", disclaimer: "d" };

describe("RequestedQuote before its answer", () => {
  it("keeps a card's room for the quote, invisible and hidden from assistive technology", () => {
    const html = renderToStaticMarkup(<RequestedQuote request={request} variant="card" classes={classes} disclaimerHref="#finance-disclaimer" />);
    expect(html).toContain('data-testid="requested-quote-pending"');
    expect(html.match(/aria-hidden="true" style="visibility:hidden"/g)).toHaveLength(3);
    expect(html).not.toContain("<a");
  });

  it("shows nothing in the vehicle summary, which has room of its own", () => {
    expect(renderToStaticMarkup(<RequestedQuote request={request} variant="summary" classes={classes} />)).toBe("");
  });
});
