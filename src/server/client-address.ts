import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * The client's address as TRUST_PROXY allows it to be read: the socket's peer, or the X-Forwarded-For entry
 * added by the nearest proxy that is trusted. HTTP and WebSocket read it the same way.
 */
export function clientAddressReader(trust: boolean | number | string[]): (req: IncomingMessage) => string {
  const trusted = typeof trust === 'boolean' ? () => trust
    : typeof trust === 'number' ? (_addr: string, hop: number) => hop < trust
      : proxyaddr.compile(trust);
  return (req) => {
    try {
      return proxyaddr(req as Parameters<typeof proxyaddr>[0], trusted);
    } catch {
      return req.socket?.remoteAddress ?? 'unknown';
    }
  };
}
