import { Button, Container, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { canEditList, type ShoppingList, type ShoppingListItemIn, useMergeIntoList } from '@/shared/api';
import { CenteredLoader } from '@/shared/ui';
import { type IngredientPick, IngredientSearch, isCustomPick } from '@/shared/ui/ingredient-search';
import { useIsSavingList, useShoppingList, useUpdateShoppingList } from '../api/shoppingLists';
import { EditorItemRow } from '../components/ItemRow';
import { isCustomItem, stepOf } from '../lib/items';
import { TEXTS } from '../lib/messages';
import { ListNotLoaded } from '../components/ListNotLoaded';

/** The item a pick adds to: the same catalogue ingredient, or a custom item of the same name. */
export function existingItem(list: ShoppingList, pick: IngredientPick) {
  if (isCustomPick(pick)) {
    const name = pick.name.trim().toLowerCase();
    return list.ingredients.find((item) => isCustomItem(item) && item.name.trim().toLowerCase() === name);
  }
  return list.ingredients.find((item) => item.value === String(pick.value));
}

/** What a pick sends: a new item (quantity 1 by the server), or a step up of the present one. */
export function itemForPick(list: ShoppingList, pick: IngredientPick): ShoppingListItemIn {
  const present = existingItem(list, pick);
  if (present) return { value: present.value, change: stepOf(present) };
  return isCustomPick(pick) ? { name: pick.name.trim() } : { value: pick.value };
}

/**
 * /user-shopping-lists/edit/{id}: add items by search (custom ones when nothing matches), step
 * quantities, remove items. Every change is sent at once, with a spinner while it is saving.
 */
export function ListEditRoute() {
  const id = Number(useParams().id);
  const location = useLocation();
  const created = Boolean((location.state as { created?: boolean } | null)?.created);
  const { data: list, isPending, error } = useShoppingList(id);
  const update = useUpdateShoppingList(id);
  const merge = useMergeIntoList(id);
  const saving = useIsSavingList(id);
  useEffect(() => {
    if (error) console.error('Loading the shopping list failed', error);
  }, [error]);

  if (isPending) return <CenteredLoader label="Loading the list" />;
  if (!list) return <ListNotLoaded />;

  const editable = canEditList(list);
  // A failed change is logged only (spec part 2 §8); the list is fetched again, so the screen shows
  // what the server has.
  const send = (payload: Parameters<typeof update.mutate>[0]) =>
    update.mutate(payload, { onError: (failure) => console.error('Saving the shopping list failed', failure) });
  // '1 kg flour': the amount joins what the list holds by the merge rule (225 g + 1 kg = 1.225 kg).
  const add = (pick: IngredientPick) => {
    if (!pick.amount) return send({ ingredients: [itemForPick(list, pick)] });
    const item = isCustomPick(pick) ? { name: pick.name.trim() } : { value: pick.value };
    const amount = { quantity: pick.amount.quantity, ...(pick.amount.unit ? { unit: pick.amount.unit } : {}) };
    merge.mutate(
      { listId: id, payload: { ingredients: [{ ...item, ...amount }] } },
      { onError: (failure) => console.error('Saving the shopping list failed', failure) },
    );
  };

  return (
    <Container size="sm" px="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {created ? TEXTS.createTitle : list.name}
          </Title>
          {created && (
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {list.name}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {saving && <Loader size="sm" aria-label="saving" />}
          <Button component={Link} to={`/user-shopping-lists/${id}?view=readonly`} variant="light">
            done
          </Button>
        </Group>
      </Group>
      {!editable ? (
        <Text c="dimmed">You can view this list but not change it.</Text>
      ) : (
        <Stack gap="sm">
          <IngredientSearch label="add items" withAmount onPick={add} />
          <Divider />
          {list.ingredients.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              Nothing on this list yet: search above to add items.
            </Text>
          ) : (
            <Stack component="ul" gap={0} aria-label="items" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.ingredients.map((item) => (
                <li key={item.value}>
                  <EditorItemRow
                    item={item}
                    onStep={(change) => send({ ingredients: [{ value: item.value, change }] })}
                    onAmount={(change) => send({ ingredients: [{ value: item.value, ...change }] })}
                    onRemove={() => send({ ingredients_to_remove: [item.value] })}
                  />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Container>
  );
}
