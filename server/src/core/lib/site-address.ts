/**
 * The online top-up site's address of an event (the event chooser's "online services web address"):
 * with a slug, the site's path (`https://topup.example/sonora-2026`, the form the festival paths
 * redirect to); else with a subdomain, that subdomain of the site's host (`https://sonora.topup.example/`);
 * neither: none. The site answers at both when both are set (docs/decisions/events.md "Online services").
 */
export function topUpSiteAddress(base: string, e: { slug: string | null; subdomain: string | null }) {
  const root = base.replace(/\/+$/, '');
  if (e.slug) return `${root}/${e.slug}`;
  if (!e.subdomain) return null;
  try {
    const url = new URL(root);
    url.hostname = `${e.subdomain}.${url.hostname}`;
    return url.toString();
  } catch {
    return null;
  }
}

/** The subdomain address alone (the form shows both). */
export function topUpSubdomainAddress(base: string, subdomain: string | null) {
  return subdomain ? topUpSiteAddress(base, { slug: null, subdomain }) : null;
}
