import { act, screen, within } from '@testing-library/react';
import { renderRoute } from '../../../../test/render-route';

async function openCaseStudies() {
  const view = renderRoute('/research');
  await view.user.click(await screen.findByRole('tab', { name: 'Case Studies' }));
  return view;
}

describe('/research', () => {
  it('opens on the Mathematical Framework tab with nine methods and the subscribe link', async () => {
    renderRoute('/research');
    expect(await screen.findByRole('heading', { level: 1, name: 'Research' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Mathematical Framework' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const methods = within(screen.getByRole('list', { name: 'Proprietary methods' })).getAllByRole(
      'article',
    );
    expect(methods).toHaveLength(9);
    for (const method of methods) {
      expect(within(method).getByRole('heading', { name: 'What it does' })).toBeVisible();
      expect(within(method).getByRole('heading', { name: 'Why it’s critical' })).toBeVisible();
    }
    expect(screen.getByRole('link', { name: 'View Subscription Options' })).toHaveAttribute(
      'href',
      '/subscribe?source=research',
    );
    expect(screen.getAllByText(/not investment advice/).length).toBeGreaterThan(0);
  });

  it('switches to Case Studies on click and back', async () => {
    const { user } = await openCaseStudies();
    expect(screen.getByRole('tab', { name: 'Case Studies' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('TSLA');
    expect(
      screen.getByRole('list', { name: 'Proprietary methods', hidden: true }),
    ).not.toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Mathematical Framework' }));
    expect(screen.getByRole('list', { name: 'Proprietary methods' })).toBeVisible();
  });

  it('switches tabs with the arrow keys', async () => {
    const { user } = renderRoute('/research');
    await screen.findByRole('tab', { name: 'Mathematical Framework' });
    await user.tab();
    while (document.activeElement?.getAttribute('role') !== 'tab') await user.tab();
    expect(document.activeElement).toHaveTextContent('Mathematical Framework');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Case Studies' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Mathematical Framework' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('always shows the TSLA case with every part of the write-up', async () => {
    await openCaseStudies();
    const tsla = screen.getByRole('article', { name: /^TSLA/ });
    for (const part of [
      'Context',
      'What legacy indicators saw',
      'What was detected',
      'Signal output',
      'Outcome',
    ]) {
      expect(within(tsla).getByRole('heading', { name: part })).toBeVisible();
    }
    const signal = within(tsla).getByLabelText('TSLA signal output');
    for (const label of [
      'Asset',
      'Pattern',
      'Confidence',
      'Entry',
      'Stop / target',
      'Kelly weight',
    ]) {
      expect(within(signal).getByText(label)).toBeVisible();
    }
    expect(within(tsla).queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps AAPL, MSFT, PRCT and ESAB closed until toggled, independently', async () => {
    const { user } = await openCaseStudies();
    const toggles = screen.getAllByRole('button', { name: /^(AAPL|MSFT|PRCT|ESAB)/ });
    expect(toggles.map((toggle) => toggle.textContent?.slice(0, 4))).toEqual([
      'AAPL',
      'MSFT',
      'PRCT',
      'ESAB',
    ]);
    for (const toggle of toggles) expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('AAPL signal output')).not.toBeVisible();

    await user.click(toggles[0]!);
    expect(toggles[0]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('AAPL signal output')).toBeVisible();
    await user.click(toggles[1]!);
    expect(toggles[0]).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('MSFT signal output')).toBeVisible();

    await user.click(toggles[0]!);
    expect(toggles[0]).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('AAPL signal output')).not.toBeVisible();
  });

  it('toggles a case with Enter and Space', async () => {
    const { user } = await openCaseStudies();
    const esab = screen.getByRole('button', { name: /^ESAB/ });
    act(() => esab.focus());
    await user.keyboard('{Enter}');
    expect(esab).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(esab).toHaveAttribute('aria-expanded', 'false');
  });
});
