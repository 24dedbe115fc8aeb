import type { PreviewContext } from "./preview-overlay";
import type { ComponentType, ReactNode } from "react";
import type { DealerManifest } from "../generated/types";

/** What every block and loader knows about the request it serves. */
export interface SiteContext {
  manifest: DealerManifest;
  /** The route pattern that matched, e.g. "/cars/[slug]" (null on the 404 page). */
  pattern: string | null;
  params: Record<string, string | string[]>;
  pathname: string;
  searchParams: Record<string, string | string[] | undefined>;
  /** Absolute origin of the request, e.g. http://sunshine-chery.localhost:3000 */
  origin: string;
  /** Request time; blocks use it for dated tiles so a render is consistent. */
  now: Date;
  /** On a draft's preview only: its diagnostics, so the renderer marks blocks that failed, were skipped or warn. */
  preview?: PreviewContext;
}

export interface BlockComponentProps<P, D = undefined> {
  props: P;
  /** The loader's result; undefined when the block has no loader or the loader failed. */
  data: D | undefined;
  /** True when the loader failed or timed out: render a degraded state or nothing. */
  dataFailed: boolean;
  site: SiteContext;
  /** Rendered child blocks, by slot name. */
  slots: Record<string, ReactNode>;
  /**
   * What the nearest enclosing block that provides context handed down (see
   * BlockDefinition.provideContext); undefined outside such a block, or when its loader failed.
   */
  context?: unknown;
}

/**
 * A block is a folder in blocks/<type>/ whose index.ts exports a BlockDefinition.
 * `component` must be a server component (it is called on the server inside a guard);
 * interaction goes into small client components it renders.
 */
// `any` by default: the registry holds definitions of every block's own props and data side by side,
// and a definition typed with its props is not assignable to one typed with `unknown` props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface BlockDefinition<P = any, D = any> {
  component: ComponentType<BlockComponentProps<P, D>> | ((p: BlockComponentProps<P, D>) => ReactNode | Promise<ReactNode>);
  /**
   * Optional server data loader, run in parallel with the page's other loaders. A block inside a
   * block that provides context gets that context as its third argument; its loader then waits
   * for the provider's.
   */
  load?: (props: P, site: SiteContext, context?: unknown) => Promise<D>;
  /**
   * Makes this block a layout for the blocks in its slots: what it returns from its loaded data
   * is handed to every block below it (their `context` and their loader's third argument), so
   * shared data such as the vehicle page's car is loaded once. Called only when the loader
   * succeeded.
   */
  provideContext?: (data: D, props: P) => unknown;
  /** Time limit for the loader (default 2500 ms). */
  loaderTimeoutMs?: number;
  /**
   * Optional page metadata from this block (e.g. the vehicle page's title is the car's title).
   * Runs after the block's loader; the loader result is shared with the render of the same request.
   */
  metadata?: (props: P, data: D | undefined, site: SiteContext) => BlockMetadata | null | undefined;
}

export interface BlockMetadata {
  /** The page title before the site's title template is applied. */
  title?: string;
  description?: string;
  /** Keep the page out of search results (with a canonical pointing elsewhere, if given). */
  noindex?: boolean;
  /** A path on this site to use as the canonical URL instead of the page's own. */
  canonicalPath?: string;
  /** An absolute or site-relative image for Open Graph. */
  image?: string;
}

/** The registry the renderer is handed: one definition per block type, each typed with that type's props. */
export type BlockRegistry = Record<string, BlockDefinition>;

/**
 * The registry's type for a block union: a definition per `type`, typed with that block's props,
 * so an entry under the wrong type does not compile.
 */
export type BlockRegistryOf<N extends { type: string; props?: unknown }> = {
  // Each block's loaded data is its own business: only its props are part of the manifest's types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [K in N["type"]]: BlockDefinition<NonNullable<Extract<N, { type: K }>["props"]>, any>;
};

export function defineBlock<P, D = undefined>(def: BlockDefinition<P, D>): BlockDefinition<P, D> {
  return def;
}
