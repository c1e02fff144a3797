import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '@/shared/api';
import { toFormErrors } from '@/shared/lib/formErrors';
import { Dialog, FormAlert, toast } from '@/shared/ui';
import { type AdminPublishRequest, REASON_MAX, useRejectPublishRequestMutation } from '../api/publishRequests';

export const REASON_REQUIRED_TEXT = 'A reason is required.';
export const REJECTED_TOAST = 'Request rejected';

const rejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: REASON_REQUIRED_TEXT })
    .max(REASON_MAX, { error: `At most ${REASON_MAX} characters.` }),
});

type RejectValues = z.infer<typeof rejectSchema>;

export interface RejectDialogProps {
  /** The request to reject; null keeps the dialog closed. */
  request: AdminPublishRequest | null;
  onClose: () => void;
}

/** Asks for the reason (1..500 characters, shown to the author) and rejects the request. */
export function RejectDialog({ request, onClose }: RejectDialogProps) {
  return (
    <Dialog
      opened={request !== null}
      onClose={onClose}
      title={request ? `Reject ${request.recipe.name}` : 'Reject'}
      size="lg"
      centered
    >
      {request && <RejectForm request={request} onDone={onClose} />}
    </Dialog>
  );
}

function RejectForm({ request, onDone }: { request: AdminPublishRequest; onDone: () => void }) {
  const reject = useRejectPublishRequestMutation();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const form = useForm<RejectValues>({ initialValues: { reason: '' }, validate: zod4Resolver(rejectSchema) });
  const length = form.values.reason.trim().length;

  const submit = form.onSubmit((values) => {
    setServerMessage(null);
    reject.mutate(
      { id: request.id, reason: values.reason.trim() },
      {
        onSuccess: () => {
          toast(REJECTED_TOAST, 'success');
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return;
          const fieldErrors = isApiError(error) ? toFormErrors(error.errors, ['reason']) : {};
          if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
          else setServerMessage(isApiError(error) ? error.message : 'Unknown Error, Contact Administrator.');
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {request.author.name} sees this reason next to the recipe.
        </Text>
        <Textarea
          label="Reason"
          withAsterisk
          rows={4}
          resize="vertical"
          data-autofocus
          description={`${length}/${REASON_MAX}`}
          {...form.getInputProps('reason')}
        />
        <FormAlert>{serverMessage}</FormAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={reject.isPending}>
            Reject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
