import { Alert, Anchor, Badge, Checkbox, Group, Image, List, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ValidateResult } from '@/shared/api';
import { ingredientLine } from '@/shared/recipe';
import { IconAlertTriangle, IconCircleCheck } from '@/shared/ui/icons';
import { useCategoryOptions } from '../api/creator';
import { isCustom, type DraftErrors, type RecipeDraft } from '../lib/draft';
import { uploadUrl } from './ImagePicker';

export const PUBLISH_LABEL = 'Publish this recipe';
export const PUBLISH_WARNING =
  'Saving a published recipe makes it private again until an administrator re-approves it, and any previous publish request will be cancelled.';
export const BANNED_WORDS_TEXT = 'Contains banned words or symbols';
export const CUSTOM_INGREDIENTS_TEXT = 'This Recipe Cannot be published as it as unknown ingredients.';
export const NAME_TAKEN_TEXT = 'This name is already taken.';

/** 'contact' link shown with the publish-check messages that an administrator can help with. */
export function ContactLink() {
  return (
    <Text size="sm" span>
      Questions? Please{' '}
      <Anchor component={Link} to="/contact">
        contact
      </Anchor>{' '}
      the administrator.
    </Text>
  );
}

/** The result of the publish check (POST /user-recipe-validate) while the publish tick is on. */
interface CheckState {
  result: ValidateResult | undefined;
  loading: boolean;
  failed: boolean;
}

function PublishCheck({ result, loading, failed }: CheckState) {
  if (loading && !result) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Checking whether the recipe can be published…</Text>
      </Group>
    );
  }
  if (failed || !result) {
    return (
      <Text size="sm" c="dimmed">
        The publish check is not available right now; the server checks again when you submit.
      </Text>
    );
  }
  const blocked = result.banned_words.length > 0 || result.custom_ingredients.length > 0 || result.name_taken;
  if (!blocked) {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} aria-label="publish check">
        Ready to publish: an administrator reviews the recipe before it appears in Discover.
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="This recipe cannot be published yet"
      aria-label="publish check"
    >
      <Stack gap="xs">
        {result.banned_words.length > 0 && (
          <Text size="sm">
            {BANNED_WORDS_TEXT}: {result.banned_words.join(', ')}
          </Text>
        )}
        {result.custom_ingredients.length > 0 && (
          <Stack gap={2}>
            <Text size="sm">{CUSTOM_INGREDIENTS_TEXT}</Text>
            <Text size="sm">Unknown: {result.custom_ingredients.join(', ')}</Text>
            <ContactLink />
          </Stack>
        )}
        {result.name_taken && <Text size="sm">{NAME_TAKEN_TEXT}</Text>}
        <Text size="xs" c="dimmed">
          You can still save the recipe; it stays private.
        </Text>
      </Stack>
    </Alert>
  );
}

/** Step 5, 'Review and Save': the draft at a glance, what is missing, and the publish tick. */
export function ReviewStep({
  draft,
  errors,
  serverErrors,
  check,
  onPublishChange,
}: {
  draft: RecipeDraft;
  errors: DraftErrors;
  serverErrors: string[];
  check: CheckState;
  onPublishChange: (published: boolean) => void;
}) {
  const categories = useCategoryOptions();
  const category = categories.data?.find((option) => option.value === draft.category_id)?.name;
  const problems = [...errors.messages, ...serverErrors.filter((message) => !errors.messages.includes(message))];

  return (
    <Stack gap="md">
      {problems.length > 0 && (
        <Alert color="red" variant="light" title="Before saving" role="alert">
          <List size="sm">
            {problems.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      <Stack gap={4} aria-label="recipe summary">
        {draft.image && (
          <Image
            src={uploadUrl(draft.image)}
            alt="recipe image"
            radius="md"
            maw={480}
            style={{ aspectRatio: '16 / 9' }}
          />
        )}
        <Title order={3}>{draft.name.trim() || '(no name)'}</Title>
        <Group gap="xs">
          {category && <Badge variant="light">{category}</Badge>}
          <Text size="sm">Serves {String(draft.serves || '')}</Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {draft.description.trim()}
        </Text>
      </Stack>

      <Stack gap={4}>
        <Title order={4}>Ingredients</Title>
        <List size="sm" aria-label="review ingredients">
          {draft.ingredients.map((item) => (
            <List.Item key={String(item.value)}>
              {ingredientLine(item)}
              {isCustom(item) ? ' (custom)' : ''}
            </List.Item>
          ))}
        </List>
      </Stack>

      <Stack gap={4}>
        <Title order={4}>Steps</Title>
        <List type="ordered" size="sm" aria-label="review steps">
          {draft.steps.map((step) => (
            <List.Item key={step.id}>
              {step.title.trim() || '(no title)'}
              {step.timer ? ` (${step.timer})` : ''}
            </List.Item>
          ))}
        </List>
      </Stack>

      <Stack gap="xs">
        <Checkbox
          label={PUBLISH_LABEL}
          description="An administrator reviews it before it appears in Discover for everyone."
          checked={draft.published}
          onChange={(event) => onPublishChange(event.currentTarget.checked)}
        />
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {PUBLISH_WARNING}
        </Alert>
        {draft.published && <PublishCheck {...check} />}
      </Stack>
    </Stack>
  );
}
