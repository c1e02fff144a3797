import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSession } from '@/shared/session';
import { signIn } from '@/test/render';
import { createQueryClient } from '../queryClient';
import { PERSISTED_KEY, persistQueries, restoreQueries } from './persistedQueries';

const LIST_KEY = ['shopping-lists', 'detail', 3];
const stored = () => window.localStorage.getItem(PERSISTED_KEY);

describe('the data last seen, kept on the device', () => {
  it("keeps the household's answers, and a new start shows them before any request", async () => {
    signIn();
    const first = createQueryClient();
    const stop = persistQueries(first);
    first.setQueryData(LIST_KEY, { shopping_list: { name: 'Weekly' } });
    first.setQueryData(['account'], { name: 'not kept' });
    await waitFor(() => expect(stored()).toContain('Weekly'));
    expect(stored()).not.toContain('not kept');
    stop();

    const next = createQueryClient();
    restoreQueries(next);
    expect(next.getQueryData(LIST_KEY)).toEqual({ shopping_list: { name: 'Weekly' } });
    expect(next.getQueryData(['account'])).toBeUndefined();
  });

  it('never shows them to another session: another token restores nothing, and a log out forgets them', async () => {
    signIn();
    const client = createQueryClient();
    const stop = persistQueries(client);
    client.setQueryData(LIST_KEY, { shopping_list: { name: 'Weekly' } });
    await waitFor(() => expect(stored()).not.toBeNull());

    signIn(undefined, 'another-token');
    const other = createQueryClient();
    restoreQueries(other);
    expect(other.getQueryData(LIST_KEY)).toBeUndefined();
    expect(stored()).toBeNull();

    signIn();
    client.setQueryData(LIST_KEY, { shopping_list: { name: 'Weekly 2' } });
    await waitFor(() => expect(stored()).toContain('Weekly 2'));
    clearSession();
    expect(stored()).toBeNull();
    stop();
  });
});
