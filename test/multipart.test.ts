import {
  type HttpPart,
  type HttpRequestMessage,
  boundaryOf,
  buildMultipart,
  newBoundary,
  parseMultipart,
  parseRequest,
  parseResponse,
  serializeRequest,
  serializeResponse,
} from '../lib/http/multipart';

describe('boundaryOf', () => {
  test('reads the boundary of a multipart/mixed content type', () => {
    expect(boundaryOf('multipart/mixed; boundary=batch_abc123')).toBe('batch_abc123');
    expect(boundaryOf('Multipart/Mixed; Boundary=XYZ')).toBe('XYZ');
    expect(boundaryOf('multipart/mixed;boundary=a-b')).toBe('a-b');
    expect(boundaryOf('multipart/mixed; charset=utf-8; boundary=abc; other=1')).toBe('abc');
  });

  test('reads a quoted boundary, spaces and colons included', () => {
    expect(boundaryOf('multipart/mixed; boundary="gc0p4Jq0M:2Yt08j 34c0p"')).toBe('gc0p4Jq0M:2Yt08j 34c0p');
  });

  test('is null without a boundary, for other types, or for nothing', () => {
    expect(boundaryOf('multipart/mixed')).toBeNull();
    expect(boundaryOf('multipart/mixed; boundary=')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBeNull();
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('text/multipart/mixed; boundary=abc')).toBeNull();
    expect(boundaryOf(null)).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
    expect(boundaryOf('')).toBeNull();
  });

  test('refuses an absurdly long boundary', () => {
    expect(boundaryOf(`multipart/mixed; boundary=${'a'.repeat(200)}`)).toBe('a'.repeat(200));
    expect(boundaryOf(`multipart/mixed; boundary=${'a'.repeat(201)}`)).toBeNull();
  });
});

describe('newBoundary', () => {
  test('is random, prefixed and needs no quoting', () => {
    const a = newBoundary();
    const b = newBoundary();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^batch_[a-z0-9]+$/);
    expect(a.length).toBeGreaterThanOrEqual(20);
    expect(a.length).toBeLessThanOrEqual(70); // RFC 2046 limit
    expect(newBoundary('batchresponse')).toMatch(/^batchresponse_/);
    expect(boundaryOf(`multipart/mixed; boundary=${a}`)).toBe(a);
  });
});

