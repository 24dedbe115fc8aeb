import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { renderInline } from "./inline";

const html = (text: string) => renderToStaticMarkup(<p>{renderInline(text)}</p>);

describe("rich text inline subset", () => {
  it("renders bold and site links", () => {
    expect(html("See **all** our [stock](/search/new-used-and-demo-cars).")).toBe(
      '<p>See <strong>all</strong> our <a href="/search/new-used-and-demo-cars">stock</a>.</p>',
    );
  });
  it("escapes dealer-supplied HTML instead of injecting it", () => {
    const out = html('<img src=x onerror="alert(1)"> <script>alert(1)</script>');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;script&gt;");
  });
  it("drops javascript: links but keeps their label", () => {
    expect(html("[click](javascript:alert(1))")).toBe("<p>click</p>");
  });
});
