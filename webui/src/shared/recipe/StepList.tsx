import { Card, Stack, Text, Title } from '@mantine/core';
import { RecipeImage } from './RecipeImage';
import { StepTimer } from './StepTimer';
import type { StepItem } from './types';

/**
 * The steps of a recipe card in step order: 'N. title', the image, the description and the
 * timer (a StepTimer button, or the text 'Timer: HH:MM:SS' with `timers="text"`).
 */
export function StepList({ steps, timers = 'button' }: { steps: readonly StepItem[]; timers?: 'button' | 'text' }) {
  const ordered = [...steps].sort((a, b) => a.step_order - b.step_order);
  return (
    <Stack gap="sm" component="ol" aria-label="steps" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {ordered.map((step) => (
        <Card key={step.key} withBorder component="li">
          <Stack gap={6}>
            <Title order={4}>
              {step.step_order}. {step.title}
            </Title>
            {step.image && <RecipeImage image={step.image} style={{ width: '100%', maxHeight: 240 }} />}
            {step.description && <Text style={{ whiteSpace: 'pre-line' }}>{step.description}</Text>}
            {step.timer &&
              (timers === 'button' ? (
                <div>
                  <StepTimer timer={step.timer} label={`step ${step.step_order} timer`} />
                </div>
              ) : (
                <Text size="sm" c="dimmed">
                  Timer: {step.timer}
                </Text>
              ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
