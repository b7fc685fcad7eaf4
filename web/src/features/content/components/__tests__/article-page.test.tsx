import { screen, within } from '@testing-library/react';
import { pending, renderRoute } from '../../../../test/render-route';
import { contentItem } from './fixtures';

const GUIDE = contentItem({
  slug: 'position-sizing-101',
  category: 'position-sizing',
  title: 'Position Sizing 101',
  description: 'How much to risk on one trade.',
  createdAt: '2025-09-16T08:00:00Z',
  content: 'Step 1: decide your risk.\n\n  Step 2: size the trade.',
});

const BLOG = contentItem({
  slug: 'why-stops-matter',
  category: 'risk-management',
  title: 'Why Stops Matter',
  description: '',
  createdAt: '2024-02-29T12:00:00Z',
  content: 'Stops protect capital.',
});

describe('article detail', () => {
  it('shows a guide with its back link, category, title, description and updated date', async () => {
    renderRoute('/guide/position-sizing-101', {
      '/api/guides/position-sizing-101': { body: GUIDE },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Position Sizing 101' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Guides' })).toHaveAttribute(
      'href',
      '/guides',
    );
    expect(screen.getByText('Position Sizing')).toBeInTheDocument();
    expect(screen.getByText('How much to risk on one trade.')).toBeInTheDocument();
    expect(screen.getByText('September 16, 2025').closest('p')).toHaveTextContent(
      'Updated September 16, 2025',
    );
  });

  it('shows the whole article with its structure: headings, lists and tables, no raw Markdown', async () => {
    const sections = ['Portfolio heat', 'Correlation', 'Limits']
      .map((heading) => `## ${heading}\n\nText about ${heading.toLowerCase()}.`)
      .join('\n\n');
    renderRoute('/guide/position-sizing-101', {
      '/api/guides/position-sizing-101': {
        body: {
          ...GUIDE,
          content: `${sections}\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |`,
        },
      },
    });

    const heading = await screen.findByRole('heading', { level: 2, name: 'Portfolio heat' });
    expect(heading).toHaveAttribute('id', 'portfolio-heat');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expect.arrayContaining(['one', 'two']),
    );
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByText(/## /)).not.toBeInTheDocument();
    // Three sections or more: a table of contents linking to each.
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(contents.querySelectorAll('a')).toHaveLength(3);
    expect(contents.querySelector('a')).toHaveAttribute('href', '#portfolio-heat');
    expect(screen.getByText(/min read/)).toHaveTextContent('1 min read');
  });

  it('runs a tool where the article names one, from the article’s figures, keeping the reader’s in the address', async () => {
    const { user, location } = renderRoute('/guide/position-sizing-101?kelly.odds=3', {
      '/api/guides/position-sizing-101': {
        body: {
          ...GUIDE,
          content: [
            'Before the tool.',
            '```tool kelly\nwinProbability: 45\nodds: 2\nshare: 50\n```',
            'After the tool.',
            '```ts\nconst kept = "as code";\n```',
          ].join('\n\n'),
        },
      },
    });
    const tool = await screen.findByRole('region', {
      name: 'Try it: Kelly criterion calculator',
    });
    const figure = (label: string) =>
      within(tool).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    // The address's odds (3) over the article's (2): 0.45 − 0.55 / 3 ≈ 26.7 %.
    expect(figure('Kelly fraction')).toBe('26.7 %');
    const odds = within(tool).getByLabelText('Payoff per unit risked (to 1)');
    await user.clear(odds);
    await user.type(odds, '2');
    // The guide's own example: 0.45 − 0.55 / 2 = 17.5 %.
    expect(figure('Kelly fraction')).toBe('17.5 %');
    expect(new URLSearchParams(location().search).get('kelly.odds')).toBe('2');
    expect(within(tool).getByRole('link', { name: /on its own page$/ })).toHaveAttribute(
      'href',
      '/tools/kelly?winProbability=45&odds=2&share=50',
    );
    // The text around it stays in order, and other code blocks stay code.
    const body = tool.parentElement!;
    expect(body.textContent).toMatch(/Before the tool\.[\s\S]*Try it[\s\S]*After the tool\./);
    expect(screen.getByText('const kept = "as code";')).toBeInTheDocument();
    expect(screen.queryByText(/winProbability: 45/)).not.toBeInTheDocument();
  });

  it('leaves out the table of contents on a short article', async () => {
    renderRoute('/guide/position-sizing-101', {
      '/api/guides/position-sizing-101': { body: GUIDE },
    });
    expect(await screen.findByText(/Step 1: decide your risk/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Contents' })).not.toBeInTheDocument();
  });

  it("links the call to action to '/subscribe?source=guide' for guides and blogs", async () => {
    renderRoute('/guide/position-sizing-101', {
      '/api/guides/position-sizing-101': { body: GUIDE },
    });
    expect(
      await screen.findByRole('link', { name: 'Explore the Professional plan' }),
    ).toHaveAttribute('href', '/subscribe?source=guide');
  });

  it('shows a blog with a back link to /blogs and leaves out an empty description', async () => {
    const { fetchMock } = renderRoute('/blog/why-stops-matter', {
      '/api/blogs/why-stops-matter': { body: BLOG },
    });

    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Why Stops Matter');
    expect(title.nextElementSibling).toHaveTextContent(/^Updated/);
    expect(screen.getByRole('link', { name: '← Back to Blogs' })).toHaveAttribute('href', '/blogs');
    expect(screen.getByText('Risk Management')).toBeInTheDocument();
    expect(screen.getByText('February 29, 2024').closest('p')).toHaveTextContent(
      'Updated February 29, 2024',
    );
    expect(screen.getByRole('link', { name: 'Explore the Professional plan' })).toHaveAttribute(
      'href',
      '/subscribe?source=guide',
    );
    expect(screen.getByText(/not investment advice/i, { selector: 'article p' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledWith('/api/blogs/why-stops-matter', expect.anything());
  });

  it("shows 'Guide Not Found' when the guide answers 404", async () => {
    renderRoute('/guide/missing-guide', {
      '/api/guides/missing-guide': { status: 404, body: '{"message":"Guide not found"}' },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guide Not Found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("The trading guide you're looking for doesn't exist."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Guides' })).toHaveAttribute(
      'href',
      '/guides',
    );
  });

  it("shows 'Blog Not Found' when the blog answers 404", async () => {
    renderRoute('/blog/missing-blog', { '/api/blogs/missing-blog': { status: 404 } });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blog Not Found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("The trading blog you're looking for doesn't exist."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Blogs' })).toHaveAttribute('href', '/blogs');
  });

  it('shows not-found when the answer is OK but carries no article', async () => {
    renderRoute('/guide/empty-answer', { '/api/guides/empty-answer': { body: {} } });

    expect(await screen.findByRole('heading', { name: 'Guide Not Found' })).toBeInTheDocument();
  });

  it('shows a loading skeleton while the article is on its way', async () => {
    renderRoute('/guide/slow-guide', { '/api/guides/slow-guide': () => pending() });

    expect(await screen.findByRole('status', { name: 'Loading guide...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.queryByText('Guide Not Found')).not.toBeInTheDocument();
  });

  it.each(['/guide/Not_A_Slug', '/blog/has%20space', `/guide/${'a'.repeat(121)}`])(
    'treats the malformed slug in %s as not found without fetching',
    async (path) => {
      const { fetchMock } = renderRoute(path);

      expect(await screen.findByRole('heading', { name: /Not Found$/ })).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
