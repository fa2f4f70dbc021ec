/**
 * How a gate's ticket list names a ticket (issue 30): a hash of its code, so the list held on a
 * terminal is not a list of valid codes. Apart from ticket-list.ts so the terminal's shell, which
 * carries no zod, can import it.
 */
// Web Crypto as both the browser and Node 20 have it (contracts has neither DOM nor Node types).
declare const crypto: { subtle: { digest(alg: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> } };
declare const TextEncoder: new () => { encode(text: string): Uint8Array };

/**
 * A ticket code as the list carries it: SHA-256 of `event id:code` (trimmed, as the gate reads it),
 * the first 128 bits in hex. The event id keeps one event's hashes useless for another's.
 */
export async function ticketHash(eventId: number, code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${eventId}:${code.trim()}`));
  return Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}
