export interface FieldError {
  segment: 'body' | 'query' | 'path' | 'header';
  path: string;
  message: string;
}

// STYLE.md habit 2: one error type, a stable code, and its status (docs/contract.md#errors).
const statusByCode = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  TOKEN_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  VERSION_NOT_SUPPORTED: 406,
  CONFLICT: 409,
  ORDER_ID_CONFLICT: 409,
  ORDER_STATUS_CONFLICT: 409,
  BOOKING_ASSET_CONFLICT: 409,
  BOOKING_REFERENCE_CONFLICT: 409,
  BOOKING_STATUS_CONFLICT: 409,
  CARD_ALREADY_REGISTERED: 409,
  LOCATION_EXISTS: 409,
  LOCATION_UNAVAILABLE: 409,
  LOYALTY_ALREADY_ACTIVE: 409,
  ONBOARDING_ALREADY_DECIDED: 409,
  ONBOARDING_ALREADY_PENDING: 409,
  SALE_ALREADY_REOPENED: 409,
  SALE_ID_CONFLICT: 409,
  SALE_STATUS_CONFLICT: 409,
  SECTION_NAME_CONFLICT: 409,
  SECTION_NOT_EMPTY: 409,
  TABLE_HAS_OPEN_SALES: 409,
  TABLE_NUMBER_CONFLICT: 409,
  TABLE_OCCUPIED: 409,
  TABLE_STATUS_CONFLICT: 409,
  USER_EXISTS: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_ENTITY: 422,
  NESTING_TOO_DEEP: 422,
  BOOKING_TABLE_NOT_FOUND: 422,
  LOYALTY_PARTNER_NOT_FOUND: 422,
  LOYALTY_PROGRAM_NOT_FOUND: 422,
  MEMBER_REFERENCE_NOT_FOUND: 422,
  PARENT_SALE_NOT_FOUND: 422,
  PAYMENT_NOT_FOUND: 422,
  PAYMENT_OUTSIDE_WINDOW: 422,
  UNKNOWN_EVENT: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type KnownErrorCode = keyof typeof statusByCode;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: KnownErrorCode | (string & {}),
    message: string,
    options: { status?: number; errors?: FieldError[]; headers?: Record<string, string>; members?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status ?? statusByCode[code as KnownErrorCode] ?? 400;
    this.errors = options.errors;
    this.headers = options.headers;
    this.members = options.members;
  }
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  /** RFC 9457 extension members that say more about this problem (LOCATION_UNAVAILABLE's state and nextOpenAt). */
  readonly members?: Record<string, unknown>;
}

export const notFound = (what = 'Resource') => new ApiError('NOT_FOUND', `${what} not found.`);
export const forbidden = (message = 'This partner may not perform this action.') => new ApiError('FORBIDDEN', message);
export const conflict = (message: string, code: string = 'CONFLICT') => new ApiError(code, message, { status: 409 });
export const validationFailed = (errors: FieldError[]) => new ApiError('VALIDATION_FAILED', 'Request validation failed', { errors });

/** The known codes and their statuses, for the API reference page. */
export const errorCatalogue = (): [string, number][] => Object.entries(statusByCode);
