import { Button, Container, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '@/shared/api';
import { toFormErrors } from '@/shared/lib/formErrors';
import { FormAlert } from '@/shared/ui';
import { IconBug } from '@/shared/ui/icons';
import { useSendBugReportMutation } from '../api/messages';
import { SentAlert } from '../components/SentAlert';

const bugSchema = z.object({
  message: z.string().trim().min(1, { error: 'Please describe the problem.' }),
  page: z.string().trim().max(500, { error: 'At most 500 characters.' }),
});

type BugValues = z.infer<typeof bugSchema>;

/** The bug-report page: a heading (spec part 1 §2.17) and a small form posting to POST /bug-report. */
export function BugReportRoute() {
  const send = useSendBugReportMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BugValues>({
    initialValues: { message: '', page: '' },
    validate: zod4Resolver(bugSchema),
  });

  const submit = form.onSubmit((values) => {
    setSent(null);
    setFailure(null);
    const page = values.page.trim();
    send.mutate(
      { message: values.message.trim(), ...(page ? { page } : {}) },
      {
        onSuccess: ({ message }) => {
          setSent(message || 'Bug report sent.');
          form.reset();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return;
          const fieldErrors = isApiError(error) ? toFormErrors(error.errors, ['message', 'page']) : {};
          if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
          else setFailure(isApiError(error) ? error.message : 'Unknown Error, Contact Administrator.');
        },
      },
    );
  });

  return (
    <Container size="sm">
      <Stack gap="md">
        <Title order={2}>Bug Report</Title>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Textarea
              label="What went wrong?"
              description="What did you do, what did you expect, and what happened instead?"
              resize="vertical"
              rows={6}
              {...form.getInputProps('message')}
            />
            <TextInput
              label="Page (optional)"
              placeholder="/user-recipes"
              maxLength={500}
              {...form.getInputProps('page')}
            />
            <FormAlert>{failure}</FormAlert>
            <SentAlert>{sent}</SentAlert>
            <Button
              type="submit"
              loading={send.isPending}
              leftSection={<IconBug size={18} />}
              style={{ alignSelf: 'flex-start' }}
            >
              Send report
            </Button>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
