import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { documentStatus, NOT_FOUND_MARK } from "./not-found-status.mjs";
import { notFoundAnswer } from "@/runtime/render/not-found-page";

describe("a page answering with the dealer's 404 leaves as 404", () => {
  it("is 404 when the document carries the mark React writes for a not-found answer", () => {
    const html = renderToStaticMarkup(<body>{notFoundAnswer(<h1>Page not found</h1>)}</body>);
    expect(html).toContain(NOT_FOUND_MARK);
    expect(documentStatus(200, Buffer.from(html))).toBe(404);
  });

  it("keeps any other status, and no text on a page can spell the mark", () => {
    expect(documentStatus(200, Buffer.from("<h1>Home</h1>"))).toBe(200);
    expect(documentStatus(500, Buffer.from(NOT_FOUND_MARK))).toBe(500);
    const spelled = renderToStaticMarkup(<p title={NOT_FOUND_MARK}>{NOT_FOUND_MARK}</p>);
    expect(documentStatus(200, Buffer.from(spelled))).toBe(200);
  });
});
