import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ingredientLine, RecipeImage, StepTimer, toIngredientItem } from '@/shared/recipe';
import { IconChevronLeft, IconChevronRight } from '@/shared/ui/icons';
import type { RecipeIngredient, RecipeStep } from '../api/recipes';

export function stepTitle(step: RecipeStep): string {
  return step.title || step.name || `Step ${step.step_order}`;
}

/**
 * Tutorial (cook) mode: one step at a time with Prev and Next, 'step X of Y steps' and the step's
 * timer. Every step stays mounted (hidden when not current) so running timers keep going.
 */
export function CookMode({ steps, ingredients }: { steps: RecipeStep[]; ingredients: RecipeIngredient[] }) {
  const [index, setIndex] = useState(0);
  if (steps.length === 0) return <Text c="dimmed">This recipe has no steps.</Text>;
  const current = Math.min(index, steps.length - 1);
  return (
    <Stack gap="md">
      <Text fw={600} aria-live="polite">
        step {current + 1} of {steps.length} steps
      </Text>
      {steps.map((step, i) => {
        const used = ingredients.filter((item) => step.ingredients.includes(item.recipe_ingredient_id));
        return (
          <Card key={step.recipe_step_id} withBorder hidden={i !== current} style={i !== current ? { display: 'none' } : undefined}>
            <Stack gap="sm">
              <Title order={3}>{stepTitle(step)}</Title>
              {step.image && <RecipeImage image={step.image} style={{ width: '100%', maxHeight: 240 }} />}
              {step.description && <Text style={{ whiteSpace: 'pre-line' }}>{step.description}</Text>}
              {used.length > 0 && (
                <List size="sm" spacing={2}>
                  {used.map((item) => (
                    <List.Item key={item.recipe_ingredient_id}>{ingredientLine(toIngredientItem(item))}</List.Item>
                  ))}
                </List>
              )}
              {step.timer && <StepTimer timer={step.timer} />}
            </Stack>
          </Card>
        );
      })}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} />}
          disabled={current === 0}
          onClick={() => setIndex(current - 1)}
        >
          Prev
        </Button>
        <Button
          rightSection={<IconChevronRight size={16} />}
          disabled={current >= steps.length - 1}
          onClick={() => setIndex(current + 1)}
        >
          Next
        </Button>
      </Group>
    </Stack>
  );
}
