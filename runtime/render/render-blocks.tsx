import "server-only";
import { Fragment, type ReactNode } from "react";
import { unstable_rethrow } from "next/navigation";
import type { BlockNode } from "../generated/types";
import { isEnabled } from "../flags";
import { BlockBoundary } from "./block-boundary";
import { propsOf, type LoaderOutcome } from "./loaders";
import { blockPointer, PreviewMark, problemsOfBlock } from "./preview-overlay";
import type { BlockComponentProps, BlockRegistry, SiteContext } from "./types";
import { clip } from "@/runtime/http/log.mjs";

interface RenderOptions {
  registry: BlockRegistry;
  outcomes: Map<string, LoaderOutcome>;
  site: SiteContext;
  /** What the nearest enclosing context provider handed down (its loader's outcome), if any. */
  context?: unknown;
}

/**
 * Renders a block tree. Each block's own function runs here, inside try/catch, so a block
 * that throws on the server is logged and left out instead of failing the page; the client
 * BlockBoundary does the same for errors after hydration.
 */
export async function renderBlocks(nodes: BlockNode[] | undefined, prefix: string, options: RenderOptions): Promise<ReactNode> {
  const rendered = await Promise.all(
    (nodes ?? []).map(async (node, i) => {
      const key = `${prefix}.${i}`;
      const preview = options.site.preview;
      const pointer = preview ? blockPointer(key, options.site.pattern) : "";
      if (!isEnabled(options.site.manifest, node.flag))
        return preview ? (
          <PreviewMark key={key} kind="skipped" type={node.type} pointer={pointer} text={`the feature '${node.flag}' is off in features`} />
        ) : null;
      const def = options.registry[node.type];
      if (!def) return null; // unreachable: validation refuses unknown types
      const outcome = options.outcomes.get(key);
      // A layout block hands its context to the blocks in its slots (undefined when its loader failed).
      const inner = def.provideContext ? { ...options, context: outcome?.ok ? outcome.context : undefined } : options;
      const slots: Record<string, ReactNode> = {};
      for (const [name, children] of Object.entries(node.slots ?? {})) slots[name] = await renderBlocks(children as BlockNode[], `${key}.slots.${name}`, inner);
      try {
        const Component = def.component as (p: BlockComponentProps<unknown, unknown>) => ReactNode | Promise<ReactNode>;
        const element = await Component({
          props: propsOf(node),
          data: outcome?.ok ? outcome.data : undefined,
          dataFailed: outcome ? !outcome.ok : false,
          site: options.site,
          slots,
          context: options.context,
        });
        const boundary = (
          <BlockBoundary key={key} type={node.type}>
            {element}
          </BlockBoundary>
        );
        if (!preview) return boundary;
        // On a preview, say where a block shows nothing or has a warning (next to it, at its place on the page).
        const problems = problemsOfBlock(preview, pointer);
        const mark =
          element === null || element === undefined ? (
            <PreviewMark
              kind="skipped"
              type={node.type}
              pointer={pointer}
              text="shows nothing here with the current data (no stock, no live tiles…)"
              problems={problems}
            />
          ) : outcome && !outcome.ok ? (
            <PreviewMark kind="warning" type={node.type} pointer={pointer} text="its data did not load; it shows its fallback" problems={problems} />
          ) : problems.length ? (
            <PreviewMark kind="warning" type={node.type} pointer={pointer} text="" problems={problems} />
          ) : null;
        return (
          <Fragment key={key}>
            {mark}
            {boundary}
          </Fragment>
        );
      } catch (error) {
        // notFound(), redirect() and Next's dynamic-rendering signals are control flow, not failures.
        unstable_rethrow(error);
        console.error(
          `[block] site=${options.site.manifest.slug} block=${node.type} key=${key} failed to render: ${clip(error instanceof Error ? error.message : String(error))}`,
        );
        return preview ? (
          <PreviewMark
            key={key}
            kind="failed"
            type={node.type}
            pointer={pointer}
            text={`failed to render: ${error instanceof Error ? error.message : String(error)}; live, it would be left out`}
            problems={problemsOfBlock(preview, pointer)}
          />
        ) : null;
      }
    }),
  );
  return <Fragment>{rendered}</Fragment>;
}
