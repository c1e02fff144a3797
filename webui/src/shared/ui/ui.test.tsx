import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { confirmDialog } from './confirm';
import { formatDateTime } from './DateTimeText';
import { randomToastId, toast } from './toast';

describe('toast', () => {
  it('shows for 1000 ms at the top centre with a random 6-character id', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('x');
    const id = toast('Hello there');
    expect(id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ id, message: 'Hello there', autoClose: 1000, position: 'top-center' }),
    );
  });

  it('makes different ids', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomToastId()));
    expect(ids.size).toBeGreaterThan(45);
  });
});

function ConfirmProbe() {
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <Button
        onClick={() =>
          void confirmDialog({ title: 'Delete Soup?', description: 'This action cannot be undone' }).then((ok) =>
            setAnswer(String(ok)),
          )
        }
      >
        ask
      </Button>
      <span data-testid="answer">{answer}</span>
    </>
  );
}

describe('confirmDialog', () => {
  it.each([
    ['confirm', 'true'],
    ['cancel', 'false'],
  ])("has a title, a description and 'cancel'/'confirm'; %s resolves %s", async (button, expected) => {
    const { user } = renderWithProviders(<ConfirmProbe />);
    await user.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Soup?' });
    expect(within(dialog).getByText('This action cannot be undone')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: button }));
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent(expected));
  });
});

describe('formatDateTime', () => {
  it('writes a timestamp en-GB style, DD/MM/YYYY and a 24-hour time, in the local zone', () => {
    const value = '2026-11-27T16:54:00';
    expect(formatDateTime(value)).toBe('27/11/2026, 16:54');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});
