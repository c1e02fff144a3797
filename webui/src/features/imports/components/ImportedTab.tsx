import { ActionIcon, Anchor, Button, Card, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ImportedRecipe } from '@/shared/api';
import { isHttpUrl } from '@/shared/lib/url';
import { RecipeCardList } from '@/shared/recipe';
import { confirmDialog, formatDateTime, toast } from '@/shared/ui';
import { IconTrash } from '@/shared/ui/icons';
import { useDeleteImported, useImportedRecipes, useImportRecipe } from '../api/importedRecipes';
import { importedCategory, tryParseImportedData } from '../lib/importedData';

export const IMPORT_TEXTS = {
  imported: 'recipe imported',
  failed: 'recipe import failed',
  empty: '...',
} as const;

/** The cookbook's #imported tab: paste a link to import a recipe; the imports newest first. */
export function ImportedTab() {
  const { data, isPending, error } = useImportedRecipes();
  const importRecipe = useImportRecipe();
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (error) console.error('Loading the imported recipes failed', error);
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = url.trim();
    // Only a valid http or https URL is sent; otherwise nothing happens (spec part 1 §5 'Import').
    if (!isHttpUrl(value) || importRecipe.isPending) return;
    importRecipe.mutate(value, {
      onSuccess: (answer) => {
        if (answer?.data?.import_failed) {
          toast(IMPORT_TEXTS.failed, 'error');
        } else {
          toast(IMPORT_TEXTS.imported, 'success');
          setUrl('');
        }
      },
      onError: () => toast(IMPORT_TEXTS.failed, 'error'),
    });
  };

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <TextInput
            label="recipe link"
            placeholder="https://"
            type="url"
            inputMode="url"
            autoComplete="off"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={importRecipe.isPending}>
            import
          </Button>
        </Group>
      </form>
      <RecipeCardList label="imported recipes" loading={isPending} empty={IMPORT_TEXTS.empty}>
        {(data ?? []).map((item) => (
          <ImportedItem key={item.import_recipe_id} item={item} />
        ))}
      </RecipeCardList>
    </Stack>
  );
}

function ImportedItem({ item }: { item: ImportedRecipe }) {
  const remove = useDeleteImported();
  const data = tryParseImportedData(item.data);
  const name = (typeof data?.name === 'string' && data.name.trim()) || item.url;
  const meta = (
    <>
      <Text size="sm" c="dimmed">
        imported {formatDateTime(item.created_at)}
      </Text>
      <Text size="sm" c="dimmed">
        category: {importedCategory(item)}
      </Text>
    </>
  );

  const onDelete = async () => {
    const confirmed = await confirmDialog({
      title: `Delete ${name}?`,
      description: 'This action cannot be undone',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(item.import_recipe_id, {
      onError: (error) => console.error('Deleting the imported recipe failed', error),
    });
  };

  return (
    <Card withBorder padding="sm" component="li" aria-label={name}>
      <Group wrap="nowrap" gap="sm" align="flex-start">
        {item.import_failed ? (
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            {isHttpUrl(item.url) ? (
              <Anchor href={item.url} target="_blank" rel="noopener noreferrer nofollow" style={{ wordBreak: 'break-all' }}>
                {item.url}
              </Anchor>
            ) : (
              <Text style={{ wordBreak: 'break-all' }}>{item.url}</Text>
            )}
            {meta}
          </Stack>
        ) : (
          <UnstyledButton component={Link} to={`/imported-recipes/${item.import_recipe_id}`} style={{ flex: 1, minWidth: 0 }}>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {meta}
            </Stack>
          </UnstyledButton>
        )}
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`delete ${name}`}
          loading={remove.isPending}
          onClick={() => void onDelete()}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Card>
  );
}
