import { ERRORS, type ErrorKey, type FieldError } from '@pulsera/contracts';

/** A failure the client should see: one of the catalogue's errors with optional fields/params. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(
    readonly key: ErrorKey,
    readonly extra: {
      params?: Record<string, unknown>;
      fields?: FieldError[];
      token?: string;
      retryAfter?: number;
      /** Answer `params` in the body too (figures the console acts on, e.g. a count to confirm). */
      answerParams?: boolean;
      /** Overrides the catalogue's text with a specific message key (e.g. 'validation.prefixInUse'). */
      messageKey?: string;
      /**
       * The request's writes stand although it answers this error: only a side effect after them
       * failed (an invitation saved whose e-mail could not be sent). The request's transaction commits.
       */
      keepChanges?: boolean;
    } = {},
  ) {
    super(key);
    this.status = ERRORS[key].status;
    this.code = ERRORS[key].code;
  }
}

export const fail = (key: ErrorKey, extra?: AppError['extra']) => new AppError(key, extra);

/** A 400 with one field error, the same shape the schema validation produces. */
export const fieldError = (path: string, message: string) =>
  new AppError('validation', { fields: [{ path, message }] });
