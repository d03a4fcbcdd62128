import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';
import { ApiError, notFound, problemResponse } from '@/lib/http/errors';
import { docsUrl, requestIdOf } from '@/lib/http/handler-context';
import { metrics } from '@/lib/ops/metrics';

export const dynamic = 'force-dynamic';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** docs/contract.md#operations: Prometheus text, only when METRICS_TOKEN is set (absent otherwise), for `Bearer $METRICS_TOKEN`. */
export async function GET(request: Request): Promise<Response> {
  const requestId = requestIdOf(request);
  const token = config().METRICS_TOKEN;
  const refuse = (error: ApiError) => {
    const response = problemResponse(error, '/metrics', docsUrl(), undefined, requestId);
    response.headers.set('X-Request-Id', requestId);
    return response;
  };
  if (!token) return refuse(notFound('Page'));
  const presented =
    request.headers
      .get('authorization')
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim() ?? '';
  if (!timingSafeEqual(digest(presented), digest(token))) {
    return refuse(new ApiError('UNAUTHORIZED', 'A valid metrics token is required.', { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } }));
  }
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { 'content-type': registry.contentType, 'cache-control': 'no-store', 'X-Request-Id': requestId },
  });
}