describe('parseMultipart', () => {
  const CRLF = '\r\n';

  test('reads the parts of an RFC 2046 body, ignoring preamble and epilogue', () => {
    const text = [
      'This is the preamble.',
      '--simple',
      'Content-Type: application/http',
      'Content-ID: 1',
      '',
      'GET /api/webnews/get/1 HTTP/1.1',
      '--simple',
      'content-type: application/http',
      '',
      'POST /api/webnews/add HTTP/1.1',
      'Content-Type: application/json',
      '',
      '{"title":"x"}',
      '--simple--',
      'This is the epilogue.',
      '--simple',
      'Content-Type: text/plain',
      '',
      'not a part',
    ].join(CRLF);
    const parts = parseMultipart(text, 'simple');
    expect(parts).toEqual([
      { headers: { 'content-type': 'application/http', 'content-id': '1' }, body: 'GET /api/webnews/get/1 HTTP/1.1' },
      {
        headers: { 'content-type': 'application/http' },
        body: 'POST /api/webnews/add HTTP/1.1\r\nContent-Type: application/json\r\n\r\n{"title":"x"}',
      },
    ]);
  });

  test('accepts bare LF line endings and transport padding after a delimiter', () => {
    const text = '--b  \nContent-Type: text/plain\n\nfirst\n--b\t\nContent-Type: text/plain\n\nsecond\n--b--\n';
    expect(parseMultipart(text, 'b').map((p) => p.body)).toEqual(['first', 'second']);
  });

  test('keeps blank lines and line breaks inside a body', () => {
    const body = 'line 1\r\n\r\nline 3\r\n';
    const text = `--b${CRLF}X-A: 1${CRLF}${CRLF}${body}${CRLF}--b--${CRLF}`;
    expect(parseMultipart(text, 'b')).toEqual([{ headers: { 'x-a': '1' }, body }]);
  });

  test('a part with no headers has an empty header set', () => {
    const text = `--b${CRLF}${CRLF}just a body${CRLF}--b--`;
    expect(parseMultipart(text, 'b')).toEqual([{ headers: {}, body: 'just a body' }]);
  });

  test('the boundary delimits only at the start of a line', () => {
    const body = '{"note":"see --b and x--b-- here"}';
    const text = `--b${CRLF}Content-Type: application/json${CRLF}${CRLF}${body}${CRLF}--b--${CRLF}`;
    expect(parseMultipart(text, 'b')).toEqual([{ headers: { 'content-type': 'application/json' }, body }]);
    // A line that only begins with the boundary, a longer token, is not a delimiter either.
    const longer = `--b${CRLF}${CRLF}first${CRLF}--bb is text${CRLF}--b--`;
    expect(parseMultipart(longer, 'b')).toEqual([{ headers: {}, body: `first${CRLF}--bb is text` }]);
  });

  test('a boundary with characters special in regular expressions works', () => {
    const boundary = "a.b+c*(d)?[e]$'=";
    const text = `--${boundary}${CRLF}${CRLF}one${CRLF}--${boundary}${CRLF}${CRLF}two${CRLF}--${boundary}--`;
    expect(parseMultipart(text, boundary).map((p) => p.body)).toEqual(['one', 'two']);
  });

  test('no delimiter means no parts', () => {
    expect(parseMultipart('', 'b')).toEqual([]);
    expect(parseMultipart('some text without parts', 'b')).toEqual([]);
    expect(parseMultipart('--b--\r\n', 'b')).toEqual([]);
  });

  test('header names are lower-cased and values keep their colons', () => {
    const text = `--b${CRLF}Content-Type: application/http${CRLF}X-Url: http://a:1/b${CRLF}${CRLF}x${CRLF}--b--`;
    expect(parseMultipart(text, 'b')[0].headers).toEqual({
      'content-type': 'application/http',
      'x-url': 'http://a:1/b',
    });
  });
});

describe('buildMultipart', () => {
  test('writes CRLF-delimited parts and a closing delimiter', () => {
    const text = buildMultipart(
      [
        { headers: { 'Content-Type': 'application/http' }, body: 'GET /api/x HTTP/1.1' },
        { headers: { 'Content-Type': 'application/http', 'Content-ID': '2' }, body: '' },
      ],
      'zz',
    );
    expect(text).toBe(
      '--zz\r\nContent-Type: application/http\r\n\r\nGET /api/x HTTP/1.1\r\n' +
        '--zz\r\nContent-Type: application/http\r\nContent-ID: 2\r\n\r\n\r\n' +
        '--zz--\r\n',
    );
  });

  test('round-trips through parseMultipart, bodies with line breaks and non-ASCII text included', () => {
    const parts: HttpPart[] = [
      {
        headers: { 'content-type': 'application/http' },
        body: 'POST /api/webnews/add HTTP/1.1\r\ncontent-type: application/json\r\n\r\n{"title":"最新消息"}',
      },
      { headers: { 'content-type': 'text/plain', 'content-id': '<b@x>' }, body: 'ends with a newline\r\n' },
      { headers: { 'content-type': 'text/plain' }, body: '' },
      { headers: {}, body: 'a part without headers' },
      { headers: {}, body: '\r\nstarts with a line break' },
    ];
    const boundary = newBoundary();
    expect(parseMultipart(buildMultipart(parts, boundary), boundary)).toEqual(parts);
  });

  test('an empty list is just the closing delimiter', () => {
    expect(buildMultipart([], 'b')).toBe('--b--\r\n');
    expect(parseMultipart(buildMultipart([], 'b'), 'b')).toEqual([]);
  });
});

