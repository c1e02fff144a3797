import { Alert, Anchor, Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ingredientLine, RecipeImage } from '@/shared/recipe';
import { FormAlert, formatDateTime } from '@/shared/ui';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconClock, IconX } from '@/shared/ui/icons';
import type { AdminPublishRequest, PublishCheck } from '../api/publishRequests';

export const CHECK_PASSED_TEXT = 'Publish check passed.';
export const NAME_TAKEN_TEXT = 'This name is already taken.';

/** The badge colour of the statuses the screen knows (any other shows grey). */
const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  approved: 'larder',
  rejected: 'red',
  cancelled: 'gray',
};

/** The problems the publish check found, one line each (none when it passed). */
export function checkWarnings(check: PublishCheck): string[] {
  const warnings: string[] = [];
  if (check.banned_words.length > 0) warnings.push(`Banned words or symbols: ${check.banned_words.join(', ')}`);
  if (check.custom_ingredients.length > 0)
    warnings.push(`Custom ingredients: ${check.custom_ingredients.join(', ')}`);
  if (check.name_taken) warnings.push(NAME_TAKEN_TEXT);
  return [...warnings, ...check.errors];
}

function CheckResult({ check }: { check: PublishCheck }) {
  const warnings = checkWarnings(check);
  if (warnings.length === 0) {
    return (
      <Group gap={6} c="larder">
        <IconCircleCheck size={18} aria-hidden />
        <Text size="sm">{CHECK_PASSED_TEXT}</Text>
      </Group>
    );
  }
  return (
    <Alert color="orange" variant="light" title="Publish check" icon={<IconAlertTriangle size={18} />} role="note">
      <List size="sm" spacing={2} aria-label="publish check warnings">
        {warnings.map((warning) => (
          <List.Item key={warning}>{warning}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}
      </Text>{' '}
      {children}
    </Text>
  );
}

export interface PublishRequestCardProps {
  request: AdminPublishRequest;
  onApprove: () => void;
  onReject: () => void;
  approving: boolean;
  /** The server's answer to a failed approval of this request. */
  failure: string | null;
}

/** One publish request: who asked and when, the whole recipe, the publish check and the actions. */
export function PublishRequestCard({ request, onApprove, onReject, approving, failure }: PublishRequestCardProps) {
  const { recipe, author, check } = request;
  const steps = [...recipe.steps].sort((a, b) => a.step_order - b.step_order);
  const pending = request.status === 'pending';

  return (
    <Card withBorder padding="md" component="article" aria-label={recipe.name}>
      <Stack gap="md">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <RecipeImage image={recipe.image} alt={recipe.name} style={{ width: 96, height: 96, flexShrink: 0 }} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} size="h4">
                {recipe.name}
              </Title>
              <Badge color={STATUS_COLORS[request.status] ?? 'gray'} variant="light">
                {request.status}
              </Badge>
            </Group>
            <Text size="sm">
              by {author.name} (
              <Anchor href={`mailto:${author.email}`} size="sm">
                {author.email}
              </Anchor>
              )
            </Text>
            <Group gap={4} c="dimmed" wrap="nowrap">
              <IconClock size={14} aria-hidden />
              <Text size="sm">requested on {formatDateTime(request.created_at)}</Text>
            </Group>
          </Stack>
        </Group>

        {request.status === 'rejected' && request.error && <Field label="Reason:">{request.error}</Field>}
        <CheckResult check={check} />

        <Group gap="lg">
          <Field label="Serves">{recipe.serves}</Field>
          <Field label="Category">{recipe.category?.name ?? 'none'}</Field>
        </Group>
        {recipe.description && <Text style={{ whiteSpace: 'pre-line' }}>{recipe.description}</Text>}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap={4}>
            <Title order={4} size="h5">
              Ingredients
            </Title>
            <List size="sm" spacing={2} aria-label="ingredients">
              {recipe.ingredients.map((item, index) => (
                <List.Item key={`${index}-${item.name}`}>
                  {ingredientLine(item)}
                  {item.custom && (
                    <Badge ml={6} size="xs" color="orange" variant="light">
                      custom
                    </Badge>
                  )}
                </List.Item>
              ))}
            </List>
          </Stack>
          <Stack gap={4}>
            <Title order={4} size="h5">
              Steps
            </Title>
            <Stack gap="xs" component="ol" aria-label="steps" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {steps.map((step) => (
                <Stack key={step.id} gap={2} component="li">
                  <Text size="sm" fw={600}>
                    {step.step_order}. {step.title}
                  </Text>
                  {step.step_image && <RecipeImage image={step.step_image} style={{ width: '100%', maxHeight: 160 }} />}
                  {step.description && (
                    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                      {step.description}
                    </Text>
                  )}
                  {step.timer && (
                    <Text size="xs" c="dimmed">
                      Timer: {step.timer}
                    </Text>
                  )}
                </Stack>
              ))}
            </Stack>
          </Stack>
        </SimpleGrid>

        <FormAlert>{failure}</FormAlert>
        {pending && (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={18} />}
              onClick={onReject}
              disabled={approving}
            >
              Reject
            </Button>
            <Button leftSection={<IconCheck size={18} />} onClick={onApprove} loading={approving}>
              Approve
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
