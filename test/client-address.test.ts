import { clientAddressOf, PEER_ADDRESS_HEADER, trustedProxies } from '../lib/http/client-address';

const request = (peer: string | null, forwarded?: string) => {
  const headers = new Headers();
  if (peer !== null) headers.set(PEER_ADDRESS_HEADER, peer);
  if (forwarded !== undefined) headers.set('x-forwarded-for', forwarded);
  return headers;
};

describe('the client address', () => {
  const none = trustedProxies(undefined);
  const local = trustedProxies('127.0.0.1, 10.0.0.0/8, ::1, fd00::/8, not-an-address, 10.1.1.1/99');

  test('with no trusted proxy it is the socket peer, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf(request('203.0.113.7', '198.51.100.1'), none)).toBe('203.0.113.7');
    expect(clientAddressOf(request('127.0.0.1', '198.51.100.1'), none)).toBe('127.0.0.1');
    expect(clientAddressOf(request('::ffff:203.0.113.7'), none)).toBe('203.0.113.7');
  });

  test('a request that came through no socket is unknown', () => {
    expect(clientAddressOf(request(null, '198.51.100.1'), none)).toBe('unknown');
    expect(clientAddressOf(request(null, '198.51.100.1'), local)).toBe('unknown');
  });

  test('behind trusted proxies it is the right-most untrusted address of X-Forwarded-For', () => {
    expect(clientAddressOf(request('127.0.0.1', '198.51.100.1'), local)).toBe('198.51.100.1');
    expect(clientAddressOf(request('::ffff:127.0.0.1', 'forged, 198.51.100.1, 10.2.3.4'), local)).toBe('198.51.100.1');
    expect(clientAddressOf(request('::1', '2001:db8::5, fd12::1'), local)).toBe('2001:db8::5');
    // All trusted: the left-most is the furthest we know; nothing forwarded: the proxy itself.
    expect(clientAddressOf(request('127.0.0.1', '10.0.0.9, 10.0.0.8'), local)).toBe('10.0.0.9');
    expect(clientAddressOf(request('127.0.0.1'), local)).toBe('127.0.0.1');
  });

  test('an untrusted peer is the client even when it claims to forward', () => {
    expect(clientAddressOf(request('203.0.113.7', '10.0.0.1'), local)).toBe('203.0.113.7');
    // Addresses outside the configured ranges and malformed entries are not trusted.
    expect(clientAddressOf(request('10.1.1.1', '198.51.100.1'), trustedProxies('10.1.1.1/99'))).toBe('10.1.1.1');
  });
});
