import { Accordion, List } from '@mantine/core';
import { ingredientLine } from './ingredients';
import type { IngredientItem } from './types';

/** The collapsible 'Ingredients' panel (open at first). Each line carries its value as `data-value`. */
export function IngredientsPanel({ ingredients }: { ingredients: readonly IngredientItem[] }) {
  return (
    <Accordion variant="contained" defaultValue="ingredients">
      <Accordion.Item value="ingredients">
        <Accordion.Control>Ingredients</Accordion.Control>
        <Accordion.Panel>
          <List spacing={4} size="sm" aria-label="ingredients">
            {ingredients.map((item, index) => (
              <List.Item key={`${item.value}-${index}`} data-value={String(item.value)}>
                {ingredientLine(item)}
              </List.Item>
            ))}
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
