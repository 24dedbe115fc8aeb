import type { GoLiveProblem, GoLiveRule } from "../types";

/** The other half of a www pair: "www.x.com.au" ↔ "x.com.au"; null for a name with no other half (a single label). */
export function wwwPartner(host: string): string | null {
  const h = host.toLowerCase();
  if (h.startsWith("www.")) return h.slice(4).includes(".") ? h.slice(4) : null;
  return h.includes(".") ? `www.${h}` : null;
}

/**
 * Going live, a dealer's domain answers both as www.x and as the bare x: people type either, and
 * a link without www. must not land on a certificate error or "site not found". Blocking: for
 * every host (and redirect host) www.x, x must be among the dealer's hosts or redirectHosts, and
 * for every bare x, www.x too; the usual way is one in hosts and the other in redirectHosts.
 */
export const domainsCovered: GoLiveRule = {
  id: "domains-covered",
  description: "Each domain answers with and without www. (one of the two in hosts, the other in hosts or redirectHosts).",
  check({ manifest }) {
    const redirects = manifest.redirectHosts ?? [];
    const all = new Set([...manifest.hosts, ...redirects].map((h) => h.toLowerCase()));
    const problems: GoLiveProblem[] = [];
    const look = (list: readonly string[], field: "hosts" | "redirectHosts") =>
      list.forEach((host, i) => {
        const partner = wwwPartner(host);
        if (!partner || all.has(partner)) return;
        const bare = host.toLowerCase().startsWith("www.");
        problems.push({
          pointer: `/${field}/${i}`,
          severity: "blocking",
          message: bare
            ? `'${host}' is listed but '${partner}' is not: people who type the address without www. would reach no site`
            : `'${host}' is listed but '${partner}' is not: people who type www. would reach no site`,
          hint: `add "${partner}" to redirectHosts (it then answers with a permanent redirect to ${manifest.hosts[0] ?? host}), and point its DNS at the platform (docs/authoring.md)`,
        });
      });
    look(manifest.hosts, "hosts");
    look(redirects, "redirectHosts");
    return problems;
  },
};
