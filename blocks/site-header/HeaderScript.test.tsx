// @vitest-environment node
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { HeaderScript } from "./HeaderScript";
import { HEADER_PRE_HYDRATION_SCRIPT } from "./pre-hydration";

describe("the header's pre-hydration script", () => {
  it("is written into the server's HTML", () => {
    expect(renderToStaticMarkup(<HeaderScript />)).toBe(`<script>${HEADER_PRE_HYDRATION_SCRIPT}</script>`);
  });
});
