import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '@/shared/api';
import { toFormErrors } from '@/shared/lib/formErrors';
import { Dialog, FormAlert, toast } from '@/shared/ui';
import { type AdminNewsItem, useCreateNewsMutation, useUpdateNewsMutation } from '../api/news';

export const NEWS_TITLE_MAX = 200;

const newsSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: 'A title is required.' })
    .max(NEWS_TITLE_MAX, { error: `At most ${NEWS_TITLE_MAX} characters.` }),
  HtmlContent: z.string().trim().min(1, { error: 'Some content is required.' }),
});

type NewsValues = z.infer<typeof newsSchema>;

export interface NewsEditorProps {
  /** The item to edit; null writes a new one. */
  item: AdminNewsItem | null;
  opened: boolean;
  onClose: () => void;
}

/** Create or edit a news item (title + HTML content) in a dialog. */
export function NewsEditor({ item, opened, onClose }: NewsEditorProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={item ? 'Edit news item' : 'New news item'} size="lg" centered>
      {opened && <NewsForm item={item} onDone={onClose} />}
    </Dialog>
  );
}

function NewsForm({ item, onDone }: { item: AdminNewsItem | null; onDone: () => void }) {
  const create = useCreateNewsMutation();
  const update = useUpdateNewsMutation();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const form = useForm<NewsValues>({
    initialValues: { title: item?.title ?? '', HtmlContent: item?.HtmlContent ?? '' },
    validate: zod4Resolver(newsSchema),
  });
  const pending = create.isPending || update.isPending;

  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) return;
    const fieldErrors = isApiError(error) ? toFormErrors(error.errors, ['title', 'HtmlContent']) : {};
    if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
    else setServerMessage(isApiError(error) ? error.message : 'Unknown Error, Contact Administrator.');
  };

  const submit = form.onSubmit((values) => {
    setServerMessage(null);
    const payload = { title: values.title.trim(), HtmlContent: values.HtmlContent };
    if (item) {
      update.mutate(
        { id: item.id, ...payload },
        {
          onSuccess: () => {
            toast('News item updated', 'success');
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(payload, {
        onSuccess: () => {
          toast('News item published', 'success');
          onDone();
        },
        onError,
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Title" maxLength={NEWS_TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
        <Textarea
          label="Content (HTML)"
          description="Paragraphs, headings, lists, links and images are kept; scripts and styles are removed."
          resize="vertical"
          rows={10}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('HtmlContent')}
        />
        <FormAlert>{serverMessage}</FormAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {item ? 'Save changes' : 'Publish'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
