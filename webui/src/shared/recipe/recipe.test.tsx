import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import {
  ingredientLine,
  ingredientNamesText,
  IngredientsPanel,
  PLACEHOLDER_IMAGE,
  placeholderAlt,
  RecipeImage,
  RecipeOptionsMenu,
  StepList,
  toIngredientItems,
} from './index';

describe('ingredients', () => {
  it('maps API recipe ingredients and writes lines and names', () => {
    const items = toIngredientItems([
      { recipe_ingredient_id: 1, quantity: 2, measurement: 'cup(s)', treatment: 'rinsed', ingredient: { name: 'Lentils' } },
      { recipe_ingredient_id: 2, quantity: null, measurement: null, treatment: null, ingredient: null },
    ]);
    expect(items.map(ingredientLine)).toEqual(['2 cups Lentils, rinsed', '']);
    expect(ingredientLine({ name: 'Egg', quantity: 1, measurement: 'unit(s)' })).toBe('1 egg');
    expect(ingredientLine({ name: 'Egg', quantity: '2', measurement: 'unit(s)', treatment: 'beaten' })).toBe('2 eggs, beaten');
    expect(ingredientLine({ name: 'Cumin', quantity: 0.25, measurement: 'tsp' })).toBe('¼ tsp Cumin');
    expect(ingredientLine({ name: 'Milk', quantity: '1.5', measurement: 'cup(s)' })).toBe('1½ cups Milk');
    expect(ingredientLine({ name: 'Salt', quantity: 'a pinch', measurement: null })).toBe('a pinch Salt');
    expect(ingredientLine({ value: 'IMPORT_INGREDIENT_0', name: '3 eggs' })).toBe('3 eggs');
    expect(ingredientNamesText(items)).toBe('Lentils');
  });

  it('the panel lists the lines with their values', () => {
    renderWithProviders(<IngredientsPanel ingredients={[{ value: 'IMPORT_INGREDIENT_0', name: 'salt' }]} />);
    const item = within(screen.getByRole('list', { name: 'ingredients' })).getByRole('listitem');
    expect(item).toHaveTextContent('salt');
    expect(item).toHaveAttribute('data-value', 'IMPORT_INGREDIENT_0');
  });

  it('shows a group name once, above the first line of its group', () => {
    renderWithProviders(
      <IngredientsPanel
        ingredients={[
          { value: 'A', name: '2 cups rice' },
          { value: 'B', name: '2 tbsp oil', group: 'Tempering' },
          { value: 'C', name: '1 tsp mustard seeds', group: 'Tempering' },
          { value: 'D', name: 'salt' },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'ingredients' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2 cups rice',
      'Tempering',
      '2 tbsp oil',
      '1 tsp mustard seeds',
      'salt',
    ]);
    expect(items[1]).toHaveAttribute('data-group', 'Tempering');
    expect(items[1]).not.toHaveAttribute('data-value');
  });
});

describe('RecipeImage', () => {
  it('shows an upload, the placeholder without one, and the placeholder after a load error', () => {
    const { rerender } = renderWithProviders(<RecipeImage image="a.jpg" alt="A" />);
    const image = screen.getByRole('img', { name: 'A' });
    expect(image).toHaveAttribute('src', '/uploads/a.jpg');
    expect(image).not.toHaveAttribute('data-placeholder');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', PLACEHOLDER_IMAGE);
    expect(image).toHaveAttribute('data-placeholder', 'true');
    rerender(<RecipeImage src="https://cdn.example/b.jpg" alt="A" />);
    expect(screen.getByRole('img', { name: 'A' })).toHaveAttribute('src', 'https://cdn.example/b.jpg');
    rerender(<RecipeImage image={null} alt="A" />);
    expect(screen.getByRole('img', { name: 'A (no picture yet)' })).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  it("names the recipe on the placeholder without claiming it is the dish's picture", () => {
    renderWithProviders(<RecipeImage image={null} alt="Masala chai" />);
    const image = screen.getByRole('img', { name: 'Masala chai (no picture yet)' });
    expect(image).toHaveAttribute('data-placeholder', 'true');
    expect(placeholderAlt('')).toBe('');
  });

  it('stays decorative beside a written name, and does not retry when the placeholder itself fails', () => {
    const { container } = renderWithProviders(<RecipeImage image={undefined} />);
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('alt', '');
    fireEvent.error(image as HTMLImageElement);
    expect(image).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  it('uses the neutral drawing shipped with the web app, not a catalogue illustration', () => {
    expect(PLACEHOLDER_IMAGE).toBe('/recipe-placeholder.svg');
    const drawing = readFileSync(join(import.meta.dirname, '../../../public/recipe-placeholder.svg'), 'utf8');
    expect(drawing.startsWith('<svg ')).toBe(true);
    expect(drawing).toContain('viewBox="0 0 480 270"');
    for (const forbidden of ['<script', 'href', '<image', '<text', 'url(']) expect(drawing).not.toContain(forbidden);
  });
});

describe('StepList', () => {
  it('orders the steps and shows timers as buttons or text', () => {
    const steps = [
      { key: 'b', step_order: 2, title: 'Two', timer: '00:01:00' },
      { key: 'a', step_order: 1, title: 'One', description: 'first' },
    ];
    const { unmount } = renderWithProviders(<StepList steps={steps} />);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['1. One', '2. Two']);
    expect(screen.getByRole('button', { name: /step 2 timer 00:01:00/ })).toBeInTheDocument();
    unmount();
    renderWithProviders(<StepList steps={steps} timers="text" />);
    expect(screen.getByText('Timer: 00:01:00')).toBeInTheDocument();
  });
});

describe('RecipeOptionsMenu', () => {
  it('has no tutorial entry without a cook-mode toggle', async () => {
    const { user } = renderWithProviders(<RecipeOptionsMenu onCopyIngredients={() => {}} onCopyLink={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Recipe Options' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).not.toContain('tutorial mode');
    expect(items).toHaveLength(5);
  });
});
