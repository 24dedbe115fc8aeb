import { matchRoute } from "../../routing";
import { safeHref } from "../../safe-href";
import { isDefaultHeader } from "../default-menu";
import type { ManifestRule } from "./types";
import { walkJson } from "./types";

/** Every `href` in the manifest (menus, tiles, block props) is a route of this site or an absolute URL. */
export const linksResolve: ManifestRule = {
  id: "links-resolve",
  description: "Menu, tile and block links point to a defined route or an absolute URL.",
  check({ manifest }) {
    const patterns = Object.keys(manifest.routes ?? {});
    const problems: ReturnType<ManifestRule["check"]> = [];
    // The default navigation is not the dealer's writing: its links to pages this site lacks are left out when it renders.
    const skipHeader = isDefaultHeader(manifest.menus?.header);
    walkJson(manifest, (value, pointer, key) => {
      if (skipHeader && pointer.startsWith("/menus/header/")) return;
      if (key !== "href" || typeof value !== "string") return;
      if (/^(https?:\/\/|mailto:|tel:|sms:|#)/.test(value)) {
        if (/^http:\/\//.test(value)) problems.push({ pointer, message: `link '${value}' uses http; use https` });
        return;
      }
      if (!value.startsWith("/") || safeHref(value) === null) {
        problems.push({ pointer, message: `link '${value}' is neither a site path (starting with /) nor an absolute https URL` });
        return;
      }
      const pathOnly = value.split(/[?#]/)[0] || "/";
      if (!matchRoute(patterns, pathOnly)) {
        problems.push({
          pointer,
          message: `link '${value}' does not match any route of this site`,
          hint: `add a route for '${pathOnly}' under /routes, or fix the link`,
        });
      }
    });
    return problems;
  },
};
