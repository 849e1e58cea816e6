import { resetConfig } from '../../lib/config';
import { clientAddressFrom, isTrustedPeer, trustedProxies } from '../../lib/http/client-address';
import { requestIdFor } from '../../lib/observability/request-log';

describe('client address and trusted proxies', () => {
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
