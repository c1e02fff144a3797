import { NativeSelect, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useCategoryOptions } from '../api/creator';
import { DESCRIPTION_MAX, NAME_MAX, SERVES_MAX, type DraftErrors, type RecipeDraft } from '../lib/draft';
import { ImagePicker } from './ImagePicker';

export type BasicField = 'name' | 'description' | 'serves';

/** Step 1, 'Basic Details': category, name, description, serves and an image. */
export function BasicDetailsStep({
  draft,
  errors,
  shown,
  nameTaken,
  onChange,
  onTouch,
}: {
  draft: RecipeDraft;
  errors: DraftErrors;
  /** Whether a field's error is to be shown (touched, or Next was tried). */
  shown: (field: BasicField) => boolean;
  /** The uniqueness message under the name, if the name is taken. */
  nameTaken: string | null;
  onChange: (patch: Partial<RecipeDraft>) => void;
  onTouch: (field: BasicField) => void;
}) {
  const categories = useCategoryOptions();
  const categoryData = [
    { value: '', label: categories.isPending ? 'loading…' : 'no category' },
    ...(categories.data ?? []).map((option) => ({ value: String(option.value), label: option.name })),
  ];
  // Keep a stored category visible even before (or without) its option.
  if (draft.category_id !== null && !categoryData.some((item) => item.value === String(draft.category_id))) {
    categoryData.push({ value: String(draft.category_id), label: `category ${draft.category_id}` });
  }

  return (
    <Stack gap="md">
      <NativeSelect
        label="Category"
        data={categoryData}
        value={draft.category_id === null ? '' : String(draft.category_id)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ category_id: value ? Number(value) : null });
        }}
        error={categories.isError ? 'Could not load the categories.' : undefined}
      />
      <TextInput
        label="Name"
        required
        maxLength={NAME_MAX}
        value={draft.name}
        onChange={(event) => onChange({ name: event.currentTarget.value })}
        onBlur={() => onTouch('name')}
        error={(shown('name') && errors.name) || nameTaken}
        autoComplete="off"
      />
      <Textarea
        label="Description"
        required
        rows={4}
        resize="vertical"
        maxLength={DESCRIPTION_MAX}
        value={draft.description}
        onChange={(event) => onChange({ description: event.currentTarget.value })}
        onBlur={() => onTouch('description')}
        error={shown('description') && errors.description}
      />
      <NumberInput
        label="Serves"
        min={1}
        max={SERVES_MAX}
        allowDecimal={false}
        allowNegative={false}
        w={160}
        value={draft.serves}
        onChange={(value) => onChange({ serves: value })}
        onBlur={() => onTouch('serves')}
        error={shown('serves') && errors.serves}
      />
      <ImagePicker label="recipe image" value={draft.image} onChange={(image) => onChange({ image })} />
    </Stack>
  );
}
