import { resetConfig } from '../lib/config';
import {
  clientAddressFrom,
  clientAddressOf,
  isTrustedPeer,
  PEER_ADDRESS_HEADER,
  trustedProxies,
} from '../lib/http/client-address';
import { requestIdFor } from '../lib/server/request-log';

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

describe('the socket peer and trusted proxies, as the request log reads them', () => {
  test('without TRUSTED_PROXIES the socket peer is the client, whatever X-Forwarded-For says', () => {
    expect(clientAddressFrom('203.0.113.9', '198.51.100.1', trustedProxies(''))).toBe('203.0.113.9');
    expect(clientAddressFrom('::ffff:127.0.0.1', '198.51.100.1', trustedProxies(''))).toBe('127.0.0.1');
    expect(clientAddressFrom(undefined, null, trustedProxies(''))).toBe('unknown');
  });

  test('a trusted proxy is believed: the client is the right-most untrusted hop', () => {
    const list = trustedProxies('127.0.0.1, 10.0.0.0/8,::1');
    expect(isTrustedPeer('::ffff:10.2.3.4', list)).toBe(true);
    expect(isTrustedPeer('::1', list)).toBe(true);
    expect(isTrustedPeer('11.0.0.1', list)).toBe(false);
    expect(clientAddressFrom('127.0.0.1', '198.51.100.7', list)).toBe('198.51.100.7');
    // The left-most hop was written by the client itself: a forged one is skipped.
    expect(clientAddressFrom('127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.1.1', list)).toBe('198.51.100.7');
    expect(clientAddressFrom('127.0.0.1', '', list)).toBe('127.0.0.1');
  });

  test('entries that are not addresses are ignored', () => {
    expect(isTrustedPeer('127.0.0.1', trustedProxies('localhost, 127.0.0.1/abc'))).toBe(false);
  });

  test('X-Request-Id is kept only from a trusted proxy and only when it looks like an id', () => {
    const saved = process.env.TRUSTED_PROXIES;
    try {
      delete process.env.TRUSTED_PROXIES;
      resetConfig();
      expect(requestIdFor('127.0.0.1', 'forged-id')).not.toBe('forged-id');
      process.env.TRUSTED_PROXIES = '127.0.0.1';
      resetConfig();
      expect(requestIdFor('127.0.0.1', 'from-proxy-1')).toBe('from-proxy-1');
      expect(requestIdFor('127.0.0.1', 'bad id\nwith newline')).not.toBe('bad id\nwith newline');
      expect(requestIdFor('192.0.2.1', 'from-elsewhere')).not.toBe('from-elsewhere');
    } finally {
      if (saved === undefined) delete process.env.TRUSTED_PROXIES;
      else process.env.TRUSTED_PROXIES = saved;
      resetConfig();
    }
  });
});
