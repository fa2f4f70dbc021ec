/** Business constants and limits of 01-console §9 and 02-catalogue §9. */

export const APP_VERSION = '1.60.1';
export const LANGUAGES = ['en', 'es', 'it', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const EVENT_PAGE_SIZE = 100;
export const CUSTOMER_PAGE_SIZE = 10;
export const TABLE_PAGE_SIZE = 999;
export const PAGINATION_WINDOW = 20;
export const TYPEAHEAD_LIMIT = 10;
export const ORDER_ERRORS_PAGE_SIZE = 30;
/** The largest page any list call answers (a disabled pagination still streams all rows). */
export const MAX_PAGE_SIZE = 1000;

export const DEFAULT_TIMEZONE = 'Europe/Madrid';
export const DEFAULT_CURRENCY_ISO = 'EUR';
export const DEFAULT_CASH_LABEL = 'cash';
export const PAYMENT_CURRENCY_EUR = 978;

export const PASSWORD_MIN_LENGTH = 8;
export const REFUND_AMOUNT = { min: 0.01, max: 1000 } as const;
export const REFUND_FEE = { min: 0, max: 1000 } as const;
export const SERIAL_LENGTH = { min: 8, max: 18 } as const;
export const CHECK_CODE_MAX = 8;
export const OWNER_LENGTH = { min: 4, max: 100 } as const;
export const IBAN_LENGTH = { min: 12, max: 40 } as const;
export const BIC_MAX = 40;

export const QR_VALIDITY_MINUTES = { default: 1440, min: 1, max: 7200 } as const;
export const QR_AUTH_DAYS_DEFAULT = 7;
export const MESSAGE_ORIGINATOR = { min: 1, max: 11 } as const;
export const VAT_RANGE = { min: 0.01, max: 99.99 } as const;
export const OPERATIONS_MAX_YEARS = 5;
export const RATE_DECIMALS = 6;
export const TAG_COUNTER_SLOTS = 4;
export const CAPACITY_LOG_MINUTES = 5;

export const DATE_BOUNDS = { min: '2020-01-01', max: '2099-12-31' } as const;
export const TIME_BOUNDS = { min: '00:00:00', max: '23:59:59' } as const;
export const WEEKDAYS = 'LMXJVSD';

export const IMPORT_PREVIEW_ROWS = 10;
export const TABLE_MAX_ITEMS = 3;
export const MAX_ROLES = 127;
export const MAX_FLAGS = 16;

/** Loading indicator: hidden this long after the last request ends. */
export const LOADING_HIDE_DELAY_MS = 200;

/** Event types (01-console §3). */
export const EVENT_TYPES = ['FE', 'PA', 'CO', 'CM', 'CI', 'CE', 'HM', 'HI', 'HE', 'DE', 'DI', 'DM'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Payment method letters (01-console §3). */
export const PAYMENT_METHODS = ['C', 'T', 'L', 'P', 'I'] as const;

/** Event list states of the chooser (01-console §2). */
export const EVENT_STATES = ['past', 'active', 'pending'] as const;
export type EventState = (typeof EVENT_STATES)[number];
