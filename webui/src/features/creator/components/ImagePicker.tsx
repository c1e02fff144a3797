import { Button, CloseButton, Group, Image, Input, Loader, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { isApiError } from '@/shared/api';
import { useUploadImageMutation } from '../api/creator';
import { IMAGE_MESSAGES, ImageProcessingError, processImage } from '../lib/image';

export function uploadUrl(name: string): string {
  return `/uploads/${encodeURIComponent(name)}`;
}

/**
 * Picks a picture, runs it through the client pipeline (only images, any size; 16:9 at
 * 1920x1080, JPEG 0.9, lowered until the upload is under 2 MB), uploads it (POST /api/pwa/uploads) and keeps the stored name.
 */
export function ImagePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (name: string | null) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const upload = useUploadImageMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const processed = await processImage(file);
      const name = await upload.mutateAsync(processed);
      onChange(name);
    } catch (problem) {
      if (problem instanceof ImageProcessingError) setError(problem.message);
      else if (isApiError(problem) && problem.status === 401) setError(null);
      else if (isApiError(problem) && problem.status === 422) setError(problem.message);
      else setError(IMAGE_MESSAGES.failed);
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <Input.Wrapper label={label} error={error} errorProps={{ id: errorId, role: 'alert' }}>
      <Stack gap="xs" mt={4}>
        {value && (
          <div style={{ position: 'relative', maxWidth: 360 }}>
            <Image
              src={uploadUrl(value)}
              alt={`${label} preview`}
              radius="md"
              fit="cover"
              style={{ aspectRatio: '16 / 9' }}
            />
            <CloseButton
              aria-label={`remove ${label}`}
              onClick={() => onChange(null)}
              variant="white"
              style={{ position: 'absolute', top: 6, right: 6 }}
            />
          </div>
        )}
        <Group gap="sm">
          <input
            ref={inputRef}
            type="file"
            accept="image/*"
            aria-label={`choose ${label}`}
            aria-describedby={error ? errorId : undefined}
            style={{ display: 'none' }}
            onChange={(event) => void pick(event.currentTarget.files?.[0])}
          />
          <Button variant="light" onClick={() => inputRef.current?.click()} disabled={busy}>
            {value ? 'Replace image' : 'Add image'}
          </Button>
          {busy && (
            <Group gap={6}>
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Processing image…
              </Text>
            </Group>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          JPEG, PNG or WebP; it is cropped to 16:9 and compressed on this device.
        </Text>
      </Stack>
    </Input.Wrapper>
  );
}
