import { Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api';
import { useSession } from '@/shared/session';
import { CenteredLoader, confirmDialog, FormAlert, toast } from '@/shared/ui';
import {
  type AdminPublishRequest,
  type PublishRequestFilter,
  useAdminPublishRequests,
  useApprovePublishRequestMutation,
} from '../api/publishRequests';
import { NotAllowed } from '../components/NotAllowed';
import { PublishRequestCard } from '../components/PublishRequestCard';
import { RejectDialog } from '../components/RejectDialog';

export const EMPTY_PENDING_TEXT = 'No requests waiting.';
export const EMPTY_ALL_TEXT = 'No publish requests yet.';
export const APPROVED_TOAST = 'Recipe approved and published';
export const APPROVE_CONFIRM_TEXT = 'The recipe is published to the catalogue for every user of this instance.';

const FILTERS = [
  { value: 'pending', label: 'Pending' },
  { value: 'all', label: 'All' },
];

/** /admin/publish-requests: the administrator approves or rejects the recipes users ask to publish. */
export function AdminPublishRequestsRoute() {
  const { user } = useSession();
  if (user?.role !== 'admin') return <NotAllowed />;
  return <PublishRequestsAdmin />;
}

function PublishRequestsAdmin() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status: PublishRequestFilter = searchParams.get('status') === 'all' ? 'all' : 'pending';
  const { data, isPending, error } = useAdminPublishRequests(status);
  const approve = useApprovePublishRequestMutation();
  const [rejecting, setRejecting] = useState<AdminPublishRequest | null>(null);
  const [failure, setFailure] = useState<{ id: number; message: string } | null>(null);

  const selectStatus = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'all') next.set('status', 'all');
    else next.delete('status');
    setSearchParams(next, { replace: true });
  };

  const doApprove = async (request: AdminPublishRequest) => {
    setFailure(null);
    const confirmed = await confirmDialog({
      title: `Approve ${request.recipe.name}?`,
      description: APPROVE_CONFIRM_TEXT,
    });
    if (!confirmed) return;
    approve.mutate(request.id, {
      onSuccess: () => toast(APPROVED_TOAST, 'success'),
      onError: (failed) => {
        if (isApiError(failed) && failed.status === 401) return;
        const message = isApiError(failed) ? failed.message : 'Unknown Error, Contact Administrator.';
        setFailure({ id: request.id, message });
      },
    });
  };

  if (error && isApiError(error) && error.status === 403) return <NotAllowed />;

  return (
    <Container size="md">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2}>Publish requests</Title>
        <SegmentedControl aria-label="Show" data={FILTERS} value={status} onChange={selectStatus} />
      </Group>
      {isPending ? (
        <CenteredLoader />
      ) : error ? (
        <FormAlert>Could not load the publish requests. Please try again later.</FormAlert>
      ) : data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {status === 'pending' ? EMPTY_PENDING_TEXT : EMPTY_ALL_TEXT}
        </Text>
      ) : (
        <Stack gap="md">
          {data.map((request) => (
            <PublishRequestCard
              key={request.id}
              request={request}
              approving={approve.isPending && approve.variables === request.id}
              failure={failure?.id === request.id ? failure.message : null}
              onApprove={() => void doApprove(request)}
              onReject={() => {
                setFailure(null);
                setRejecting(request);
              }}
            />
          ))}
        </Stack>
      )}
      <RejectDialog request={rejecting} onClose={() => setRejecting(null)} />
    </Container>
  );
}
