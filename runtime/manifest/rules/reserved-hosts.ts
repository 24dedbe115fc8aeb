import type { ManifestRule, RuleProblem } from "./types";

const DIRECTORY_HOSTS = new Set(["localhost", "127.0.0.1"]);

/** Hosts the platform answers on itself: the directory (localhost) and every site's {slug}.localhost. */
export const reservedHosts: ManifestRule = {
  id: "reserved-hosts",
  description: "A listed host is not localhost or a {slug}.localhost address (the platform answers there itself).",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    manifest.hosts.forEach((host, i) => {
      const h = host.toLowerCase();
      if (DIRECTORY_HOSTS.has(h)) problems.push({ pointer: `/hosts/${i}`, message: `host '${host}' is reserved: it shows the directory of sites` });
      else if (h.endsWith(".localhost"))
        problems.push({
          pointer: `/hosts/${i}`,
          message: `host '${host}' is reserved: every site answers on {slug}.localhost already`,
          hint: "list only the dealer's real domains",
        });
    });
    return problems;
  },
};
