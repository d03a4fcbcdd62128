import { openApiDocument } from '@/lib/api-reference/openapi';

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(openApiDocument());
}
