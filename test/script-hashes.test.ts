import { createHash } from 'node:crypto';
import { inlineScriptHashes, withScriptHashes } from '../lib/server/next/script-hashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline script hashes for the Content-Security-Policy', () => {
  test('hashes each inline script a browser runs, once, by its exact text', () => {
    const html = [
      '<html><head><script>document.documentElement.classList.add("js")</script>',
      '<script src="/_next/static/chunks/main.js" async></script>',
      '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script></head>',
      '<body><script>self.__next_f.push([1,"中文 </div>"])</script>',
      '<script type="module">import "/a.js"</script>',
      '<script>self.__next_f.push([1,"中文 </div>"])</script></body></html>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha('document.documentElement.classList.add("js")'),
      sha('self.__next_f.push([1,"中文 </div>"])'),
      sha('import "/a.js"'),
    ]);
  });

  test('hashes the text as the browser parses it: line breaks become LF', () => {
    expect(inlineScriptHashes('<script>a()\r\nb()\rc()</script>')).toEqual([sha('a()\nb()\nc()')]);
  });

  test('an attribute that merely contains "src" is not a src', () => {
    expect(inlineScriptHashes('<script data-source="x" nonce="n">go()</script>')).toEqual([sha('go()')]);
    expect(inlineScriptHashes("<script src='/x.js'></script><SCRIPT SRC=/y.js></SCRIPT>")).toEqual([]);
  });

  test('data blocks and empty pages add nothing', () => {
    expect(inlineScriptHashes('<p>no scripts</p><script type="text/template"><b></b></script>')).toEqual([]);
  });

  test('the hashes join script-src, and only script-src', () => {
    const policy =
      "default-src 'self'; script-src 'self' https://www.google.com/recaptcha/; style-src 'self' 'unsafe-inline'";
    expect(withScriptHashes(policy, ["'sha256-AAA='", "'sha256-BBB='"])).toBe(
      "default-src 'self'; script-src 'self' https://www.google.com/recaptcha/ 'sha256-AAA=' 'sha256-BBB='; style-src 'self' 'unsafe-inline'",
    );
    expect(withScriptHashes(policy, [])).toBe(policy);
    // An upload's policy runs no script at all; hashes would only loosen it.
    expect(withScriptHashes("default-src 'none'; sandbox", ["'sha256-AAA='"])).toBe("default-src 'none'; sandbox");
  });
});
