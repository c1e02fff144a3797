import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CalendarFeed, type Envelope, queryKeys } from '@/shared/api';

const NO_FEED: Envelope<CalendarFeed> = { data: { url: null, created_at: null } };

/** GET /calendar-feed: the secret address calendar apps subscribe to, or null while the feed is off. */
export function calendarFeedQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.calendarFeed.all,
    queryFn: ({ signal }) => api.get('/calendar-feed', { signal }),
    select: (answer) => answer.data,
  });
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** POST /calendar-feed: a new address (the first, or one replacing the old, which stops working). */
export function useNewCalendarLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar-feed', 'new'],
    mutationFn: () => api.post('/calendar-feed'),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.calendarFeed.all, answer),
  });
}

/** DELETE /calendar-feed: the feed is off and its address answers nothing any more. */
export function useTurnOffCalendarFeedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['calendar-feed', 'off'],
    mutationFn: () => api.delete('/calendar-feed'),
    onSuccess: () => queryClient.setQueryData(queryKeys.calendarFeed.all, NO_FEED),
  });
}
