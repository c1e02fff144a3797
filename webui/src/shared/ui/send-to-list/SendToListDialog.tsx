import { Anchor, Button, Checkbox, Group, NativeSelect, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError, useMergeIntoList } from '@/shared/api';
import { CenteredLoader } from '../CenteredLoader';
import { FormAlert } from '../FormAlert';
import { toast } from '../toast';
import { type SendableIngredient, useEditableLists } from './api';
import { Dialog } from '../Dialog';

export const SEND_TO_LIST_TEXTS = {
  title: 'send ingredients to list',
  list: 'shopping list',
  chooseList: 'choose a list',
  ingredients: 'ingredients',
  noIngredients: 'This recipe has no ingredients to send.',
  noLists: 'You have no shopping list to add to yet.',
  create: 'create a shopping list',
  loadFailed: 'Could not load your shopping lists. Please try again later.',
  cancel: 'cancel',
  send: 'send',
  sent: 'Ingredients added to the list',
  failed: 'Could not add the ingredients to the list. Please try again.',
} as const;

export interface SendToListDialogProps {
  /** The recipe's ingredients: each shown by its label and sent as its item. */
  ingredients: SendableIngredient[];
  opened: boolean;
  onClose: () => void;
}

/**
 * 'send ingredients to list': tick the recipe's ingredients (all ticked at first) and pick one of
 * the lists the user may change (own, or shared with edit rights); the ticked ones are merged into
 * it by the lists' merge rule. Without such a list it offers to create one.
 */
export function SendToListDialog({ opened, onClose, ingredients }: SendToListDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={SEND_TO_LIST_TEXTS.title} centered>
      {/* Mounted with each opening: every ingredient ticked, no list chosen. */}
      {opened && <SendToListBody ingredients={ingredients} onClose={onClose} />}
    </Dialog>
  );
}

function failureText(error: unknown): string | null {
  if (!isApiError(error)) return SEND_TO_LIST_TEXTS.failed;
  if (error.status === 401) return null; // signed out: the app goes to the login
  if (error.status === 422 || error.status === 400) return error.firstFieldError() ?? error.message;
  return SEND_TO_LIST_TEXTS.failed;
}

/** A line the list can take: a catalogue ingredient, or a name. */
const sendable = ({ item }: SendableIngredient) =>
  (item.value !== null && item.value !== undefined) || Boolean(item.name?.trim());

function SendToListBody({ ingredients, onClose }: { ingredients: SendableIngredient[]; onClose: () => void }) {
  const lists = useEditableLists();
  const send = useMergeIntoList();
  const [lines] = useState(() => ingredients.filter(sendable));
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set(lines.map((line) => line.key)));
  const [listId, setListId] = useState('');

  if (lists.isPending) return <CenteredLoader label="Loading your shopping lists" />;
  if (lists.isError) return <FormAlert>{SEND_TO_LIST_TEXTS.loadFailed}</FormAlert>;
  if (lists.data.length === 0) {
    return (
      <Stack gap="sm">
        <Text>{SEND_TO_LIST_TEXTS.noLists}</Text>
        <Anchor component={Link} to="/user-shopping-lists/create" onClick={onClose}>
          {SEND_TO_LIST_TEXTS.create}
        </Anchor>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {SEND_TO_LIST_TEXTS.cancel}
          </Button>
        </Group>
      </Stack>
    );
  }

  const list = lists.data.find((item) => String(item.user_shoppinglist_id) === listId);
  const chosen = lines.filter((line) => ticked.has(line.key));
  const toggle = (key: string) =>
    setTicked((all) => {
      const next = new Set(all);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const submit = () => {
    if (!list || chosen.length === 0) return;
    send.mutate(
      { listId: list.user_shoppinglist_id, payload: { ingredients: chosen.map((line) => line.item) } },
      {
        onSuccess: () => {
          toast(SEND_TO_LIST_TEXTS.sent, 'success');
          onClose();
        },
        onError: (error) => {
          const text = failureText(error);
          if (text) toast(text, 'error');
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {lines.length === 0 ? (
        <Text c="dimmed">{SEND_TO_LIST_TEXTS.noIngredients}</Text>
      ) : (
        <ScrollArea.Autosize mah="45vh" type="auto">
          <Stack
            component="ul"
            gap={6}
            aria-label={SEND_TO_LIST_TEXTS.ingredients}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {lines.map((line) => (
              <li key={line.key}>
                <Checkbox
                  label={line.label}
                  checked={ticked.has(line.key)}
                  onChange={() => toggle(line.key)}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <NativeSelect
        label={SEND_TO_LIST_TEXTS.list}
        value={listId}
        onChange={(event) => setListId(event.currentTarget.value)}
        data={[
          { value: '', label: SEND_TO_LIST_TEXTS.chooseList },
          ...lists.data.map((item) => ({ value: String(item.user_shoppinglist_id), label: item.name })),
        ]}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {SEND_TO_LIST_TEXTS.cancel}
        </Button>
        <Button onClick={submit} disabled={!list || chosen.length === 0 || send.isPending} loading={send.isPending}>
          {SEND_TO_LIST_TEXTS.send}
        </Button>
      </Group>
    </Stack>
  );
}
