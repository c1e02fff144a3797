import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { canCreateCustom, filterIngredientOptions } from './filter';
import { CUSTOM_ITEM_TEXT, IngredientSearch, isCustomPick } from './index';

const OPTIONS = [
  { value: 1, name: 'Tomato', image: null, category_id: 4, default_unit: 'unit' },
  { value: 2, name: 'Cherry tomatoes', image: null, category_id: 4, default_unit: 'g' },
  { value: 3, name: 'Milk', image: null, category_id: 7, default_unit: 'ml' },
];

let calls = 0;
beforeEach(() => {
  calls = 0;
  server.use(
    http.get('/api/form-options/ingredients', () => {
      calls += 1;
      return HttpResponse.json({ data: OPTIONS });
    }),
  );
});

describe('filterIngredientOptions', () => {
  it.each([
    ['', 3],
    ['to', 3],
    ['  to  ', 3],
    ['tom', 2],
    ['TOMATO', 2],
    ['ilk', 1],
    ['xyz', 0],
  ])("'%s' shows %i options", (search, count) => {
    expect(filterIngredientOptions(OPTIONS, search)).toHaveLength(count);
  });

  it('allows a custom item only once filtering matches nothing', () => {
    expect(canCreateCustom(OPTIONS, 'xy')).toBe(false);
    expect(canCreateCustom(OPTIONS, 'tom')).toBe(false);
    expect(canCreateCustom(OPTIONS, 'Saffron')).toBe(true);
  });
});

describe('IngredientSearch', () => {
  it('filters after more than 2 characters and picks an option with the mouse', async () => {
    const onPick = vi.fn();
    const { user } = renderWithProviders(<IngredientSearch onPick={onPick} />);
    const input = screen.getByRole('textbox', { name: 'search ingredients' });
    await user.click(input);
    expect(await screen.findByRole('option', { name: 'Milk' })).toBeInTheDocument();
    await user.type(input, 'to');
    // Two characters do not filter yet.
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.type(input, 'm');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(screen.getByRole('button', { name: CUSTOM_ITEM_TEXT })).toBeDisabled();
    await user.click(screen.getByRole('option', { name: 'Cherry tomatoes' }));
    expect(onPick).toHaveBeenCalledWith(OPTIONS[1]);
    expect(isCustomPick(onPick.mock.calls[0]![0])).toBe(false);
    expect(input).toHaveValue('');
  });

  it('an empty input resets the list', async () => {
    const { user } = renderWithProviders(<IngredientSearch onPick={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'search ingredients' });
    await fill(user, input, 'milk');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.clear(input);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
  });

  it('enables the custom-item button only when nothing matches, and makes {name} with no value', async () => {
    const onPick = vi.fn();
    const { user } = renderWithProviders(<IngredientSearch onPick={onPick} />);
    const input = screen.getByRole('textbox', { name: 'search ingredients' });
    const custom = screen.getByRole('button', { name: CUSTOM_ITEM_TEXT });
    expect(custom).toBeDisabled();
    await fill(user, input, 'Dragon fruit ');
    await waitFor(() => expect(custom).toBeEnabled());
    expect(screen.getByText("Nothing matches 'Dragon fruit'.")).toBeInTheDocument();
    await user.click(custom);
    expect(onPick).toHaveBeenCalledWith({ name: 'Dragon fruit' });
    expect(isCustomPick(onPick.mock.calls[0]![0])).toBe(true);
    expect(input).toHaveValue('');
    expect(custom).toBeDisabled();
  });

  it("stops a custom item's name at the server's 100 characters and says why", async () => {
    const onPick = vi.fn();
    const { user } = renderWithProviders(<IngredientSearch onPick={onPick} />);
    const input = screen.getByRole('textbox', { name: 'search ingredients' });
    await waitFor(() => expect(input).toBeEnabled());
    await user.click(input);
    await user.paste('x'.repeat(130));
    expect(input).toHaveValue('x'.repeat(100));
    expect(screen.getByText("An item's name has at most 100 characters.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CUSTOM_ITEM_TEXT }));
    expect(onPick).toHaveBeenCalledWith({ name: 'x'.repeat(100) });
  });

  it('works with the keyboard: arrows and Enter pick an option, Enter makes a custom item', async () => {
    const onPick = vi.fn();
    const { user } = renderWithProviders(<IngredientSearch onPick={onPick} />);
    await screen.findByRole('textbox', { name: 'search ingredients' });
    await user.tab();
    const input = screen.getByRole('textbox', { name: 'search ingredients' });
    expect(input).toHaveFocus();
    await user.keyboard('tom');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(OPTIONS[1]);

    await user.keyboard('Saffron{Enter}');
    expect(onPick).toHaveBeenLastCalledWith({ name: 'Saffron' });
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('loads the options once for every search on screen', async () => {
    renderWithProviders(
      <>
        <IngredientSearch onPick={() => {}} label="first" />
        <IngredientSearch onPick={() => {}} label="second" />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('Type 3 letters or more to search.')).toHaveLength(2));
    await waitFor(() => expect(calls).toBe(1));
  });
});
