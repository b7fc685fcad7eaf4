import { act, screen, waitFor, within } from '@testing-library/react';
import {
  pending,
  renderRoute,
  type StubHandler,
  type StubResponse,
} from '../../../../test/render-route';
import { fixClock } from '../../../../test/fixed-clock';
import { hoursAgo, mockReload } from './fixtures';

const ANALYSIS_LIST = '/api/analysis?limit=12';
const DAILY_ANALYSIS = '/api/daily-analysis';
const GENERATE_ANALYSIS = '/api/generate-analysis';
const OPINION_LIST = '/api/opinion?limit=12';
const DAILY_OPINION = '/api/daily-opinion';
const GENERATE_OPINION = '/api/generate-opinion';

const NOT_FOUND = {
  status: 404,
  body: { statusCode: 404, error: 'Not Found', message: 'No daily analysis for today' },
};

const analysis = {
  content: 'Stocks rose on Tuesday.\nTech led the gains.\n\nEducational content only.',
  createdAt: hoursAgo(2),
};

const opinion = {
  analysisDate: '2026-11-20',
  content: 'Rates matter more than earnings.\nWatch the bond market.',
  sourceArticleTitle: 'Why the Fed still sets the tone',
};

function renderAnalysis(stubs: Record<string, StubHandler>) {
  return renderRoute('/analysis', { [ANALYSIS_LIST]: { body: [] }, ...stubs });
}

function analysisPanel() {
  return screen.getByRole('region', { name: 'Daily Market Analysis' });
}

