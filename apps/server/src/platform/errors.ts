import { API_ERRORS, type TErrorBody, type TErrorDetail } from '@chaupal/contract';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type TErrorCode = keyof typeof ERROR_STATUS;

/** The one error type of the app; the error handler turns it into the SPEC §8 body. */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: TErrorDetail[],
    readonly accountStatus?: 'hold' | 'active',
  ) {
    super(message);
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): TErrorBody {
    return {
      success: false,
      error: this.message,
      ...(this.details ? { details: this.details } : {}),
      ...(this.accountStatus ? { status: this.accountStatus } : {}),
    };
  }
}

export const notFound = (what = API_ERRORS.notFound) => new AppError('NOT_FOUND', what);

/** A 400 naming one bad parameter, for rules the schema cannot see (e.g. an unknown filter id). */
export const badParameter = (parameter: string, error: string) =>
  new AppError('BAD_REQUEST', API_ERRORS.validation, [{ parameter, errors: [error] }]);

/** zod issues as SPEC §8 details: one entry per field, its messages in order. */
export function detailsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): TErrorDetail[] {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const parameter = issue.path.map(String).join('.') || 'request';
    byField.set(parameter, [...(byField.get(parameter) ?? []), issue.message]);
  }
  return [...byField].map(([parameter, errors]) => ({ parameter, errors }));
}

export const invalidFields = (details: TErrorDetail[]) => new AppError('BAD_REQUEST', API_ERRORS.validation, details);