describe('application/http messages', () => {
  test('a request round-trips', () => {
    const message = {
      method: 'PUT',
      url: '/api/webnews/update',
      headers: { 'content-type': 'application/json', 'web-language': 'en' },
      body: '{"id":1,"title":"a\\nb"}',
    };
    const text = serializeRequest(message);
    expect(text).toBe(
      'PUT /api/webnews/update HTTP/1.1\r\ncontent-type: application/json\r\nweb-language: en\r\n\r\n{"id":1,"title":"a\\nb"}',
    );
    expect(parseRequest(text)).toEqual(message);
  });

  test('serializeRequest upper-cases the method', () => {
    expect(serializeRequest({ method: 'get', url: '/api/x', headers: {}, body: '' })).toBe(
      'GET /api/x HTTP/1.1\r\n\r\n',
    );
  });

  test('parseRequest accepts a request line without version, leading blank lines, LF endings and no body', () => {
    expect(parseRequest('GET /api/webnews/get/1')).toEqual({
      method: 'GET',
      url: '/api/webnews/get/1',
      headers: {},
      body: '',
    });
    expect(parseRequest('\r\n\r\nDELETE /api/webnews/delete/2 HTTP/1.1\r\n\r\n')).toEqual({
      method: 'DELETE',
      url: '/api/webnews/delete/2',
      headers: {},
      body: '',
    });
    expect(
      parseRequest('POST /api/a HTTP/1.0\nContent-Type: application/json\nAuthorization: Bearer a:b\n\n{}'),
    ).toEqual({
      method: 'POST',
      url: '/api/a',
      headers: { 'content-type': 'application/json', authorization: 'Bearer a:b' },
      body: '{}',
    });
    expect(parseRequest('GET http://localhost/api/x?a=1 HTTP/1.1')?.url).toBe('http://localhost/api/x?a=1');
  });

  test('parseRequest refuses what is not a request line', () => {
    expect(parseRequest('')).toBeNull();
    expect(parseRequest('hello')).toBeNull();
    expect(parseRequest('get /api/x HTTP/1.1')).toBeNull();
    expect(parseRequest('GET')).toBeNull();
    expect(parseRequest('GET /api/x HTTP/1.1 extra')).toBeNull();
    expect(parseRequest('HTTP/1.1 200 OK')).toBeNull();
  });

  test('a response round-trips', () => {
    const message = {
      status: 404,
      statusText: 'Not Found',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"message":"x"}',
    };
    const text = serializeResponse(message);
    expect(text).toBe('HTTP/1.1 404 Not Found\r\ncontent-type: application/json; charset=utf-8\r\n\r\n{"message":"x"}');
    expect(parseResponse(text)).toEqual(message);
  });

  test('a response without a reason phrase has no trailing space', () => {
    const text = serializeResponse({ status: 299, statusText: '', headers: {}, body: '' });
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 299');
    expect(parseResponse(text)).toEqual({ status: 299, statusText: '', headers: {}, body: '' });
  });

  test('parseResponse reads multi-word reasons and refuses what is not a status line', () => {
    expect(parseResponse('HTTP/1.1 413 Payload Too Large\r\n\r\n')?.statusText).toBe('Payload Too Large');
    expect(parseResponse('HTTP/2 200\n\nok')).toEqual({ status: 200, statusText: '', headers: {}, body: 'ok' });
    expect(parseResponse('')).toBeNull();
    expect(parseResponse('GET /api/x HTTP/1.1')).toBeNull();
    expect(parseResponse('HTTP/1.1 20 OK')).toBeNull();
    expect(parseResponse('HTTP/1.1 abc OK')).toBeNull();
  });

  test('a whole batch of requests survives the trip', () => {
    const requests: HttpRequestMessage[] = [
      { method: 'GET', url: '/api/webnews/get/1', headers: {}, body: '' },
      {
        method: 'POST',
        url: '/api/webnews/add',
        headers: { 'content-type': 'application/json' },
        body: '{"title":"A\\r\\n\\r\\nB"}',
      },
    ];
    const boundary = newBoundary();
    const text = buildMultipart(
      requests.map((r) => ({ headers: { 'Content-Type': 'application/http' }, body: serializeRequest(r) })),
      boundary,
    );
    expect(parseMultipart(text, boundary).map((p) => parseRequest(p.body))).toEqual(requests);
  });
});
