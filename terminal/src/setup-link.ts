/**
 * A setup link: `/terminal/#setup=<configuration QR text>&location=<location id>[&gate=<gate id>]`
 * sets a new terminal up with that code and, when the location (or the gate) is one it may work at,
 * places it there. The demo's
 * ready-to-open bar and top-up terminals are such links (server/src/seed/demo-terminals.ts), and so is
 * the console's "Open the terminal in this browser". The code travels in the fragment, which the
 * browser never sends to a server, and is wiped from the address bar (and the history) as soon as it
 * is read.
 */
export interface SetupLink {
  qr: string;
  locationId?: number;
  /** A gate to work at (its scanner's location is `locationId`). */
  gateId?: number;
}

/** Reads the link's setup, once, and removes it from the address. */
export function takeSetupLink(): SetupLink | null {
  const hash = globalThis.location?.hash ?? '';
  if (!hash.startsWith('#')) return null;
  const params = new URLSearchParams(hash.slice(1));
  const qr = params.get('setup')?.trim();
  if (!qr) return null;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  const id = (name: string) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const locationId = id('location');
  const gateId = id('gate');
  return { qr, ...(locationId ? { locationId } : {}), ...(gateId ? { gateId } : {}) };
}
