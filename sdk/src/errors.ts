/** One violation of a validation problem (docs/contract.md#errors). */
export interface ProblemViolation {
  segment: 'body' | 'query' | 'path' | 'header';
  path: string;
  message: string;
}

/** The problem body every partner-API error carries (RFC 9457 plus the Tyro Connect members). */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  error: string;
  errors?: ProblemViolation[];
  requestId?: string;
  [member: string]: unknown;
}

/** A partner-API error answer (`application/problem+json`), thrown by every client call. */
export class CounterpartProblem extends Error {
  override readonly name = 'CounterpartProblem';
  /** Stable UPPER_SNAKE identifier, e.g. `ORDER_STATUS_CONFLICT`. */
  readonly code: string;
  readonly status: number;
  /** Every violation found, for validation failures. */
  readonly errors: ProblemViolation[];
  /** The request id (`X-Request-Id`), the same one the server logged. */
  readonly requestId: string | undefined;
  readonly problem: ProblemBody;

  constructor(problem: ProblemBody, requestId?: string) {
    super(`${problem.status} ${problem.code}: ${problem.error ?? problem.detail}`);
    this.problem = problem;
    this.code = problem.code;
    this.status = problem.status;
    this.errors = problem.errors ?? [];
    this.requestId = requestId ?? problem.requestId;
  }
}

/** An OAuth 2.0 error from the token or device-authorization endpoint (RFC 6749 §5.2, RFC 8628 §3.5). */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  constructor(
    readonly error: string,
    readonly description: string | undefined,
    readonly status: number,
  ) {
    super(description ? `${error}: ${description}` : error);
  }
}

/** Turns a non-2xx answer into a thrown error: the problem body when there is one, its status otherwise. */
export async function problemFromResponse(response: Response): Promise<CounterpartProblem> {
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const text = await response.text();
  let body: Partial<ProblemBody> = {};
  try {
    body = JSON.parse(text) as Partial<ProblemBody>;
  } catch {
    body = { detail: text };
  }
  const status = body.status ?? response.status;
  return new CounterpartProblem(
    {
      ...body,
      type: body.type ?? 'about:blank',
      title: body.title ?? response.statusText,
      status,
      detail: body.detail ?? '',
      code: body.code ?? `HTTP_${status}`,
      error: body.error ?? body.detail ?? response.statusText,
    },
    requestId,
  );
}