describe('/analysis daily market analysis panel', () => {
  it('shows a loading state while the analysis is on its way', async () => {
    renderAnalysis({ [DAILY_ANALYSIS]: () => pending() });
    expect(
      await screen.findByRole('status', { name: 'Loading daily analysis' }),
    ).toBeInTheDocument();
    expect(analysisPanel()).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the content with its line breaks kept and the created time', async () => {
    const { fetchMock } = renderAnalysis({ [DAILY_ANALYSIS]: { body: analysis } });
    // Rendered Markdown: blank lines make paragraphs, single line breaks stay line breaks.
    const content = await screen.findByText(/Stocks rose on Tuesday\./);
    expect(content.tagName).toBe('P');
    expect(content.innerHTML).toBe('Stocks rose on Tuesday.<br>\nTech led the gains.');
    expect(content.nextElementSibling).toHaveTextContent('Educational content only.');
    const panel = analysisPanel();
    expect(within(panel).getByText('2 hours ago')).toHaveAttribute('datetime', analysis.createdAt);
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      DAILY_ANALYSIS,
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it("shows 'No AI analysis available right now' and the generate button after a 404", async () => {
    renderAnalysis({ [DAILY_ANALYSIS]: NOT_FOUND });
    expect(await screen.findByText('No AI analysis available right now')).toBeInTheDocument();
    expect(
      within(analysisPanel()).getByRole('button', { name: 'Generate AI Analysis' }),
    ).toBeEnabled();
  });

  it('posts without a body and reloads the page when the analysis is generated', async () => {
    const { reload, restore } = mockReload();
    try {
      const { user, fetchMock } = renderAnalysis({
        [DAILY_ANALYSIS]: NOT_FOUND,
        [GENERATE_ANALYSIS]: { body: analysis },
      });
      await user.click(await screen.findByRole('button', { name: 'Generate AI Analysis' }));
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      const call = fetchMock.mock.calls.find(([url]) => url === GENERATE_ANALYSIS);
      expect(call?.[1]).toEqual(expect.objectContaining({ method: 'POST', body: undefined }));
    } finally {
      restore();
    }
  });

  it.each([
    [
      202,
      { status: 'pending', jobId: 'daily-analysis:2026-11-20', message: 'Still writing it.' },
      'Still writing it.',
    ],
    [
      409,
      { statusCode: 409, error: 'Conflict', message: 'No articles have been ingested today yet.' },
      'No articles have been ingested today yet.',
    ],
    [429, { statusCode: 429, error: 'Too Many Requests', message: 'Slow down.' }, 'Slow down.'],
    [503, '', 'Generation is unavailable right now. Please try again later.'],
  ])(
    'shows the message of a %i answer in the panel and does not reload',
    async (status, body, text) => {
      const { reload, restore } = mockReload();
      const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const { user } = renderAnalysis({
          [DAILY_ANALYSIS]: NOT_FOUND,
          [GENERATE_ANALYSIS]: { status, body },
        });
        await user.click(await screen.findByRole('button', { name: 'Generate AI Analysis' }));
        expect(await within(analysisPanel()).findByText(text)).toBeInTheDocument();
        expect(reload).not.toHaveBeenCalled();
        expect(screen.getByRole('button', { name: 'Generate AI Analysis' })).toBeEnabled();
        expect(logged).toHaveBeenCalledTimes(status === 202 ? 0 : 1);
      } finally {
        restore();
      }
    },
  );

  describe('every 60 seconds', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

    it('fetches the analysis again and shows it once it exists', async () => {
      let answer: StubHandler = NOT_FOUND;
      const { fetchMock } = renderAnalysis({ [DAILY_ANALYSIS]: () => answer as StubResponse });
      const reads = () => fetchMock.mock.calls.filter(([url]) => url === DAILY_ANALYSIS).length;
      await screen.findByText('No AI analysis available right now');
      expect(reads()).toBe(1);

      answer = { body: analysis };
      await advance(50_000);
      expect(reads()).toBe(1);
      await advance(10_000);
      expect(await screen.findByText(/Stocks rose on Tuesday\./)).toBeInTheDocument();
      expect(reads()).toBe(2);
      expect(screen.queryByText('No AI analysis available right now')).not.toBeInTheDocument();
    });

    it('keeps asking after a failed load', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => {});
      let answer: StubResponse = { status: 500, body: 'boom' };
      const { fetchMock } = renderAnalysis({ [DAILY_ANALYSIS]: () => answer });
      const reads = () => fetchMock.mock.calls.filter(([url]) => url === DAILY_ANALYSIS).length;
      await screen.findByText(/daily analysis could not be loaded right now/);
      const failedReads = reads();

      answer = { body: analysis };
      await advance(60_000);
      expect(await screen.findByText(/Stocks rose on Tuesday\./)).toBeInTheDocument();
      expect(reads()).toBeGreaterThan(failedReads);
    });
  });

  it('explains a failed load without offering to generate', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderAnalysis({ [DAILY_ANALYSIS]: { status: 500, body: 'boom' } });
    expect(
      await screen.findByText(/daily analysis could not be loaded right now/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate AI Analysis' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

function renderOpinion(stubs: Record<string, StubHandler>) {
  return renderRoute('/opinion', { [OPINION_LIST]: { body: [] }, ...stubs });
}

const OPINION_TITLE = 'Daily ProbEdge Opinion';

describe('/opinion daily opinion card', () => {
  it('is hidden while the opinion is loading', async () => {
    const { fetchMock } = renderOpinion({ [DAILY_OPINION]: () => pending() });
    await screen.findByText('No opinion articles available at the moment');
    expect(fetchMock).toHaveBeenCalledWith(
      DAILY_OPINION,
      expect.objectContaining({ method: 'GET' }),
    );
    expect(screen.queryByRole('region', { name: OPINION_TITLE })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Opinion' })).not.toBeInTheDocument();
  });

  it.each([
    ['a 404', { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'none' } }],
    ['a server error', { status: 500, body: 'boom' }],
  ])('is hidden after %s', async (_label, answer) => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetchMock } = renderOpinion({ [DAILY_OPINION]: answer });
    await screen.findByText('No opinion articles available at the moment');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === DAILY_OPINION)).toBe(true),
    );
    expect(screen.queryByRole('region', { name: OPINION_TITLE })).not.toBeInTheDocument();
  });

  it('shows the date, the content with line breaks and the source article title', async () => {
    renderOpinion({ [DAILY_OPINION]: { body: opinion } });
    const card = await screen.findByRole('region', { name: OPINION_TITLE });
    expect(within(card).getByText('November 20, 2026')).toHaveAttribute('datetime', '2026-11-20');
    const content = within(card).getByText(/Rates matter more than earnings\./);
    expect(content.innerHTML).toBe('Rates matter more than earnings.<br>\nWatch the bond market.');
    expect(within(card).getByText(`Source: ${opinion.sourceArticleTitle}`)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'New Opinion' })).toBeEnabled();
  });

  it("'New Opinion' posts and shows the day's opinion as answered, with the time it arrived", async () => {
    const { reload, restore } = mockReload();
    fixClock('2026-11-21T14:05:09Z');
    const fresh = {
      analysisDate: '2026-11-21',
      content: 'Breadth improved while yields eased.',
      sourceArticleTitle: 'Small caps wake up',
    };
    try {
      const { user, fetchMock } = renderOpinion({
        [DAILY_OPINION]: { body: opinion },
        [GENERATE_OPINION]: { body: fresh },
      });
      const card = await screen.findByRole('region', { name: OPINION_TITLE });
      expect(within(card).getByRole('status')).toBeEmptyDOMElement();

      await user.click(within(card).getByRole('button', { name: 'New Opinion' }));

      expect(await within(card).findByText(fresh.content)).toBeInTheDocument();
      expect(within(card).getByText(`Source: ${fresh.sourceArticleTitle}`)).toBeInTheDocument();
      expect(within(card).getByText('November 21, 2026')).toBeInTheDocument();
      expect(within(card).queryByText(/Rates matter more than earnings/)).not.toBeInTheDocument();
      const updated = within(card).getByRole('status');
      expect(updated).toHaveTextContent(/^Updated \d{1,2}:\d{2}:09 (AM|PM)$/);
      expect(within(updated).getByText(/:09 (AM|PM)$/)).toHaveAttribute(
        'datetime',
        '2026-11-21T14:05:09.000Z',
      );
      const call = fetchMock.mock.calls.find(([url]) => url === GENERATE_OPINION);
      expect(call?.[1]).toEqual(expect.objectContaining({ method: 'POST' }));
      expect(reload).not.toHaveBeenCalled();
      expect(within(card).getByRole('button', { name: 'New Opinion' })).toBeEnabled();
    } finally {
      jest.useRealTimers();
      restore();
    }
  });

  it('only logs a failed generation and keeps the card as it was', async () => {
    const { reload, restore } = mockReload();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { user } = renderOpinion({
        [DAILY_OPINION]: { body: opinion },
        [GENERATE_OPINION]: {
          status: 429,
          body: { statusCode: 429, error: 'Too Many Requests', message: 'Slow down.' },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'New Opinion' }));
      await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
      expect(String(logged.mock.calls[0])).toContain('Slow down.');
      expect(reload).not.toHaveBeenCalled();
      expect(screen.queryByText('Slow down.')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'New Opinion' })).toBeEnabled();
    } finally {
      restore();
    }
  });
});
