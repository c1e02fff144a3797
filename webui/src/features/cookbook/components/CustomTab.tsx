import { ActionIcon, Badge, Card, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError, rejectedRequest, usePublishRecipe } from '@/shared/api';
import { RecipeCardList } from '@/shared/recipe';
import { confirmDialog, formatDateTime, toast } from '@/shared/ui';
import { IconDots } from '@/shared/ui/icons';
import {
  type UserRecipe,
  useCancelRequest,
  useDeleteUserRecipe,
  useUnpublishRecipe,
  useUserRecipes,
} from '../api/userRecipes';

export const PUBLISH_TEXTS = {
  inReview: 'In Review',
  rejected: 'The request to publish was rejected',
  cancelled: 'The request to publish was cancelled',
  notCancelled: 'The Request could not be cancelled',
  unpublished: 'The Recipe was unpublished',
  unknown: 'Unknown Error, Contact Administrator.',
} as const;

/** A 401 already signs the user out and goes to /login: no toast then. */
const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

export const UNPUBLISH_CONFIRM_TEXT = 'The recipe leaves the catalogue; publishing it again needs a new review.';

/** #custom: the user's own recipes with the publish / cancel / unpublish / edit / delete menu. */
export function CustomTab() {
  const { data, isPending, error } = useUserRecipes();
  useEffect(() => {
    if (error) console.error('Loading the own recipes failed', error);
  }, [error]);
  return (
    <RecipeCardList label="own recipes" loading={isPending}>
      {(data ?? []).map((recipe) => (
        <CustomCard key={recipe.user_recipe_id} recipe={recipe} />
      ))}
    </RecipeCardList>
  );
}

function CustomCard({ recipe }: { recipe: UserRecipe }) {
  const navigate = useNavigate();
  const publish = usePublishRecipe();
  const cancel = useCancelRequest();
  const unpublish = useUnpublishRecipe();
  const remove = useDeleteUserRecipe();
  const { request } = recipe;
  const busy = publish.isPending || cancel.isPending || unpublish.isPending || remove.isPending;

  const onPublish = () =>
    publish.mutate(recipe.user_recipe_id, {
      onSuccess: () => toast(PUBLISH_TEXTS.inReview, 'success'),
      onError: (error) => {
        if (signedOut(error)) return;
        const rejected = rejectedRequest(error);
        if (!rejected) {
          toast(PUBLISH_TEXTS.unknown, 'error');
          return;
        }
        toast(PUBLISH_TEXTS.rejected, 'error');
        if (rejected.error) toast(rejected.error, 'error');
      },
    });

  const onCancel = () =>
    cancel.mutate(recipe, {
      onSuccess: () => toast(PUBLISH_TEXTS.cancelled, 'success'),
      onError: (error) => {
        if (!signedOut(error)) toast(PUBLISH_TEXTS.notCancelled, 'error');
      },
    });

  const onUnpublish = async () => {
    const confirmed = await confirmDialog({
      title: `Unpublish ${recipe.name}?`,
      description: UNPUBLISH_CONFIRM_TEXT,
    });
    if (!confirmed) return;
    unpublish.mutate(recipe.user_recipe_id, {
      onSuccess: () => toast(PUBLISH_TEXTS.unpublished, 'success'),
      onError: (error) => {
        if (!signedOut(error)) toast(PUBLISH_TEXTS.unknown, 'error');
      },
    });
  };

  const onDelete = async () => {
    const confirmed = await confirmDialog({
      title: `Delete ${recipe.name}?`,
      description: 'This action cannot be undone',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(recipe, {
      onError: (error) => {
        if (!signedOut(error)) toast(PUBLISH_TEXTS.unknown, 'error');
      },
    });
  };

  return (
    <Card withBorder padding="sm" component="li" aria-label={recipe.name}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <UnstyledButton component={Link} to={`/user-recipes/${recipe.user_recipe_id}`} style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{recipe.name}</Text>
              {recipe.published && (
                <Badge size="sm" variant="light">
                  published
                </Badge>
              )}
            </Group>
            <Text size="sm">
              <Text span fw={600}>
                Serves
              </Text>{' '}
              {recipe.serves}
            </Text>
            {recipe.description && (
              <Text size="sm" lineClamp={3} data-preview>
                {recipe.description}
              </Text>
            )}
          </Stack>
        </UnstyledButton>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`actions for ${recipe.name}`} loading={busy}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {!request && !recipe.published && <Menu.Item onClick={onPublish}>publish</Menu.Item>}
            {!request && recipe.published && <Menu.Item onClick={() => void onUnpublish()}>unpublish</Menu.Item>}
            {request && <Menu.Item onClick={onCancel}>cancel</Menu.Item>}
            <Menu.Item onClick={() => void navigate(`/recipe-edit/${recipe.user_recipe_id}`)}>edit</Menu.Item>
            <Menu.Item color="red" onClick={() => void onDelete()}>
              delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {request && (
        <Stack gap={0} mt="xs" aria-label="publish request">
          <Text size="sm">
            <Text span fw={600}>
              Status
            </Text>{' '}
            {request.status}
          </Text>
          <Text size="sm" c="dimmed">
            requested on {formatDateTime(request.created_at)}
          </Text>
          <Text size="sm" c="dimmed">
            last updated {formatDateTime(request.updated_at)}
          </Text>
          {request.error && (
            <Text size="sm" c="red">
              {request.error}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
