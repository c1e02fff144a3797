import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { isApiError } from '@/shared/api';
import { toast } from '@/shared/ui';
import { useUpdateAccountMutation } from '../api/account';
import { UNKNOWN_ERROR, USER_UPDATED } from './messages';

export interface ProfileFieldFormProps {
  /** Server field this form edits. */
  field: 'name' | 'email';
  label: string;
  buttonLabel: string;
  current: { name: string; email: string };
  validate: (value: string, current: string) => string | null;
  /** Asked before saving; resolves false to abort. */
  beforeSave?: () => Promise<boolean>;
  inputType?: string;
  autoComplete?: string;
}

/** One-field account form (username or e-mail): PUT /account/update with both values. */
export function ProfileFieldForm({
  field,
  label,
  buttonLabel,
  current,
  validate,
  beforeSave,
  inputType = 'text',
  autoComplete,
}: ProfileFieldFormProps) {
  const update = useUpdateAccountMutation();
  const currentValue = current[field];
  const form = useForm({
    initialValues: { value: currentValue },
    validate: { value: (value: string) => validate(value.trim(), currentValue) },
  });

  const { setInitialValues, setValues, isDirty } = form;
  useEffect(() => {
    // Follow the stored user after an update (unless the user is typing).
    setInitialValues({ value: currentValue });
    if (!isDirty()) setValues({ value: currentValue });
  }, [currentValue]);

  const submit = form.onSubmit(async ({ value }) => {
    if (beforeSave && !(await beforeSave())) return;
    const payload = { name: current.name, email: current.email, [field]: value.trim() };
    update.mutate(payload, {
      onSuccess: () => {
        toast(USER_UPDATED, 'success');
        form.resetDirty({ value: value.trim() });
      },
      onError: (error) => {
        const message = isApiError(error) ? error.errors[field]?.[0] : undefined;
        if (message) form.setFieldError('value', message);
        else if (isApiError(error) && error.status === 422) form.setFieldError('value', error.message);
        else if (!isApiError(error) || error.status !== 401) toast(UNKNOWN_ERROR, 'error');
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={label}
          type={inputType}
          autoComplete={autoComplete}
          style={{ flex: 1 }}
          {...form.getInputProps('value')}
        />
        <Button type="submit" mt={25} loading={update.isPending}>
          {buttonLabel}
        </Button>
      </Group>
    </form>
  );
}
