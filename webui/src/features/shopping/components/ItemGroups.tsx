import { Badge, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import type { ShoppingListItem } from '@/shared/api';
import { isCustomItem, type ItemGroup, itemText } from '../lib/items';

/**
 * The list's items by category. In shop mode every item but a custom one has a tick box; ticked
 * items are struck through.
 */
export function ItemGroups({
  groups,
  shopping,
  checked,
  onToggle,
}: {
  groups: ItemGroup[];
  shopping: boolean;
  checked: ReadonlySet<string>;
  onToggle: (item: ShoppingListItem, on: boolean) => void;
}) {
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <section key={group.name} aria-label={group.name}>
          <Group gap="xs" mb={4}>
            <Title order={4}>{group.name}</Title>
            <Badge variant="light" size="sm" circle>
              {group.items.length}
            </Badge>
          </Group>
          <Stack component="ul" gap={6} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {group.items.map((item) => (
              <li key={item.value}>
                <ItemLine item={item} shopping={shopping} ticked={checked.has(item.value)} onToggle={onToggle} />
              </li>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

function ItemLine({
  item,
  shopping,
  ticked,
  onToggle,
}: {
  item: ShoppingListItem;
  shopping: boolean;
  ticked: boolean;
  onToggle: (item: ShoppingListItem, on: boolean) => void;
}) {
  const text = itemText(item);
  if (shopping && !isCustomItem(item)) {
    return (
      <Checkbox
        size="md"
        label={text}
        checked={ticked}
        onChange={(event) => onToggle(item, event.currentTarget.checked)}
        styles={{ label: { textDecoration: ticked ? 'line-through' : undefined } }}
      />
    );
  }
  return (
    <Group gap={6} wrap="nowrap" mih={24}>
      <Text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{text}</Text>
      {isCustomItem(item) && (
        <Badge
          size="xs"
          variant="outline"
          color="gray"
          style={{ flexShrink: 0 }}
          title={shopping ? 'Custom items cannot be ticked' : undefined}
        >
          custom
        </Badge>
      )}
    </Group>
  );
}
