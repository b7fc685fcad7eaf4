import { paragraphsHtml } from './paragraphs-html.util';

describe('paragraphsHtml', () => {
  it('starts a paragraph at each blank line and breaks the line at each single newline', () => {
    expect(paragraphsHtml('Title\n\nOne\ntwo\n\n\n- a\n- b\n')).toBe(
      '<p>Title</p>\n<p>One<br>two</p>\n<p>- a<br>- b</p>',
    );
  });

  it('treats Windows line ends and whitespace-only lines as the same breaks', () => {
    expect(paragraphsHtml('One\r\ntwo\r\n  \r\nthree')).toBe('<p>One<br>two</p>\n<p>three</p>');
  });

  it('escapes markup, so the text never becomes HTML', () => {
    expect(paragraphsHtml('<script>x</script> & "q" \'s\'')).toBe(
      '<p>&lt;script&gt;x&lt;/script&gt; &amp; &quot;q&quot; &#39;s&#39;</p>',
    );
  });

  it('shows escaped Markdown as the text it stands for, still never as markup', () => {
    expect(paragraphsHtml('Carried by "\\[x\\](https://e.example) \\<b\\>"\n1\\. C:\\\\dir')).toBe(
      '<p>Carried by &quot;[x](https://e.example) &lt;b&gt;&quot;<br>1. C:\\dir</p>',
    );
  });

  it('writes nothing for an empty text', () => {
    expect(paragraphsHtml(' \n\n ')).toBe('');
  });
});
