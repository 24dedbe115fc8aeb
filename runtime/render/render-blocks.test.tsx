import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notFound } from "next/navigation";
import { isNotFoundSignal } from "@/tests/helpers/next-signals";
import type { BlockNode } from "../generated/types";
import type { LoaderOutcome } from "./loaders";
import { renderBlocks } from "./render-blocks";
import type { BlockComponentProps, BlockDefinition } from "./types";
import { blockSite } from "@/tests/helpers/block-site";

const site = blockSite(
  { slug: "test-dealer", features: { finance: true, blog: false } },
  { origin: "http://test-dealer.localhost:3000", now: new Date("2026-03-02T00:00:00Z") },
);

const registry: Record<string, BlockDefinition> = {
  text: { component: ({ props }: BlockComponentProps<{ text: string }>) => <p>{props.text}</p> },
  broken: {
    component: () => {
      throw new Error("render boom");
    },
  },
  "broken-async": {
    component: async () => {
      throw new Error("async boom");
    },
  },
  "async-text": { component: async ({ props }: BlockComponentProps<{ text: string }>) => <p>{props.text}</p> },
  box: {
    component: ({ slots }: BlockComponentProps<unknown>) => (
      <section>
        <div className="main">{slots.main}</div>
        <aside>{slots.side}</aside>
      </section>
    ),
  },
  data: { component: ({ data, dataFailed }: BlockComponentProps<unknown, string>) => <p>{dataFailed ? "no data" : `data:${data}`}</p> },
};

const text = (t: string, extra: Record<string, unknown> = {}) => ({ type: "text", props: { text: t }, ...extra }) as unknown as BlockNode;
const node = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as unknown as BlockNode;

async function html(nodes: BlockNode[], outcomes = new Map<string, LoaderOutcome>(), reg = registry): Promise<string> {
  return renderToStaticMarkup(<>{(await renderBlocks(nodes, "page", { registry: reg, outcomes, site })) as ReactNode}</>);
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe("renderBlocks", () => {
  it("renders blocks in order", async () => {
    expect(await html([text("one"), text("two")])).toBe("<p>one</p><p>two</p>");
  });

  it("leaves out a block whose component throws and renders the others", async () => {
    expect(await html([text("before"), node("broken"), text("after")])).toBe("<p>before</p><p>after</p>");
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("block=broken key=page.1 failed to render: render boom"));
  });

  it("leaves out an async block that rejects and renders the others", async () => {
    expect(await html([node("broken-async"), node("async-text", { props: { text: "ok" } })])).toBe("<p>ok</p>");
  });

  it("does not render (or call) a block behind a disabled flag", async () => {
    const component = vi.fn(() => <p>news</p>);
    expect(await html([text("shown"), node("news", { flag: "blog" })], new Map(), { ...registry, news: { component } })).toBe("<p>shown</p>");
    expect(component).not.toHaveBeenCalled();
  });

  it("does not render a block behind an undeclared flag", async () => {
    expect(await html([text("hidden", { flag: "compare" })])).toBe("");
  });

  it("renders a block behind an enabled flag", async () => {
    expect(await html([text("finance", { flag: "finance" })])).toBe("<p>finance</p>");
  });

  it("renders slot children into the parent", async () => {
    const tree = [node("box", { slots: { main: [text("m1"), text("m2")], side: [text("s1")] } })];
    expect(await html(tree)).toBe('<section><div class="main"><p>m1</p><p>m2</p></div><aside><p>s1</p></aside></section>');
  });

  it("applies flags and error isolation inside slots too", async () => {
    const tree = [node("box", { slots: { main: [text("keep"), node("broken"), text("off", { flag: "blog" })] } })];
    expect(await html(tree)).toBe('<section><div class="main"><p>keep</p></div><aside></aside></section>');
  });

  it("gives a block its loader's data by key, and dataFailed when the loader failed", async () => {
    const outcomes = new Map<string, LoaderOutcome>([
      ["page.0", { ok: true, data: "stock" }],
      ["page.1", { ok: false, reason: "timeout" }],
    ]);
    expect(await html([node("data"), node("data")], outcomes)).toBe("<p>data:stock</p><p>no data</p>");
  });

  it("gives slot children their loader data by slot key", async () => {
    const outcomes = new Map<string, LoaderOutcome>([["page.0.slots.main.0", { ok: true, data: "inner" }]]);
    expect(await html([node("box", { slots: { main: [node("data")] } })], outcomes)).toBe(
      '<section><div class="main"><p>data:inner</p></div><aside></aside></section>',
    );
  });

  it("renders nothing for a type missing from the registry", async () => {
    expect(await html([node("nope"), text("ok")])).toBe("<p>ok</p>");
  });
  it("lets notFound() from a block through (Next's control flow is not swallowed) and logs nothing", async () => {
    const reg = { ...registry, missing: { component: () => notFound() } };
    const error = await renderBlocks([text("before"), node("missing")], "page", { registry: reg, outcomes: new Map(), site }).catch((e: unknown) => e);
    expect(isNotFoundSignal(error)).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });
});
