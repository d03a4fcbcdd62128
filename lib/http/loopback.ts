import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { config } from '@/lib/config';
import { clientAddress, REMOTE_ADDRESS_HEADER } from './handler-context';

/**
 * Only the process itself (and someone at the machine) may reach the sink: the socket's peer must be a loopback
 * address, and so must the client behind any proxy TRUST_PROXY declares (a proxy on this machine would otherwise make
 * every caller look local). Next adds its own X-Forwarded-For, so that header alone proves nothing.
 */
export function fromLoopback(request: Request): boolean {
  if (request.headers.has('forwarded') || request.headers.has('x-real-ip')) return false;
  const isLoopback = (address: string) => {
    const bare = address.trim().replace(/^\[|\]$/g, '');
    return isIP(bare) !== 0 && ipaddr.process(bare).range() === 'loopback';
  };
  if (!isLoopback(request.headers.get(REMOTE_ADDRESS_HEADER) ?? '')) return false;
  if (config().TRUST_PROXY === 0) return true;
  const client = clientAddress(request);
  return isLoopback(client) || client === '0:0:0:0::/64';
}
