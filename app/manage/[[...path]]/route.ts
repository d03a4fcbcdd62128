import { unknownEndpoint } from '@/lib/http/unknown-endpoint';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = unknownEndpoint('manage');
export const dynamic = 'force-dynamic';
