import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * The platform's in-site link: Next's Link, without prefetching unless a caller asks for it.
 *
 * Why not Next's default: Next prefetches a Link's page when it scrolls into view, and on this one
 * dynamic route each prefetch is a full server render (3 to 15 a page view from the header, the
 * footer, breadcrumbs and tiles) of pages most visitors never open, with their client chunks on
 * top (docs/performance.md, "No link prefetches"). A click still navigates on the client.
 * Every in-site link in app, blocks and runtime comes through here (tests/unit/client-imports.test.ts).
 */
export function Link(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
