import { Accordion, List, Text } from '@mantine/core';
import { Fragment } from 'react';
import { ingredientLine } from './ingredients';
import type { IngredientItem } from './types';

/**
 * The collapsible 'Ingredients' panel (open at first). Each line carries its value as `data-value`;
 * a group's name ("For the sauce") stands once above its first line, without a bullet.
 */
export function IngredientsPanel({ ingredients }: { ingredients: readonly IngredientItem[] }) {
  return (
    <Accordion variant="contained" defaultValue="ingredients">
      <Accordion.Item value="ingredients">
        <Accordion.Control>Ingredients</Accordion.Control>
        <Accordion.Panel>
          <List spacing={4} size="sm" aria-label="ingredients">
            {ingredients.map((item, index) => (
              <Fragment key={`${item.value}-${index}`}>
                {item.group && item.group !== ingredients[index - 1]?.group && (
                  <List.Item icon={<span />} data-group={item.group} mt={index ? 'xs' : 0}>
                    <Text span fw={600} size="sm">
                      {item.group}
                    </Text>
                  </List.Item>
                )}
                <List.Item data-value={String(item.value)}>{ingredientLine(item)}</List.Item>
              </Fragment>
            ))}
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
