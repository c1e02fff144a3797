import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { confirmDialog } from './confirm';
import { toast } from './toast';

// The toast area and the modals manager fetch their code when first needed (overlayHosts.tsx).

describe('toast area', () => {
  it('is not there before the first toast, and shows a toast given before it was loaded', async () => {
    renderWithProviders(<p>page</p>);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    toast('Saved to your cookbook', 'success');
    expect(await screen.findByText('Saved to your cookbook')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});

function AskTwice() {
  const [answers, setAnswers] = useState<string[]>([]);
  const ask = (title: string) =>
    void confirmDialog({ title, description: 'Sure?' }).then((ok) => setAnswers((list) => [...list, `${title}:${ok}`]));
  return (
    <>
      <button type="button" onClick={() => ask('First')}>
        first
      </button>
      <button type="button" onClick={() => ask('Second')}>
        second
      </button>
      <span data-testid="answers">{answers.join(' ')}</span>
    </>
  );
}

describe('modals manager', () => {
  it('opens the first confirm dialog once loaded, and the next ones as before', async () => {
    const { user } = renderWithProviders(<AskTwice />);
    await user.click(screen.getByRole('button', { name: 'first' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'First' })).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(screen.getByTestId('answers')).toHaveTextContent('First:true'));
    await user.click(screen.getByRole('button', { name: 'second' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Second' })).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.getByTestId('answers')).toHaveTextContent('First:true Second:false'));
  });

  it('asked for before any host is on screen, opens once one is', async () => {
    let answer: boolean | undefined;
    void confirmDialog({ title: 'Early question', description: 'Sure?' }).then((ok) => (answer = ok));
    const { user } = renderWithProviders(<p>page</p>);
    await user.click(within(await screen.findByRole('dialog', { name: 'Early question' })).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(answer).toBe(true));
  });
});
