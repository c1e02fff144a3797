import { Accordion, List } from '@mantine/core';
import type { RecipeIngredient } from '../api/recipes';

/** '2 cup(s) red lentils, rinsed' */
export function ingredientLine(item: RecipeIngredient): string {
  const amount = [item.quantity, item.measurement].filter((part) => part !== null && part !== undefined && part !== '').join(' ');
  const name = item.ingredient?.name ?? '';
  const main = [amount, name].filter(Boolean).join(' ');
  return item.treatment ? `${main}, ${item.treatment}` : main;
}

/** The collapsible 'Ingredients' panel (open at first). */
export function IngredientsPanel({ ingredients }: { ingredients: RecipeIngredient[] }) {
  return (
    <Accordion variant="contained" defaultValue="ingredients">
      <Accordion.Item value="ingredients">
        <Accordion.Control>Ingredients</Accordion.Control>
        <Accordion.Panel>
          <List spacing={4} size="sm" aria-label="ingredients">
            {ingredients.map((item) => (
              <List.Item key={item.recipe_ingredient_id}>{ingredientLine(item)}</List.Item>
            ))}
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
