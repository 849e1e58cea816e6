/**
 * What the back office's rich-text editor produces must survive the server's sanitiser unchanged
 * (lib/security/sanitize.ts runs on every write): every toolbar format, an uploaded image with its
 * text alternative, a link to an uploaded file, an external link.
 */
import { sanitizeRichText } from '../../lib/security/sanitize';

const upload = 'a1b2c3d4-0000-4000-8000-000000000001';

// The HTML TipTap's getHTML() gives for a document using each of the editor's buttons.
const editorHtml = [
  '<h2>Heading 2</h2><h3>Heading 3</h3><h4>Heading 4</h4>',
  '<p>Intro <strong>bold</strong> <em>italic</em> <u>underlined</u> <s>struck</s> <code>code</code></p>',
  '<ul><li><p>bullet</p></li></ul><ol><li><p>numbered</p></li></ol><ol start="3"><li><p>from three</p></li></ol>',
  '<blockquote><p>quoted</p></blockquote>',
  `<img src="/uploads/${upload}/chart.png" alt="A small chart">`,
  `<p><a href="/uploads/${upload}/%E5%A0%B1%E5%91%8A.pdf">報告.pdf</a> </p>`,
  '<p><a href="https://www.example.org/page?a=1&amp;b=2">an external link</a></p>',
  '<p>line<br>break</p><hr><pre><code>preformatted</code></pre>',
].join('');

/** The sanitiser writes void elements as `<br />`; the same HTML either way. */
const voidTagsAsHtml = (html: string) => html.replace(/\s*\/>/g, '>');

test('the editor output is stored as written', () => {
  expect(voidTagsAsHtml(sanitizeRichText(editorHtml))).toBe(editorHtml);
});

test('what the editor cannot make is still removed', () => {
  expect(
    sanitizeRichText('<p onclick="x()">a</p><img src="javascript:alert(1)" alt="x"><script>alert(1)</script>'),
  ).toBe('<p>a</p><img alt="x" />');
});
