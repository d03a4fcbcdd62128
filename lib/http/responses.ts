export const json = (data: unknown, status = 200, headers?: HeadersInit) => Response.json(data, { status, headers });
export const noContent = () => new Response(null, { status: 204 });
