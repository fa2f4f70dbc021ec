/**
 * The device API's answer schemas (zod), loaded apart from the app's shell: the first screen needs no
 * zod, and the chunk arrives (or comes from the service worker's cache) before the first answer.
 */
export { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
export {
  DeviceAuthResult,
  DeviceOccupancy,
  DeviceRedeemResult,
  DeviceTicket,
  DeviceWristband,
  DeviceWristbandHistory,
} from '@pulsera/contracts/terminals/feed-devices';
export { SyncResult } from '@pulsera/contracts/terminals/feed-sync';
export { DeviceTicketList } from '@pulsera/contracts/terminals/ticket-list';
