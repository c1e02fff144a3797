import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '@/shared/api';
import { toFormErrors } from '@/shared/lib/formErrors';
import { FormAlert } from '@/shared/ui';
import { IconSend } from '@/shared/ui/icons';
import { useSendContactMutation } from '../api/messages';
import { SentAlert } from './SentAlert';

/** The client only checks that all three are filled (spec part 2 §5); the server checks the rest. */
/** The longest name and e-mail address the server takes. */
const NAME_MAX = 200;
const EMAIL_MAX = 254;

const contactSchema = z.object({
  name: z.string().trim().min(1, { error: 'Please fill in your name.' }),
  email: z.string().trim().min(1, { error: 'Please fill in your email.' }),
  message: z.string().trim().min(1, { error: 'Please write a message.' }),
});

type ContactValues = z.infer<typeof contactSchema>;
const FIELDS = ['name', 'email', 'message'] as const;

export interface ContactFormProps {
  /** Prefilled name and e-mail (the signed-in user's on /contact-beta). */
  initial?: { name?: string; email?: string };
}

/** Name, email, message and 'Send'; posts to POST /contact and shows the answer. */
export function ContactForm({ initial }: ContactFormProps) {
  const send = useSendContactMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactValues>({
    initialValues: { name: initial?.name ?? '', email: initial?.email ?? '', message: '' },
    validate: zod4Resolver(contactSchema),
  });

  const submit = form.onSubmit((values) => {
    setSent(null);
    setFailure(null);
    send.mutate(
      { name: values.name.trim(), email: values.email.trim(), message: values.message.trim() },
      {
        onSuccess: ({ message }) => {
          setSent(message || 'Message sent.');
          form.setFieldValue('message', '');
          form.resetDirty();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return;
          const fieldErrors = isApiError(error) ? toFormErrors(error.errors, FIELDS) : {};
          if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
          else setFailure(isApiError(error) ? error.message : 'Unknown Error, Contact Administrator.');
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" autoComplete="name" maxLength={NAME_MAX} {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" maxLength={EMAIL_MAX} {...form.getInputProps('email')} />
        <Textarea label="Message" resize="vertical" rows={6} {...form.getInputProps('message')} />
        <FormAlert>{failure}</FormAlert>
        <SentAlert>{sent}</SentAlert>
        <Button type="submit" loading={send.isPending} leftSection={<IconSend size={18} />} style={{ alignSelf: 'flex-start' }}>
          Send
        </Button>
      </Stack>
    </form>
  );
}
