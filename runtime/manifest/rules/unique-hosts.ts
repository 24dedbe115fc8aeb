export interface SiteIdentity {
  file: string;
  slug: string;
  hosts: string[];
}

export interface UniquenessProblem {
  file: string;
  pointer: string;
  message: string;
}

/** Hosts and slugs are unique across all manifests (a host must never pick two dealers). */
export function findDuplicateHostsAndSlugs(sites: SiteIdentity[]): UniquenessProblem[] {
  const problems: UniquenessProblem[] = [];
  const slugOwner = new Map<string, string>();
  const hostOwner = new Map<string, string>();
  for (const site of sites) {
    const prevSlug = slugOwner.get(site.slug);
    if (prevSlug) problems.push({ file: site.file, pointer: "/slug", message: `slug '${site.slug}' is already used by ${prevSlug}` });
    else slugOwner.set(site.slug, site.file);
    site.hosts.forEach((host, i) => {
      const h = host.toLowerCase();
      const prev = hostOwner.get(h);
      if (prev && prev !== site.file) problems.push({ file: site.file, pointer: `/hosts/${i}`, message: `host '${host}' is already used by ${prev}` });
      else hostOwner.set(h, site.file);
      if (h.endsWith(".localhost"))
        problems.push({ file: site.file, pointer: `/hosts/${i}`, message: `host '${host}' is reserved: every site answers on {slug}.localhost already` });
    });
  }
  return problems;
}
