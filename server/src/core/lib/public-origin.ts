import type { Config } from '../config';

/**
 * This server's public address, the origin of every link it writes (e-mails, QR codes, OAuth
 * callbacks, return addresses): the PUBLIC_URL setting (config.ts: required outside the demo, derived
 * from HOST and PORT in it). Never the address a request reached: its Host header is the caller's to
 * choose, so a reset link built from it would point wherever the caller liked.
 */
export const serverOrigin = (config: Pick<Config, 'publicUrl'>) => config.publicUrl;
