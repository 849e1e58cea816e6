import { checkXsrf } from '../lib/api/xsrf';
import { readCookie, requestCookie } from '../lib/http/cookies';

describe('readCookie', () => {
  test('finds a cookie among others, decoded, and keeps "=" inside the value', () => {
    expect(readCookie('a=1; XSRF-TOKEN=x%2By%3D; b=2', 'XSRF-TOKEN')).toBe('x+y=');
    expect(readCookie('token=a=b=c', 'token')).toBe('a=b=c');
  });

  test('null when the cookie is missing; a name must match whole', () => {
    expect(readCookie('', 'a')).toBeNull();
    expect(readCookie('xa=1; ab=2', 'a')).toBeNull();
  });

  test('a malformed escape is kept raw instead of failing', () => {
    expect(readCookie('a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
  });

  test('requestCookie reads the Cookie header of a request', () => {
    const request = new Request('http://localhost/api', { headers: { cookie: 'XSRF-TOKEN=t1; other=2' } });
    expect(requestCookie(request, 'XSRF-TOKEN')).toBe('t1');
    expect(requestCookie(new Request('http://localhost/api'), 'XSRF-TOKEN')).toBeNull();
  });

  test('the XSRF check compares the decoded cookie with the header', () => {
    const ok = new Request('http://localhost/api', {
      method: 'POST',
      headers: { cookie: 'XSRF-TOKEN=a%2Bb', 'x-xsrf-token': 'a+b' },
    });
    expect(() => checkXsrf(ok)).not.toThrow();
    const wrong = new Request('http://localhost/api', {
      method: 'POST',
      headers: { cookie: 'XSRF-TOKEN=a%2Bb', 'x-xsrf-token': 'a%2Bb' },
    });
    expect(() => checkXsrf(wrong)).toThrow();
  });
});
