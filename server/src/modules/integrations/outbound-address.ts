import ipaddr from 'ipaddr.js';

/**
 * Which addresses an integration may reach (issue 26 item 4; decisions/integrations.md "Outbound
 * calls"): a public address only. Loopback, private, link-local, unique-local, unspecified,
 * carrier-grade NAT, multicast, reserved and the IPv6 forms that carry an IPv4 address (mapped,
 * compatible, NAT64, 6to4, Teredo) are inside the network, in every notation: the WHATWG URL parser
 * turns 127.1, 2130706433, 0x7f000001 and 0177.0.0.1 into 127.0.0.1 before the check. Names that only
 * exist inside a network (localhost, *.internal, *.local, *.home.arpa, one-label names) are refused
 * when saved; any other name is checked on every connection against what it resolves to
 * (outbound-http.ts).
 *
 * `INTEGRATIONS_ALLOW_PRIVATE_ADDRESSES` (local test platforms only) lifts the rule: `1` for every
 * address and name, or a comma-separated list of addresses or networks (`127.0.0.2`, `10.1.0.0/16`)
 * allowed as literal addresses and as what a name resolves to.
 */
export interface OutboundPolicy {
  /** Plain http allowed (INTEGRATIONS_ALLOW_HTTP). */
  allowHttp: boolean;
  /** Internal addresses allowed: all (true), none (false) or these networks. */
  allowPrivate: boolean | readonly string[];
}

export const policyOf = (config: {
  integrationsAllowHttp: boolean;
  integrationsAllowPrivateAddresses: boolean | readonly string[];
}): OutboundPolicy => ({
  allowHttp: config.integrationsAllowHttp,
  allowPrivate: config.integrationsAllowPrivateAddresses,
});

/** IPv6 networks ipaddr.js calls unicast that still reach IPv4 or local space. */
const EXTRA_INTERNAL = [
  ipaddr.parseCIDR('::/96'), // IPv4-compatible (deprecated): ::127.0.0.1
  ipaddr.parseCIDR('64:ff9b:1::/48'), // NAT64 for local use (RFC 8215)
];

/** An IP address (no brackets) inside the network; false for anything that is not an address. */
export function isInternalAddress(raw: string): boolean {
  const host = raw.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(host)) return false;
  const ip = ipaddr.process(host); // ::ffff:a.b.c.d becomes a.b.c.d
  if (ip.range() !== 'unicast') return true;
  return ip.kind() === 'ipv6' && EXTRA_INTERNAL.some((net) => ip.match(net));
}

/** The address is allowed by the policy's exceptions. */
export function privateAllowed(policy: OutboundPolicy, address: string): boolean {
  if (policy.allowPrivate === true) return true;
  if (policy.allowPrivate === false) return false;
  const host = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(host)) return false;
  const ip = ipaddr.process(host);
  return policy.allowPrivate.some((entry) => {
    const net = entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : ([ipaddr.process(entry), ipaddr.process(entry).kind() === 'ipv4' ? 32 : 128] as const);
    const n =
      net[0].kind() === 'ipv6' && (net[0] as ipaddr.IPv6).isIPv4MappedAddress()
        ? ([(net[0] as ipaddr.IPv6).toIPv4Address(), Math.max(0, net[1] - 96)] as const)
        : net;
    return n[0].kind() === ip.kind() && ip.match([n[0], n[1]] as [ipaddr.IPv4 | ipaddr.IPv6, number]);
  });
}

/** A resolved or literal address the policy refuses. */
export const addressRefused = (policy: OutboundPolicy, address: string) =>
  isInternalAddress(address) && !privateAllowed(policy, address);

const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)\.?$/i;

/** Why an integration address may not be saved, or null. `format`: not an http(s) address. */
export type AddressProblem = 'format' | 'http' | 'private';

export function addressProblem(raw: string, policy: OutboundPolicy): AddressProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'format';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'format';
  if (url.username || url.password) return 'format';
  if (url.protocol === 'http:' && !policy.allowHttp) return 'http';
  if (policy.allowPrivate === true) return null;
  const host = url.hostname;
  if (ipaddr.isValid(host.replace(/^\[|\]$/g, ''))) return addressRefused(policy, host) ? 'private' : null;
  // A name: those only a local network resolves are refused now; the others at every connection.
  if (!host.includes('.') || INTERNAL_NAME.test(host)) return 'private';
  return null;
}
