import type { GoLiveRule } from "../types";

/** A site with no host answers on no domain of its own: only on its preview address. */
export const hosts: GoLiveRule = {
  id: "hosts",
  description: "The dealer lists the domain its site answers on.",
  check({ manifest }) {
    if ((manifest.hosts ?? []).length > 0) return [];
    return [
      {
        pointer: "/hosts",
        severity: "blocking",
        message: "The site has no web address: no host is listed, so it answers on no domain of its own",
        hint: "add the dealer's domain under hosts, both forms if they have them (for example www.dealer.com.au and dealer.com.au)",
      },
    ];
  },
};
