/**
 * The API contract shared by every call (ARCHITECTURE.md "The API contract").
 * Success: HTTP 200 `{ error: 0, result, token? }`. Failure: `{ error: <code>, description, fields? }`.
 * This module holds no zod (the error codes, the headers, the envelope's type), so the sign-in page's
 * first load does not carry zod; the envelope's schemas and the list protocol are in envelope.ts.
 */

/** Error codes carried in the body's `error`. Each has one HTTP status and one message key. */
export const ERRORS = {
  validation: { code: 400, status: 400 },
  unauthorized: { code: 401, status: 401 },
  tokenExpired: { code: 440, status: 401 },
  forbidden: { code: 403, status: 403 },
  notFound: { code: 404, status: 404 },
  routeNotFound: { code: 404, status: 404 },
  conflict: { code: 409, status: 409 },
  staleUpdate: { code: 409, status: 409 },
  tooLarge: { code: 413, status: 413 },
  unsupportedMedia: { code: 415, status: 415 },
  passwordExpired: { code: 418, status: 403 },
  mustChangePassword: { code: 418, status: 403 },
  tokenEventTrustsExpired: { code: 419, status: 401 },
  eventNotSelected: { code: 420, status: 400 },
  tooManyAttempts: { code: 429, status: 429 },
  internal: { code: 500, status: 500 },
  // Answered by the HTTP layer before a route runs, or by the database for a value it cannot hold.
  requestTimeout: { code: 408, status: 408 },
  headersTooLarge: { code: 431, status: 431 },
  urlTooLong: { code: 414, status: 414 },
  malformedRequest: { code: 400, status: 400 },
  valueOutOfRange: { code: 400, status: 400 },
  otpRequired: { code: 532, status: 401 },
  invalidCredentials: { code: 1001, status: 401 },
  invalidOtp: { code: 1002, status: 401 },
  /** A recovery code that signed in once already (issue 14). */
  recoveryCodeUsed: { code: 1012, status: 401 },
  invalidToken: { code: 1003, status: 400 },
  passwordPolicy: { code: 1004, status: 400 },
  passwordReused: { code: 1005, status: 400 },
  userDisabled: { code: 1006, status: 401 },
  enablePosTokenError: { code: 1007, status: 400 },
  eventClosed: { code: 1008, status: 409 },
  duplicateName: { code: 1009, status: 409 },
  malformedJson: { code: 1010, status: 400 },
  inUse: { code: 1011, status: 409 },
  // A delete refused by a foreign key, named by what still refers to it (the code of inUse).
  inUseByFees: { code: 1011, status: 409 },
  inUseByRefundRules: { code: 1011, status: 409 },
  inUseByBonuses: { code: 1011, status: 409 },
  inUseByPacks: { code: 1011, status: 409 },
  inUseByRols: { code: 1011, status: 409 },
  inUseByFlags: { code: 1011, status: 409 },
  inUseByAddons: { code: 1011, status: 409 },
  inUseByMenus: { code: 1011, status: 409 },
  inUseByKitchens: { code: 1011, status: 409 },
  inUseByGates: { code: 1011, status: 409 },
  inUseByLocations: { code: 1011, status: 409 },
  inUseByZones: { code: 1011, status: 409 },
  inUseByEvents: { code: 1011, status: 409 },
  inUseByArticles: { code: 1011, status: 409 },
  // A language events still use (named in the description): not deleted, its iso not changed.
  languageUsedByEvents: { code: 1011, status: 409 },
  languageIsoUsedByEvents: { code: 1011, status: 409 },
  // Terminal feed (1400-1499)
  deviceAuthFailed: { code: 1400, status: 401 },
  deviceInactive: { code: 1401, status: 403 },
  deviceNotAssigned: { code: 1402, status: 409 },
  deviceTokenInvalid: { code: 1403, status: 401 },
  deviceQrWrongServer: { code: 1404, status: 400 },
  deviceAuthorizationExpired: { code: 1405, status: 403 },
  // Customers and devices of the event (1500-1599)
  customerSearchEmpty: { code: 1500, status: 400 },
  refundExists: { code: 1501, status: 409 },
  refundNeedsWristband: { code: 1502, status: 409 },
  refundsEditDenied: { code: 1503, status: 403 },
  topUpAlreadyRefunded: { code: 1504, status: 409 },
  deviceSerialTaken: { code: 1505, status: 409 },
  deviceHasHistory: { code: 1506, status: 409 },
  // Event detail (1200-1299)
  qrInvalid: { code: 1201, status: 400 },
  qrExpired: { code: 1202, status: 400 },
  // Shared uploads (1100-1199).
  uploadAddressExpired: { code: 1100, status: 401 },
  uploadAddressInvalid: { code: 1101, status: 400 },
  uploadAddressUsed: { code: 1102, status: 409 },
  imageTypeMismatch: { code: 1103, status: 415 },
  imageTypeUnknown: { code: 1104, status: 415 },
  imageSvgUnsafe: { code: 1105, status: 415 },
  imageUnreadable: { code: 1106, status: 400 },
  imageDimensions: { code: 1107, status: 400 },
  imageRatio: { code: 1108, status: 400 },
  imageTooLarge: { code: 1109, status: 413 },
  imageNotUploaded: { code: 1110, status: 404 },
  // Venue and access (1300-1399)
  locationUsedByGate: { code: 1300, status: 409 },
  locationUsedByKitchen: { code: 1301, status: 409 },
  zoneHasChildren: { code: 1302, status: 409 },
  zoneUsedByGate: { code: 1303, status: 409 },
  roomUsedByKitchen: { code: 1304, status: 409 },
  gateUsedByLocation: { code: 1305, status: 409 },
  locationUsedByStaff: { code: 1306, status: 409 },
  locationUsedByParams: { code: 1307, status: 409 },
  locationHasMenu: { code: 1308, status: 409 },
  roomUsedByStaff: { code: 1309, status: 409 },
  timeRangeUsedByArticles: { code: 1310, status: 409 },
  // Catalogue: flags, add-ons, bonuses, fees, refund rules (1650-1699; 1600-1649 articles and packs)
  flagLimit: { code: 1650, status: 409 },
  flagUsedByAddon: { code: 1651, status: 409 },
  bonusTypeInUse: { code: 1652, status: 409 },
  flagUsedByArticles: { code: 1653, status: 409 },
  flagHeldByWristbands: { code: 1654, status: 409 },
  addonUsedByArticles: { code: 1655, status: 409 },
  addonUsedByRols: { code: 1656, status: 409 },
  // Catalogue: articles, location articles, packs (1600-1649)
  errorArticleDuplicatePack: { code: 1600, status: 409 },
  articleInMenu: { code: 1601, status: 409 },
  articleInPack: { code: 1602, status: 409 },
  articleIsBase: { code: 1603, status: 409 },
  articleInExchange: { code: 1604, status: 409 },
  articleInFlagPrice: { code: 1605, status: 409 },
  articleInAddonGift: { code: 1606, status: 409 },
  articleInTagCounter: { code: 1607, status: 409 },
  locationWithoutMenu: { code: 1608, status: 409 },
  // Staff and staff import (1700-1799)
  staffUserTaken: { code: 1700, status: 409 },
  staffDuplicated: { code: 1701, status: 400 },
  staffImportMissing: { code: 1702, status: 400 },
  staffImportTrusts: { code: 1703, status: 400 },
  staffImportIntern: { code: 1704, status: 400 },
  staffImportTooLong: { code: 1705, status: 400 },
  staffImportUsersExist: { code: 1706, status: 409 },
  // Ticket roles (1800-1849)
  rolLimit: { code: 1800, status: 409 },
  rolUsedByWristbands: { code: 1801, status: 409 },
  rolUsedByTickets: { code: 1802, status: 409 },
  rolBannedByArticles: { code: 1803, status: 409 },
  // Parameters (1850-1899)
  appParamNameTaken: { code: 1850, status: 409 },
  appParamSystem: { code: 1851, status: 409 },
  // Presence control (1900-1949)
  presenceRecordsNotFound: { code: 1900, status: 404 },
  // Capacities and ticketing reports (2200-2249)
  ticketValidationNotFound: { code: 2200, status: 404 },
  // Refund payouts: SEPA runs (2600-2649)
  noDataForSepa: { code: 2600, status: 409 },
  payoutNoAccount: { code: 2601, status: 409 },
  payoutCurrency: { code: 2602, status: 409 },
  payoutRefundLocked: { code: 2603, status: 409 },
  payoutRunNotGenerated: { code: 2604, status: 409 },
  payoutRunNotSent: { code: 2605, status: 409 },
  // Integrators, API keys and the audit trail (3100-3199)
  apiKeyInvalid: { code: 3100, status: 401 },
  apiKeyRevoked: { code: 3101, status: 401 },
  apiKeyExpired: { code: 3102, status: 401 },
  integratorDisabled: { code: 3103, status: 401 },
  apiKeyRateLimited: { code: 3104, status: 429 },
  apiKeyLimit: { code: 3105, status: 409 },
  payoutRefundNotInRun: { code: 2606, status: 409 },
  payoutExecutionPast: { code: 2607, status: 400 },
  payoutAccountInvalid: { code: 2608, status: 409 },
  // People: console users, invitations, one-time codes, permission roles (3000-3099)
  otpSetupRequired: { code: 3000, status: 403 },
  otpRequiredByAdmin: { code: 3001, status: 409 },
  emailFailed: { code: 3002, status: 503 },
  userAbove: { code: 3003, status: 403 },
  ownAccess: { code: 3004, status: 403 },
  permissionRoleInUse: { code: 3005, status: 409 },
  wrongCurrentPassword: { code: 3006, status: 400 },
  duplicateEmail: { code: 3007, status: 409 },
  otpNotPending: { code: 3008, status: 409 },
  peerEmail: { code: 3009, status: 403 },
  // Data safety (issue 16: bans, staff with operations, rate changes, online top-ups) (3400-3449)
  alreadyBanned: { code: 3400, status: 409 },
  staffHasOperations: { code: 3401, status: 409 },
  rateChangeNeedsConfirmation: { code: 3402, status: 409 },
  topUpNotPaid: { code: 3403, status: 409 },
  topUpNotFound: { code: 3404, status: 404 },
  // Terminal fleet: wristband stock, terminal software, payment methods (3300-3399)
  appFileType: { code: 3300, status: 415 },
  appFileUnreadable: { code: 3301, status: 400 },
  appNotUploaded: { code: 3302, status: 404 },
  appFileTooLarge: { code: 3303, status: 413 },
  appNoVersion: { code: 3304, status: 404 },
  appZipNoApk: { code: 3305, status: 415 },
  appArchiveTooManyEntries: { code: 3306, status: 400 },
  appArchiveTooLarge: { code: 3307, status: 400 },
  appArchiveRatio: { code: 3308, status: 400 },
  appArchiveEntryTooLarge: { code: 3309, status: 400 },
  stockFileUnreadable: { code: 3310, status: 400 },
  stockFileEmpty: { code: 3311, status: 400 },
  stockFileTooManyRows: { code: 3312, status: 413 },
  stockLotNameCase: { code: 3313, status: 409 },
  paymentMethodDisabled: { code: 3320, status: 400 },
  // Online services (3600-3699)
  imageRatios: { code: 3600, status: 400 },
  // Jobs and search top-up (3500-3549)
  jobNotFound: { code: 3500, status: 404 },
  jobNotFailed: { code: 3501, status: 409 },
  jobKindUnknown: { code: 3502, status: 404 },
  topUpSearchEmpty: { code: 3503, status: 400 },
  // Sales API (3800-3849)
  salesNotAuthorized: { code: 3800, status: 409 },
  salesPlatformError: { code: 3801, status: 502 },
  salesPeriodNotEnded: { code: 3802, status: 400 },
  salesNoLocations: { code: 3803, status: 409 },
  jobNotRunnable: { code: 3804, status: 400 },
  // Ticket API (3700-3729)
  ticketApiError: { code: 3700, status: 502 },
  ticketImportRunning: { code: 3701, status: 409 },
  ticketTokenRequired: { code: 3702, status: 400 },
  ticketTokenUnreadable: { code: 3703, status: 409 },
  ticketIssueSolved: { code: 3704, status: 409 },
  ticketNoReportEmail: { code: 3705, status: 409 },
  ticketInUse: { code: 3706, status: 409 },
  ticketResellerInUse: { code: 3707, status: 409 },
  ticketNotFound: { code: 3708, status: 404 },
  ticketCancelled: { code: 3709, status: 409 },
  // Attendee portal (3900-3949)
  portalSignInFailed: { code: 3900, status: 401 },
  portalCaptchaFailed: { code: 3901, status: 400 },
  portalClosed: { code: 3902, status: 403 },
  portalCardPaymentOff: { code: 3903, status: 409 },
  portalTopUpAmountRefused: { code: 3904, status: 400 },
  portalNoWristband: { code: 3905, status: 409 },
  portalPaymentUnavailable: { code: 3906, status: 502 },
  portalWebhookSignature: { code: 3907, status: 400 },
  portalRefundExists: { code: 3908, status: 409 },
  portalNothingToRefund: { code: 3909, status: 409 },
  portalNewWristbandFailed: { code: 3910, status: 400 },
  portalWristbandInUse: { code: 3911, status: 409 },
  portalWristbandBanned: { code: 3912, status: 409 },
  portalWristbandOtherEvent: { code: 3913, status: 409 },
} as const;

export type ErrorKey = keyof typeof ERRORS;

export interface Envelope<T> {
  error: 0;
  result: T;
  token?: string;
}

/** Request headers the client sends when it has them (01-console §7). */
export const HEADERS = {
  session: 'token',
  event: 'tokenevent',
  trusts: 'tokentrusts',
  language: 'language',
  idempotency: 'idempotency-key',
  /** An integrator's API key (issue 13), instead of a session. */
  apiKey: 'x-api-key',
  /** The event an integrator works in, by id (or `tokenevent`). */
  eventId: 'x-event-id',
  /** The console screen a write comes from (the audit trail's item history). */
  consoleScreen: 'x-console-screen',
} as const;
