import { isEnabled } from "../../../flags";
import { matchRoute } from "../../../routing";
import type { DealerManifest } from "../../../generated/types";
import type { GoLiveProblem, GoLiveRule } from "../types";

interface MenuLink {
  label: string;
  href?: string;
  flag?: string;
  children?: MenuLink[];
}

/** Every menu link that is shown (its own feature on) with its pointer: header entries, their dropdowns and footer columns. */
function shownLinks(manifest: DealerManifest): { link: MenuLink; pointer: string }[] {
  const out: { link: MenuLink; pointer: string }[] = [];
  const add = (links: readonly MenuLink[] | undefined, base: string) =>
    (links ?? []).forEach((link, i) => {
      if (!isEnabled(manifest, link.flag)) return;
      out.push({ link, pointer: `${base}/${i}` });
      add(link.children, `${base}/${i}/children`);
    });
  add(manifest.menus?.header as MenuLink[] | undefined, "/menus/header");
  (manifest.menus?.footer ?? []).forEach((column, c) => add(column.items as MenuLink[], `/menus/footer/${c}/items`));
  return out;
}

/**
 * A menu link leads to a page a shopper can read: one that exists with its feature on (a page whose
 * feature is off answers "not found") and that holds at least one block.
 */
export const menuPages: GoLiveRule = {
  id: "menu-pages",
  description: "Menu links lead to pages that exist and have content.",
  check({ manifest }) {
    const patterns = Object.keys(manifest.routes ?? {});
    const problems: GoLiveProblem[] = [];
    for (const { link, pointer } of shownLinks(manifest)) {
      if (!link.href?.startsWith("/")) continue;
      const path = link.href.split(/[?#]/)[0] || "/";
      const match = matchRoute(patterns, path);
      const route = match ? manifest.routes[match.pattern] : undefined;
      const at = `${pointer}/href`;
      if (!route || !isEnabled(manifest, route.flag))
        problems.push({
          pointer: at,
          severity: "warning",
          message: `The menu link '${link.label}' goes to ${path}, which is not a page of this site${route ? ` (its feature '${route.flag}' is off)` : ""}: shoppers would get "not found"`,
          hint: route ? `turn on the feature '${route.flag}', or remove the link` : "link to an existing page, or add the page",
        });
      else if (!route.blocks?.length)
        problems.push({
          pointer: at,
          severity: "warning",
          message: `The menu link '${link.label}' goes to ${path}, which has no content yet: shoppers would see an empty page`,
          hint: `add blocks to the page ${match!.pattern}, or remove the link`,
        });
    }
    return problems;
  },
};
